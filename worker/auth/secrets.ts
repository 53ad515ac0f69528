import { isDevelopment, type Env } from '../env.ts';

/**
 * Development's documented stand-in for AUTH_SECRET (README, docs/sign-in.md). Anywhere
 * else a missing AUTH_SECRET is a configuration error: no code can be stored or checked.
 */
export const DEVELOPMENT_AUTH_SECRET = 'vellum-development-auth-secret';

export function authSecret(env: Pick<Env, 'AUTH_SECRET' | 'ENVIRONMENT'>): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (isDevelopment(env)) return DEVELOPMENT_AUTH_SECRET;
  throw new Error('AUTH_SECRET is not configured: set it with `wrangler secret put AUTH_SECRET`.');
}
