// Mastodon for members: the words the /mastodon page shows for each outcome
// (docs/adr/0180-mastodon-for-members.md). The spec names the error kinds
// (docs/product/2-sign-in-notices-cache-routing.md: MastodonInstanceConnectionError,
// MastodonAccountConnectionError, MastodonAccountValidationError with problems); the callback
// comes back to /mastodon with a code (`mastodonError`), never with text, and the page reads the
// words here.

/** How /m/callback/mastodon ended when it did not connect an account. */
export type MastodonCallbackError = 'EXPIRED_STATE' | 'DENIED' | 'ACCOUNT_CONNECTION' | 'ACCOUNT_TAKEN';

export const MASTODON_CALLBACK_ERRORS: Record<MastodonCallbackError, string> = {
  EXPIRED_STATE: 'That connection request has expired or was already used. Start again.',
  DENIED: 'You didn’t allow the connection on your instance, so nothing was connected.',
  ACCOUNT_CONNECTION: 'We couldn’t connect your Mastodon account. Try again in a moment.',
  ACCOUNT_TAKEN: 'That Mastodon account is already connected to another account here.',
};

export function isMastodonCallbackError(value: string | null): value is MastodonCallbackError {
  return value !== null && Object.hasOwn(MASTODON_CALLBACK_ERRORS, value);
}

/** MastodonInstanceConnectionError's message. */
export function instanceConnectionText(domain: string | null): string {
  return domain ? `We couldn’t reach the Mastodon instance at ${domain}. Check its address and try again.` : 'Enter the address of your Mastodon instance, like mastodon.social.';
}

/** The claim form's words for each of Mastodon's validation codes (POST /api/v1/accounts → 422 details). */
export function validationProblemText(field: string, code: string, description: string): string {
  if (field === 'username') {
    if (code === 'ERR_TAKEN') return 'That username is already taken on the instance. Try another.';
    if (code === 'ERR_RESERVED') return 'That username is reserved. Try another.';
    if (code === 'ERR_INVALID') return 'Usernames can use only letters, numbers and underscores.';
    if (code === 'ERR_TOO_LONG') return 'Usernames can be at most 30 characters.';
    if (code === 'ERR_BLANK') return 'Choose a username.';
  }
  if (field === 'email') {
    if (code === 'ERR_TAKEN') return 'Your email address already has an account on the instance: connect that account instead.';
    return 'Your account needs a valid email address before you can claim an account.';
  }
  return `${field[0]?.toUpperCase() ?? ''}${field.slice(1)} ${description}.`;
}
