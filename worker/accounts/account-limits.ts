// What a limited or suspended account may not do (docs/adr/0084-limited-accounts.md): staff "limit" an
// account (users.limited_at) to keep it readable while it may not publish or respond; a suspended
// account is hidden and may do neither. One check for every way a story or response goes public —
// the editor's publish (publishPost, also a response drafted there), a response written in a
// thread or on a list, and a /v1 post — so no path forgets it and they all say the same thing.
// Drafts stay writable: a limited writer keeps their work.

export const LIMITED_ACCOUNT_MESSAGE = 'Your account is limited: it cannot publish stories or responses for now.';
export const SUSPENDED_ACCOUNT_MESSAGE = 'A suspended account cannot publish.';

/** Why this account may not publish or respond, or null when it may. */
export function publishingRefusal(account: { isSuspended: boolean; isLimited: boolean }): string | null {
  if (account.isSuspended) return SUSPENDED_ACCOUNT_MESSAGE;
  if (account.isLimited) return LIMITED_ACCOUNT_MESSAGE;
  return null;
}
