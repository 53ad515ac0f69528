// The start-up configuration (shared/startup-config.ts, worker/payments/payment-settings.ts,
// worker/pages/startup-config.ts; docs/product/3-routes-data-calls-constants.md §8 "Log config",
// §9 "Configuration"; docs/adr/0108-startup-configuration.md).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { betaProductOf, loggingConfig, logLevelOf, SHIMMER_DURATION_MS } from '../../../shared/startup-config.ts';
import { LOAD_EVENT_DELAY_MS, VIEW_THRESHOLD } from '../../../shared/events/client-events.ts';
import { paymentSettings } from '../../../worker/payments/payment-settings.ts';
import { startupConfig } from '../../../worker/pages/startup-config.ts';
import { LocalProvider } from '../../../worker/payments/local-provider.ts';
import type { Env } from '../../../worker/env.ts';

afterEach(() => vi.restoreAllMocks());

describe('logging', () => {
  it('needs a client token and a data centre, with the spec’s messages', () => {
    expect(loggingConfig({ clientToken: 'pub123', datacenter: 'EU' })).toEqual({ clientToken: 'pub123', datacenter: 'eu' });
    expect(() => loggingConfig({ datacenter: 'us' })).toThrow('Expected a config with a clientToken');
    expect(() => loggingConfig({ clientToken: 'pub123' })).toThrow('Expected a config with a datacenter');
    expect(() => loggingConfig({ clientToken: 'pub123', datacenter: 'ap' })).toThrow('Expected a config with a datacenter');
  });

  it('reads the log level by its §9 name, info otherwise', () => {
    expect(logLevelOf('debug')).toBe('debug');
    expect(logLevelOf('silent')).toBe('silent');
    expect(logLevelOf('loud')).toBe('info');
    expect(logLevelOf(undefined)).toBe('info');
  });
});

describe('payment settings', () => {
  it('default to 3-D Secure 2, wallet 3 and plan ids named after themselves', () => {
    expect(paymentSettings({})).toEqual({
      planIds: { monthly: 'monthly', monthlyWithTrial: 'monthlyWithTrial', yearly: 'yearly', yearlyStaff: 'yearlyStaff', yearlyWithTrial: 'yearlyWithTrial' },
      discountIds: { oneMonthFree: 'oneMonthFree', threeMonthsFree: 'threeMonthsFree', sixMonthsFree: 'sixMonthsFree' },
      threeDSecureVersion: 2,
      walletVersion: 3,
    });
  });

  it('read the deployment’s ids and versions, ignoring malformed values', () => {
    const settings = paymentSettings({
      PAYMENT_PLAN_IDS: JSON.stringify({ monthly: 'price_M1', yearly: 'price_Y1', yearlyStaff: 'bad id!' }),
      PAYMENT_DISCOUNT_IDS: JSON.stringify({ threeMonthsFree: 'coupon_3M' }),
      THREE_D_SECURE_VERSION: '1',
      WALLET_VERSION: 'three',
    });
    expect(settings.planIds).toMatchObject({ monthly: 'price_M1', yearly: 'price_Y1', yearlyStaff: 'yearlyStaff' });
    expect(settings.discountIds.threeMonthsFree).toBe('coupon_3M');
    expect(settings.threeDSecureVersion).toBe(1);
    expect(settings.walletVersion).toBe(3);
    expect(paymentSettings({ PAYMENT_PLAN_IDS: '{not json' }).planIds.monthly).toBe('monthly');
  });

  it('are what the payment adapter is given', () => {
    const settings = paymentSettings({ PAYMENT_PLAN_IDS: JSON.stringify({ monthly: 'price_M2' }) });
    const provider = new LocalProvider({} as never, { origin: 'http://localhost', webhookSecret: 'w', webhookPath: '/p', deliver: async () => new Response(), settings });
    expect(provider.settings.planIds.monthly).toBe('price_M2');
    expect(provider.settings.threeDSecureVersion).toBe(2);
  });
});

describe('the start-up configuration of a page', () => {
  const env = (more: Partial<Env>) =>
    ({ FLAGS: '', ENVIRONMENT: 'development', MAIN_HOST: 'localhost:8787', AUTH_DOMAIN: 'localhost:8787', PRODUCT_NAME: 'Vellum', STATUS_SITE_URL: '', ...more }) as Env;

  it('carries staff picks, tier-one domains, the experiment id, the level and the beta product', () => {
    const config = startupConfig(env({ STAFF_PICKS: '1a2b, 3C4D ,not-an-id', TIER_ONE_DOMAINS: 'nytimes.com, Example.org', HOMEPAGE_EXPERIMENT_ID: 'hp-2026-11', LOG_LEVEL: 'warn', LOG_CLIENT_TOKEN: 'pub1', LOG_DATACENTER: 'us', PRODUCT_NAME: 'Hatch' }));
    expect(config).toMatchObject({
      authDomain: 'localhost:8787',
      staffPicks: ['1a2b', '3c4d'],
      tierOneDomains: ['nytimes.com', 'example.org'],
      homepageExperimentId: 'hp-2026-11',
      logLevel: 'warn',
      logging: { clientToken: 'pub1', datacenter: 'us' },
      betaProduct: 'Hatch',
      payments: { threeDSecureVersion: 2, walletVersion: 3 },
    });
    expect(config.version).toMatch(/\S/);
    expect(betaProductOf('Develop')).toBe('Develop');
    expect(betaProductOf('Vellum')).toBeNull();
  });

  it('leaves logging off with only one of token and data centre, logging the spec’s message', () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    expect(startupConfig(env({ LOG_CLIENT_TOKEN: 'pub1' })).logging).toBeNull();
    expect(startupConfig(env({ LOG_DATACENTER: 'eu' })).logging).toBeNull();
    expect(startupConfig(env({})).logging).toBeNull();
    expect(errors.map((line) => JSON.parse(line).message)).toEqual(['Expected a config with a datacenter', 'Expected a config with a clientToken']);
  });
});

describe('timings', () => {
  it('use the spec’s 500 ms load-event delay, 0.25 view threshold and a 1.2 s skeleton shimmer', () => {
    expect(LOAD_EVENT_DELAY_MS).toBe(500);
    expect(VIEW_THRESHOLD).toBe(0.25);
    const css = readFileSync('client/styles/app.css', 'utf8');
    expect(/animation:\s*skeleton-shimmer\s+([\d.]+)s/.exec(css)?.[1]).toBe(String(SHIMMER_DURATION_MS / 1000));
  });
});
