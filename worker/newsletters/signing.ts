// The signature that lets a newsletter's recipient manage their subscriptions without signing
// in: /me/email-settings/{userId}/{hash}, the unsubscribe link of every newsletter email and its
// one-click List-Unsubscribe address (docs/newsletters.md "Signed links").
//
// hash = HMAC-SHA-256(NEWSLETTER_SECRET, "newsletter-email-settings:" + userId), hex. It names
// only the user, so one link manages all of that user's newsletter subscriptions — and nothing
// else (no sign-in, no other settings). A changed userId or hash is refused.
import { timingSafeEqual } from 'hono/utils/buffer';
import { isDevelopment, type Env } from '../env.ts';
import { hmacSha256Hex } from '../lib/crypto.ts';

/** Development's documented stand-in for NEWSLETTER_SECRET (docs/newsletters.md); never used elsewhere. */
export const DEVELOPMENT_NEWSLETTER_SECRET = 'vellum-development-newsletter-secret';

export function newsletterSecret(env: Pick<Env, 'NEWSLETTER_SECRET' | 'ENVIRONMENT'>): string {
  if (env.NEWSLETTER_SECRET) return env.NEWSLETTER_SECRET;
  if (isDevelopment(env)) return DEVELOPMENT_NEWSLETTER_SECRET;
  throw new Error('NEWSLETTER_SECRET is not configured: set it with `wrangler secret put NEWSLETTER_SECRET`.');
}

export function emailSettingsHash(env: Pick<Env, 'NEWSLETTER_SECRET' | 'ENVIRONMENT'>, userId: string): Promise<string> {
  return hmacSha256Hex(newsletterSecret(env), `newsletter-email-settings:${userId}`);
}

/** Whether `hash` is the signature of `userId` (compared in constant time). */
export async function isValidEmailSettingsHash(env: Pick<Env, 'NEWSLETTER_SECRET' | 'ENVIRONMENT'>, userId: string, hash: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(hash) || userId.length > 64) return false;
  return timingSafeEqual(hash, await emailSettingsHash(env, userId));
}
