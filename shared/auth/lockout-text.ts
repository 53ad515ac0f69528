// Sign-in error texts of docs/product/2-sign-in-notices-cache-routing.md §8, built from the error
// type, the fail count and the end of the lockout. Used by the worker's TooManyRequests /
// IpAuthLockout results and by the ACCOUNT_LOCKOUT toast
// (docs/product/2-sign-in-notices-cache-routing.md §4.4).

import { GENERIC_FAILURE_MESSAGE } from './sign-in-rules.ts';

/**
 * Password attempts before the soft lockout (docs/product/2-sign-in-notices-cache-routing.md §4.3,
 * §9).
 */
export const PASSWORD_ATTEMPTS = 6;
/**
 * Soft lockout after failed attempts (docs/product/2-sign-in-notices-cache-routing.md §4.3, §9).
 */
export const SOFT_LOCKOUT_MS = 60 * 1000;

export type LockoutErrorType =
  | 'InvalidPassword'
  | 'PasswordSoftLockout'
  | 'PasswordPermanentLockout'
  | 'InvalidTwoFactorAuthCode'
  | 'TwoFactorAuthSoftLockout'
  | 'TwoFactorAuthPermanentLockout'
  | 'IpAuthLockout';

export interface LockoutInfo {
  /** Failed attempts so far. */
  failCount?: number | null;
  /** End of the lockout (ms since the epoch). */
  lockedOutUntil?: number | null;
}

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/**
 * Minutes of a soft lockout: computed from milliseconds, rounded up
 * (docs/product/2-sign-in-notices-cache-routing.md §4.3); at least 1.
 */
export function lockoutMinutes(remainingMs: number): number {
  return Math.max(1, Math.ceil(remainingMs / MINUTE));
}

/** Days of a network lockout, rounded up; at least 1. */
export function lockoutDays(remainingMs: number): number {
  return Math.max(1, Math.ceil(remainingMs / DAY));
}

/**
 * A rate limit's text (TooManyRequests on sending the sign-in mail or verifying its code,
 * docs/product/2-sign-in-notices-cache-routing.md §8 "show the message"): the spec gives no
 * words, so it counts minutes the way its lockout texts do: "N minute(s)", rounded up.
 */
export function tooManyAttemptsMessage(retryAfterMs: number): string {
  return `Too many attempts. Please try again in ${lockoutMinutes(retryAfterMs)} minute(s).`;
}

/** The spec's text for a sign-in error; 'Please try again.' for anything else. */
export function lockoutMessage(type: string, info: LockoutInfo = {}, now: number = Date.now()): string {
  const remaining = Math.max(0, (info.lockedOutUntil ?? now) - now);
  const attemptsLeft = Math.max(0, PASSWORD_ATTEMPTS - (info.failCount ?? 0));
  switch (type) {
    case 'InvalidPassword':
      return `That password was incorrect. You have ${attemptsLeft} more attempts before your account is locked for 1 minute.`;
    case 'PasswordSoftLockout':
      return `Due to too many password attempts, your account is locked for ${lockoutMinutes(remaining)} minute(s).`;
    case 'PasswordPermanentLockout':
      return 'Due to security reasons, you can no longer sign in with password. Recover your password by requesting a magic link below.';
    case 'InvalidTwoFactorAuthCode':
      return `That verification code was incorrect. You have ${attemptsLeft} more attempts before your account is locked for 1 minute.`;
    case 'TwoFactorAuthSoftLockout':
      return `You reached your maximum number of attempts. Your account will be locked for ${lockoutMinutes(remaining)} minute(s).`;
    case 'TwoFactorAuthPermanentLockout':
      return 'Your account has been locked, because you have attempted to enter a verification code too many times.';
    case 'IpAuthLockout':
      return `For security reasons, you cannot sign in from this network for ${lockoutDays(remaining)} day(s).`;
    default:
      return GENERIC_FAILURE_MESSAGE;
  }
}
