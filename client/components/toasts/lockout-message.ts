// Sign-in lockout texts for the ACCOUNT_LOCKOUT toast (docs/product/2-sign-in-notices-cache-routing.md
// §4.4, §8): the same builder the worker's results use (shared/auth/lockout-text.ts), so the
// toast and the server say the same thing, in the spec's words ("N minute(s)", "N day(s)").
import { lockoutMessage as sharedLockoutMessage } from '../../../shared/auth/lockout-text.ts';

export { PASSWORD_ATTEMPTS } from '../../../shared/auth/lockout-text.ts';

export function lockoutMessage(
  params: { errorType?: string | undefined; failCount?: number | undefined; lockedOutUntil?: number | undefined },
  now: number,
): string {
  return sharedLockoutMessage(params.errorType ?? '', { failCount: params.failCount ?? null, lockedOutUntil: params.lockedOutUntil ?? null }, now);
}
