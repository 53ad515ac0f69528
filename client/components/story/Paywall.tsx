// Member-only stories (docs/product/1-product-screens-membership-header-search.md §2.7, §1): a
// non-member reads the preview, then this box; the story's author reads it whole and is told that
// it is behind the paywall. "Support {writer}" leads to the writer's membership page
// (/@{username}/membership), which says what a member's fee does for them, unless the writer
// turned that invitation off (Settings → Publishing, docs/membership.md "Membership promotion").
// The plans, membership and redeem pages are the main host's: on a writer's or publication's own
// domain the box links there (docs/product/3-routes-data-calls-constants.md §2).
import { buildLink, routePath } from '../../../shared/routing/links.ts';
import { useLinkContext } from '../header/link-context.ts';
import { useNavigation } from '../../app/navigation.tsx';
import { WRITER_PAYWALL_TEXT, MemberStarIcon } from '../MemberStar.tsx';

export function Paywall({ postId, writer }: { postId: string; writer: { name: string; username: string; membershipPromotionEnabled?: boolean } }) {
  const ctx = useLinkContext();
  // The story's own address (the same for every reader of this page, so a shared copy stays
  // shareable): after redeeming, the redeem page offers the way back here. The redeem page is on
  // the main host, where a story on its own domain is /p/{postId} (which leads to it).
  const { location } = useNavigation();
  const from = ctx.hostKind === 'default' ? location.pathname : routePath('ShowPost', { postId });
  return (
    <aside className="paywall" aria-label="Member-only story" data-testid="paywall">
      <h2>
        <MemberStarIcon /> Member-only story
      </h2>
      <p>The author made this story available to members only. Become a member to read it and every other story.</p>
      <a className="button button-dark" href={buildLink('ShowPay', {}, ctx)}>
        Get unlimited access
      </a>{' '}
      <a className="button button-outline" href={buildLink('ShowSubscriptionsLanding', {}, ctx)}>
        Learn more
      </a>
      {writer.membershipPromotionEnabled === false ? null : (
        <p className="paywall-support muted">
          Members’ fees go to the writers they read.{' '}
          <a href={buildLink('ShowUserMembership', { username: writer.username }, ctx)} data-testid="paywall-support-writer">
            Support {writer.name}
          </a>
        </p>
      )}
      <p className="paywall-support muted">
        Have a gift code?{' '}
        <a href={buildLink('ShowRedeem', {}, ctx, { from })} data-testid="paywall-redeem">
          Redeem it
        </a>
      </p>
    </aside>
  );
}

/** What the author sees in place of the upsell. */
export function WriterPaywallNote() {
  return (
    <p className="paywall-author-note" data-testid="paywall-author-note">
      <MemberStarIcon /> Member-only story. {WRITER_PAYWALL_TEXT}
    </p>
  );
}
