// Results of the sign-in calls as GraphQL union members
// (docs/product/2-sign-in-notices-cache-routing.md §7, §8): each carries a message the dialog may
// show as it is.
import { lockoutMessage, lockoutMinutes, tooManyAttemptsMessage } from '../../shared/auth/lockout-text.ts';
import type { SignUpErrorCode } from '../../shared/auth/sign-in-rules.ts';

export interface LockoutInfoValue {
  failCount: number | null;
  lockedOutUntil: number | null;
}

export type AuthOutcome =
  | { __typename: 'SusiMethod'; value: string }
  | { __typename: 'Token'; value: string }
  | { __typename: 'BadRequest'; message: string; signUpErrorCode: SignUpErrorCode | null }
  | { __typename: 'FailedChallenge'; message: string }
  | { __typename: 'NotFound'; message: string }
  | { __typename: 'TooManyRequests'; message: string; lockoutInfo: LockoutInfoValue | null }
  | { __typename: 'IpAuthLockout'; message: string; lockoutInfo: LockoutInfoValue }
  | { __typename: 'UserCreationRateLimited'; message: string; lockoutInfo: LockoutInfoValue };

export const authOutcomes = {
  susiMethod: (value: string): AuthOutcome => ({ __typename: 'SusiMethod', value }),
  token: (value: string): AuthOutcome => ({ __typename: 'Token', value }),
  badRequest: (message: string, signUpErrorCode: SignUpErrorCode | null = null): AuthOutcome => ({ __typename: 'BadRequest', message, signUpErrorCode }),
  failedChallenge: (): AuthOutcome => ({ __typename: 'FailedChallenge', message: "We couldn't verify that you're human. Please try again." }),
  notFound: (message: string): AuthOutcome => ({ __typename: 'NotFound', message }),
  /** A limit that lifts when its window ends: "Please try again in N minute(s)" (minutes rounded up). */
  tooManyRequests: (retryAfterMs: number, now: number, failCount: number | null = null): AuthOutcome => ({
    __typename: 'TooManyRequests',
    message: tooManyAttemptsMessage(retryAfterMs),
    lockoutInfo: { failCount, lockedOutUntil: now + retryAfterMs },
  }),
  /** The code's own attempts are used up: only a new code helps. */
  codeAttemptsExhausted: (failCount: number): AuthOutcome => ({
    __typename: 'TooManyRequests',
    message: 'You reached your maximum number of attempts. Please request a new code.',
    lockoutInfo: { failCount, lockedOutUntil: null },
  }),
  /** Too many accounts from this network: the window's end, in minutes as the sign-in texts count them. */
  userCreationRateLimited: (lockedOutUntil: number, now: number): AuthOutcome => ({
    __typename: 'UserCreationRateLimited',
    message: `Too many accounts were created from this network. Please try again in ${lockoutMinutes(lockedOutUntil - now)} minute(s).`,
    lockoutInfo: { failCount: null, lockedOutUntil },
  }),
  ipAuthLockout: (lockedOutUntil: number, now: number): AuthOutcome => ({
    __typename: 'IpAuthLockout',
    message: lockoutMessage('IpAuthLockout', { lockedOutUntil }, now),
    lockoutInfo: { failCount: null, lockedOutUntil },
  }),
};

export const AUTH_OUTCOME_TYPENAMES = ['SusiMethod', 'Token', 'BadRequest', 'FailedChallenge', 'NotFound', 'TooManyRequests', 'IpAuthLockout', 'UserCreationRateLimited'] as const;
