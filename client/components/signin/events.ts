// Sign-in events the spec asks to log (docs/product/2-sign-in-notices-cache-routing.md §8: exceeded
// attempts, captcha failure): raised through the event queue like every client event (docs/events.md).
import { track } from '../../events/event-queue.ts';

export function logSignInEvent(key: 'susi.exceededAttempts' | 'susi.captchaFailure', data: Record<string, unknown> = {}): void {
  track(key, data);
}

/**
 * Google sign-in is hidden in in-app browsers that Google refuses to sign in from
 * (docs/product/2-sign-in-notices-cache-routing.md §4.1).
 */
export function isEmbeddedBrowser(userAgent: string): boolean {
  return /\b(FBAN|FBAV|FB_IAB|Instagram|Line\/|LinkedInApp|Twitter|MicroMessenger|Snapchat|Pinterest)\b/i.test(userAgent);
}
