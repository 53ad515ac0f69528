// The `source` query parameter of a story link in an email a reader was sent
// (docs/product/1-product-screens-membership-header-search.md §8: the source of a visit;
// docs/product/3-routes-data-calls-constants.md §7: referrerSource "from the source query
// parameter"). It names the account the email went to, so the story page can tell a reader who
// opened it signed out or signed in as someone else (ALTERNATE_USER,
// docs/product/2-sign-in-notices-cache-routing.md §4.4).

const PATTERN = /^email-([0-9a-z]+)-newsletter$/;

/** `source` for a newsletter email sent to this account. */
export function emailSource(recipientId: string): string {
  return `email-${recipientId}-newsletter`;
}

/** The link with its email source added. */
export function withEmailSource(url: string, recipientId: string): string {
  const absolute = /^https?:\/\//.test(url);
  const parsed = new URL(url, 'https://relative.invalid');
  parsed.searchParams.set('source', emailSource(recipientId));
  return absolute ? parsed.toString() : parsed.pathname + parsed.search + parsed.hash;
}

/** The account an email link was sent to, from a location's search string; null when it is not one. */
export function emailRecipientOf(search: string): string | null {
  return PATTERN.exec(new URLSearchParams(search).get('source') ?? '')?.[1] ?? null;
}
