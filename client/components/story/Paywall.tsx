// Member-only stories (docs/product/1-product-screens-membership-header-search.md §2.7, §1): a
// non-member reads the preview, then this box; the story's author reads it whole and is told that
// it is behind the paywall.
import { AUTHOR_PAYWALL_TEXT, MemberStarIcon } from '../MemberStar.tsx';

export function Paywall() {
  return (
    <aside className="paywall" aria-label="Member-only story" data-testid="paywall">
      <h2>
        <MemberStarIcon /> Member-only story
      </h2>
      <p>The author made this story available to members only. Become a member to read it and every other story.</p>
      <a className="button button-dark" href="/plans">
        Get unlimited access
      </a>{' '}
      <a className="button button-outline" href="/membership">
        Learn more
      </a>
    </aside>
  );
}

/** What the author sees in place of the upsell. */
export function AuthorPaywallNote() {
  return (
    <p className="paywall-author-note" data-testid="paywall-author-note">
      <MemberStarIcon /> Member-only story. {AUTHOR_PAYWALL_TEXT}
    </p>
  );
}
