// The member-only star and its popover (docs/product/1-product-screens-membership-header-search.md
// §2.7): "Member-only story"; a non-member also reads "Get unlimited access" and "Learn more";
// the story's author reads that it is behind the paywall and eligible to earn money.
// The server renders only the button: who is looking is read in the browser when the popover
// opens, so a page the edge cache shares is the same for every visitor. The button is never
// inside a link (a button in a link is invalid HTML and confuses assistive technology).
import { useViewEvent } from '../events/view-events.ts';
import { useAppState } from '../app/app-state.tsx';
import { track } from '../events/event-queue.ts';
import { Link } from '../app/navigation.tsx';
import { useViewerSession } from './header/viewer-session.tsx';
import { memberStarAudience } from './membership/popover-rules.ts';
import { useHoverPopover } from './membership/use-hover-popover.ts';

export const WRITER_PAYWALL_TEXT = 'This story is behind the paywall and is eligible to earn money.';

/** The star alone, for places that already say "Member-only story" beside it. */
export function MemberStarIcon() {
  return (
    <span className="member-star" aria-hidden="true">
      ★
    </span>
  );
}

/** The star as a popover trigger; `creatorId` is the story's writer (for the author's text). */
export function MemberStar({ creatorId = null }: { creatorId?: string | null }) {
  const popover = useHoverPopover(100);
  // docs/product/1-product-screens-membership-header-search.md §7: the star's button events (moc_star).
  // Presented once a quarter of it is on screen (client/events/view-events.ts).
  const presented = useViewEvent<HTMLSpanElement>(() => track('button.clientPresented', { button: 'moc_star' }));
  return (
    <span className="member-star-anchor" ref={presented}>
      <button type="button" className="member-star member-star-button" aria-label="Member-only story" data-testid="member-star" onClickCapture={() => track('button.clicked', { button: 'moc_star' })} {...popover.triggerProps}>
        <span aria-hidden="true">★</span>
      </button>
      {popover.open ? (
        <div className="member-star-popover" role="dialog" aria-label="Member-only story" data-testid="member-star-popover" {...popover.popoverProps}>
          <MemberStarPopoverText creatorId={creatorId} />
        </div>
      ) : null}
    </span>
  );
}

function MemberStarPopoverText({ creatorId }: { creatorId: string | null }) {
  const { viewer } = useViewerSession();
  const state = useAppState();
  const audience = memberStarAudience({ viewerId: viewer?.id ?? null, creatorId, membership: state.viewerMembership });
  return (
    <>
      <p className="member-star-popover-title">Member-only story</p>
      {audience === 'AUTHOR' ? <p className="member-star-popover-text">{WRITER_PAYWALL_TEXT}</p> : null}
      {audience === 'NON_MEMBER' ? (
        <p className="member-star-popover-actions">
          <Link href="/plans" className="button button-dark button-small">
            Get unlimited access
          </Link>{' '}
          <Link href="/membership" className="button button-outline button-small">
            Learn more
          </Link>
        </p>
      ) : null}
    </>
  );
}
