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

/** HMAC-SHA-256 of `message` under `secret`, hex. */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message));
  return [...new Uint8Array(signature)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Compares two strings in time that depends on their length only. */
export function constantTimeEqual(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length);
  let diff = a.length ^ b.length;
  for (let i = 0; i < length; i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}
