// Sign-in lockout texts (docs/product/2-sign-in-notices-cache-routing.md §4.3, §8): the
// ACCOUNT_LOCKOUT toast builds its text from the error type, the fail count and lockedOutUntil. The
// counts are computed: attempts left = 6 − fail count; minutes and days from milliseconds, rounded
// up.

/** docs/product/2-sign-in-notices-cache-routing.md §9: password attempts counter. */
export const PASSWORD_ATTEMPTS = 6;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** Whole units left until `until`, rounded up, at least 1. */
function unitsLeft(until: number | undefined, now: number, unitMs: number): number {
  return Math.max(1, Math.ceil(((until ?? now) - now) / unitMs));
}

export function lockoutMessage(
  params: { errorType?: string | undefined; failCount?: number | undefined; lockedOutUntil?: number | undefined },
  now: number,
): string {
  const attemptsLeft = Math.max(0, PASSWORD_ATTEMPTS - (params.failCount ?? 0));
  switch (params.errorType) {
    case 'InvalidPassword':
      return `That password was incorrect. You have ${attemptsLeft} more attempts before your account is locked for 1 minute.`;
    case 'PasswordSoftLockout':
      return `Due to too many password attempts, your account is locked for ${plural(unitsLeft(params.lockedOutUntil, now, MINUTE_MS), 'minute')}.`;
    case 'PasswordPermanentLockout':
      return 'Due to security reasons, you can no longer sign in with password. Recover your password by requesting a magic link below.';
    case 'InvalidTwoFactorAuthCode':
      return `That verification code was incorrect. You have ${attemptsLeft} more attempts before your account is locked for 1 minute.`;
    case 'TwoFactorAuthSoftLockout':
      return `You reached your maximum number of attempts. Your account will be locked for ${plural(unitsLeft(params.lockedOutUntil, now, MINUTE_MS), 'minute')}.`;
    case 'TwoFactorAuthPermanentLockout':
      return 'Your account has been locked, because you have attempted to enter a verification code too many times.';
    case 'IpAuthLockout':
      return `For security reasons, you cannot sign in from this network for ${plural(unitsLeft(params.lockedOutUntil, now, DAY_MS), 'day')}.`;
    default:
      return 'Please try again.';
  }
}
