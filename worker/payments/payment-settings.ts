// The payment settings of a deployment (docs/product/3-routes-data-calls-constants.md §9
// "Configuration"; docs/adr/0108-startup-configuration.md): the processor's plan ids and
// discount ids, and the 3-D Secure and wallet versions, read from the worker's variables and
// given to the payment adapter (select-provider.ts) and to every page (PreloadedState.config.startup).
// Unset or unreadable values fall back to defaults: a plan id is its own name, 3-D Secure 2, wallet 3.
import type { Env } from '../env.ts';
import {
  DEFAULT_THREE_D_SECURE_VERSION,
  DEFAULT_WALLET_VERSION,
  DISCOUNT_ID_NAMES,
  PLAN_ID_NAMES,
  type DiscountIds,
  type PaymentSettings,
  type PlanIds,
} from '../../shared/startup-config.ts';

export type PaymentSettingsEnv = Pick<Env, 'PAYMENT_PLAN_IDS' | 'PAYMENT_DISCOUNT_IDS' | 'THREE_D_SECURE_VERSION' | 'WALLET_VERSION'>;

/** `{ name: id }` from a JSON object variable: each name given a short id, else the name itself. */
function idsFrom<Name extends string>(names: readonly Name[], json: string | undefined): Record<Name, string> {
  let given: Record<string, unknown> = {};
  try {
    const parsed = json ? (JSON.parse(json) as unknown) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) given = parsed as Record<string, unknown>;
  } catch {
    // unreadable: the defaults (what a deployment sees on its pages and in its logs)
  }
  return Object.fromEntries(names.map((name) => [name, typeof given[name] === 'string' && /^[\w.-]{1,100}$/.test(given[name] as string) ? (given[name] as string) : name])) as Record<Name, string>;
}

function version(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const cache = new WeakMap<object, PaymentSettings>();

export function paymentSettings(env: PaymentSettingsEnv): PaymentSettings {
  let settings = cache.get(env);
  if (!settings) {
    settings = {
      planIds: idsFrom<keyof PlanIds>(PLAN_ID_NAMES, env.PAYMENT_PLAN_IDS),
      discountIds: idsFrom<keyof DiscountIds>(DISCOUNT_ID_NAMES, env.PAYMENT_DISCOUNT_IDS),
      threeDSecureVersion: version(env.THREE_D_SECURE_VERSION, DEFAULT_THREE_D_SECURE_VERSION),
      walletVersion: version(env.WALLET_VERSION, DEFAULT_WALLET_VERSION),
    };
    cache.set(env, settings);
  }
  return settings;
}
