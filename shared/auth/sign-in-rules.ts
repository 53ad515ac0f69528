// Rules and words of sign-in that the dialog and the worker share
// (docs/product/2-sign-in-notices-cache-routing.md §5, §9;
// docs/product/3-routes-data-calls-constants.md §5, §8).

/** Login code length (docs/product/2-sign-in-notices-cache-routing.md §9). */
export const LOGIN_CODE_LENGTH = 6;

/**
 * Lifetime of one sign-in email request, code and link alike (Medium's links are valid
 * 15 minutes, single use; see docs/sign-in.md).
 */
export const LOGIN_TOKEN_LIFETIME_MS = 15 * 60 * 1000;

/** Wrong codes one request survives; the next one kills it (code and link). */
export const MAX_WRONG_LOGIN_CODES = 5;

/**
 * docs/product/3-routes-data-calls-constants.md §5: local part, @, domain, dot, at least 2 letters,
 * case-insensitive.
 */
export const EMAIL_PATTERN = /^[A-Z0-9._%+'-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}$/i;

/** docs/product/2-sign-in-notices-cache-routing.md §5: exactly 6 digits. */
export const LOGIN_CODE_PATTERN = /^\d{6}$/;

/**
 * docs/product/2-sign-in-notices-cache-routing.md §2.2 / §5: a phone number is exactly 10 digits.
 */
export const PHONE_PATTERN = /^\d{10}$/;

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';
export const INVALID_LOGIN_CODE_MESSAGE = 'Login code must be 6 digits.';
export const GENERIC_FAILURE_MESSAGE = 'Please try again.';

/**
 * Email entry is trimmed (docs/product/2-sign-in-notices-cache-routing.md §5); stored and compared
 * lowercased.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= 254 && EMAIL_PATTERN.test(trimmed);
}

export type AuthOperation = 'login' | 'register';

// ---- Sign-up (docs/product/3-routes-data-calls-constants.md §8 sign-up error codes) -----------------------------------------------

export const SIGN_UP_ERROR_CODES = [
  'EMAIL_TAKEN',
  'NON_MEMBER',
  'PASSWORD_TOO_LONG',
  'PASSWORD_TOO_SHORT',
  'UNKNOWN',
  'USERNAME_INVALID',
  'USERNAME_TAKEN',
  'USERNAME_TOO_LONG',
] as const;
export type SignUpErrorCode = (typeof SIGN_UP_ERROR_CODES)[number];

/** Longest username; longer ones are USERNAME_TOO_LONG. */
export const USERNAME_MAX_LENGTH = 30;
/** Letters, digits and underscores (usernames are also subdomains and /@ paths). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
/** Longest display name. */
export const NAME_MAX_LENGTH = 50;

/** Names kept for the product's own use (subdomains, paths). */
const RESERVED_USERNAMES = new Set(['admin', 'api', 'help', 'me', 'mail', 'root', 'staff', 'support', 'www', 'vellum']);

export const SIGN_UP_MESSAGES: Record<SignUpErrorCode, string> = {
  EMAIL_TAKEN: 'An account with this email already exists.',
  NON_MEMBER: 'This is only available to members.',
  PASSWORD_TOO_LONG: 'That password is too long.',
  PASSWORD_TOO_SHORT: 'That password is too short.',
  UNKNOWN: GENERIC_FAILURE_MESSAGE,
  USERNAME_INVALID: 'Usernames can only contain letters, numbers and underscores.',
  USERNAME_TAKEN: 'That username is already taken.',
  USERNAME_TOO_LONG: `Usernames can be at most ${USERNAME_MAX_LENGTH} characters.`,
};

/** The sign-up error of a username, or null when it may be used (taken is checked by the server). */
export function usernameProblem(username: string): SignUpErrorCode | null {
  if (username.length > USERNAME_MAX_LENGTH) return 'USERNAME_TOO_LONG';
  if (!USERNAME_PATTERN.test(username)) return 'USERNAME_INVALID';
  if (RESERVED_USERNAMES.has(username.toLowerCase())) return 'USERNAME_TAKEN';
  return null;
}

/** A username suggestion from a name or an email's local part: lowercase letters, digits, underscores. */
export function suggestUsername(source: string): string {
  const base = source
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/@.*$/, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, USERNAME_MAX_LENGTH);
  return base;
}

/** Prefix of the ids handed to logged-out visitors (docs/product/2-sign-in-notices-cache-routing.md §5). */
export const LOGGED_OUT_ID_PREFIX = 'lo_';

/**
 * docs/product/2-sign-in-notices-cache-routing.md §5: an id is a valid non-logged-out id when it
 * is non-empty and does not start with lo_. Only such an id names a signed-in person.
 */
export function isValidNonLoggedOutId(id: string | null | undefined): id is string {
  return typeof id === 'string' && id !== '' && !id.startsWith(LOGGED_OUT_ID_PREFIX);
}
