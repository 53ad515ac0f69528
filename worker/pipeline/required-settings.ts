// Production-safe by default (docs/adr/0049-production-values-by-default.md and docs/adr/0050-fail-closed-without-required-settings.md): wrangler.toml's [vars] are
// production's, and outside ENVIRONMENT=development the worker serves nothing until the
// secrets without which it would be unsafe or broken are set. Development has documented
// stand-ins for them (docs/sign-in.md); a deployment never falls back to those silently.
import { isDevelopment, type Env } from '../env.ts';

/**
 * The settings a deployment must have; NEWSLETTER_SECRET signs every newsletter's unsubscribe
 * link (docs/newsletters.md), so a deployment without it would mail links that cannot work.
 * `wrangler secret put NAME` sets each (README "Deploying"). */
export const REQUIRED_SETTINGS = ['AUTH_SECRET', 'ADMIN_PURGE_TOKEN', 'MAIL_API_KEY', 'MAIL_FROM', 'NEWSLETTER_SECRET'] as const satisfies readonly (keyof Env)[];

/** Seconds a client is asked to wait before trying a refused request again. */
export const MISCONFIGURED_RETRY_AFTER_SECONDS = 300;

const NONE: readonly string[] = [];
/** Answers per env object: an isolate's env is the same object on every request. */
const answers = new WeakMap<object, readonly string[]>();

/** The required settings this environment lacks (none in development). */
export function missingRequiredSettings(env: Env): readonly string[] {
  if (isDevelopment(env)) return NONE;
  let missing = answers.get(env);
  if (!missing) answers.set(env, (missing = REQUIRED_SETTINGS.filter((name) => !env[name])));
  return missing;
}

/** Env objects whose misconfiguration has been logged: one line per isolate and configuration, not per request. */
const reported = new WeakSet<object>();

/** Logs the misconfiguration once for this env object. */
export function reportMissingSettings(env: Env, missing: readonly string[]): void {
  if (reported.has(env)) return;
  reported.add(env);
  console.error(
    JSON.stringify({
      event: 'configuration_missing',
      environment: env.ENVIRONMENT,
      missing,
      message: `Refusing to serve: ${missing.join(', ')} not set. Set each with \`wrangler secret put NAME\` (README, "Deploying").`,
    }),
  );
}
