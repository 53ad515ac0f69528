// The membership banners (docs/product/1-product-screens-membership-header-search.md §4, §9;
// docs/product/2-sign-in-notices-cache-routing.md §4.8), one at a time:
// - payment failed: update the card (not dismissible: access depends on it);
// - reactivate: a cancelled member, "will expire on {date}"; dismissal hides it 14 days,
//   except when the period ends within 4 days (then it stays);
// - Friend: an active Member who can switch plan, with enable_premium_tier and
//   enable_switch_plan_premium_tier on; dismissal hides it 180 days;
// - upsell: a visitor (90 days) or a signed-in non-member (90 days), with the weekly price
//   (yearly / 52 rounded up to 0.25).
// A visitor's banner depends only on browser storage; a signed-in viewer's on the membership
// the server put in the start-up state (never on a shared page). One banner asks the data
// service only for a cancelled member (docs/product/1-product-screens-membership-header-search.md
// §7): the reactivate banner reads the period's end with UseReactivateMembershipUpsellQuery (a
// reactivation in another tab hides it; until it answers, the start-up state's date shows).
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from 'urql';
import { UseReactivateMembershipUpsellQuery } from './ReactivateMembership.graphql.ts';
import { useViewEvent } from '../../events/view-events.ts';
import { track } from '../../events/event-queue.ts';
import { formatDate } from '../../../shared/format.ts';
import { formatPrice, weeklyPriceCents } from '../../../shared/membership/plans.ts';
import { canSwitchToFriend } from '../../../shared/membership/premium-tier.ts';
import { useAppState } from '../../app/app-state.tsx';
import { isNativeApp } from '../../app/native-app.ts';
import { Link } from '../../app/navigation.tsx';
import { useViewerSession } from '../header/viewer-session.tsx';
import { offerHref, offerText, rememberedOffer } from './remembered-offer.ts';
import { isDismissed, isReactivateBannerDismissed, recordDismissal, type DismissibleBanner } from '../toasts/dismissals.ts';

// A chunk of its own: only a cancelled member who chooses "Reactivate Membership" needs it.
const ReactivateMembershipModal = lazy(() => import('./ReactivateMembershipModal.tsx').then((module) => ({ default: module.ReactivateMembershipModal })));

/** The page reserves the banner's measured height at its end and lifts toasts above it (client/styles/membership.css). */
const BANNER_HEIGHT_PROPERTY = '--membership-banner-height';

function useReservedHeight() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const reserve = () => root.style.setProperty(BANNER_HEIGHT_PROPERTY, `${element.offsetHeight}px`);
    reserve();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(reserve) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(BANNER_HEIGHT_PROPERTY);
    };
  }, []);
  return ref;
}

function Banner({ kind, dismiss, children }: { kind: string; dismiss: (() => void) | null; children: React.ReactNode }) {
  const ref = useReservedHeight();
  return (
    <div ref={ref} className="membership-banner" role="region" aria-label="Membership" data-testid="membership-banner" data-banner={kind}>
      {children}
      {dismiss ? (
        <button type="button" className="membership-banner-dismiss" aria-label="Dismiss" onClick={dismiss} data-testid="membership-banner-dismiss">
          ×
        </button>
      ) : null}
    </div>
  );
}

/**
 * Reports upsell.viewed once per shown banner, when a quarter of its text is on screen
 * (docs/product/1-product-screens-membership-header-search.md §7; client/events/view-events.ts).
 */
function UpsellViewed({ banner, children }: { banner: DismissibleBanner; children: ReactNode }) {
  const ref = useViewEvent<HTMLSpanElement>(() => track('upsell.viewed', { banner }), banner);
  return <span ref={ref}>{children}</span>;
}

export function MembershipBanners() {
  const { isLoggedIn } = useViewerSession();
  const state = useAppState();
  const [dismissedNow, setDismissedNow] = useState<DismissibleBanner | null>(null);
  const [reactivating, setReactivating] = useState(false);
  useEffect(() => {
    document.documentElement.dataset.membershipBanner = 'ready';
  }, []);
  const now = Date.now();
  const dismiss = (banner: DismissibleBanner) => () => {
    recordDismissal(banner, Date.now());
    setDismissedNow(banner);
  };
  const weekly = formatPrice(weeklyPriceCents(), 'USD');
  const membershipNow = isLoggedIn ? state.viewerMembership : undefined;
  const [reactivateUpsell] = useQuery({ query: UseReactivateMembershipUpsellQuery, pause: membershipNow?.state !== 'CANCELLED' });
  // The visitor, member upsell and Friend banners are never shown in the native app (spec §
  // membership banners); this component is drawn after hydration only, so navigator is there.
  const inNativeApp = typeof navigator !== 'undefined' && isNativeApp(navigator.userAgent);
  // A discount offer the reader opened is what the upsell sells, in the words of /discount and the
  // checkout (docs/adr/0185-banners-carry-the-opened-offer.md); a former member cannot take one.
  const upsell = (banner: DismissibleBanner, firstMembership: boolean) => {
    if (inNativeApp || dismissedNow === banner || isDismissed(banner, now)) return null;
    const offer = firstMembership ? rememberedOffer(now) : null;
    return (
      <Banner
        kind="upsell"
        dismiss={() => {
          track('upsell.dismissed', { banner });
          dismiss(banner)();
        }}
      >
        <UpsellViewed banner={banner}>
          {offer ? (
            <span data-testid="banner-offer">{offerText(offer, now)}</span>
          ) : (
            <>Get unlimited access to the best of {state.config.productName} for less than {weekly}/week.</>
          )}
        </UpsellViewed>
        <Link href={offer ? offerHref(offer) : '/plans'} className="button button-dark button-small" onClick={() => track('upsell.clicked', { banner })}>
          Become a member
        </Link>
      </Banner>
    );
  };

  if (!isLoggedIn) return upsell('loNonMemberUpsell', true);
  // The server wrote the signed-in viewer's membership into the start-up state (no request here).
  if (state.viewerMembership === undefined) return null;
  const membership = state.viewerMembership;
  if (!membership || membership.state === 'ENDED') return upsell('globalMembershipUpsell', !membership);
  if (membership.state === 'PAYMENT_FAILED' && membership.paymentActionRequired) {
    // A renewal waiting for 3-D Secure: confirming it, not a new card, is what it needs (docs/adr/0188-renewal-needing-authentication.md).
    return (
      <Banner kind="payment-action" dismiss={null}>
        <span>Your bank asks you to confirm your last payment. Confirm it to keep reading member-only stories.</span>
        <Link href="/manage-membership" className="button button-dark button-small">
          Confirm your payment
        </Link>
      </Banner>
    );
  }
  if (membership.state === 'PAYMENT_FAILED' || membership.state === 'GRACE_EXPIRED') {
    return (
      <Banner kind="payment-failed" dismiss={null}>
        <span>
          {membership.state === 'PAYMENT_FAILED'
            ? 'Your last payment failed. Update your payment method to keep reading member-only stories.'
            : 'Your last payment failed, and member-only stories are locked. Update your payment method to read them again.'}
        </span>
        <Link href="/me/settings/payment/update" className="button button-dark button-small">
          Update payment method
        </Link>
      </Banner>
    );
  }
  if (membership.state === 'CANCELLED') {
    const upsell = reactivateUpsell.data?.viewer?.viewerEdge.membership;
    // Reactivated (or ended) since the page was drawn: nothing to reactivate.
    if (reactivateUpsell.data && (!upsell || !upsell.isCancelled)) return null;
    const endsAt = upsell?.currentPeriodEndsAt ?? membership.currentPeriodEndsAt;
    if (dismissedNow === 'reactivateMembershipUpsell' || isReactivateBannerDismissed(endsAt, now)) return null;
    const persistent = endsAt - now <= 4 * 86_400_000;
    return (
      <>
        <Banner kind="reactivate" dismiss={persistent ? null : dismiss('reactivateMembershipUpsell')}>
          <span>Your membership will expire on {formatDate(endsAt)}.</span>
          <button type="button" className="button button-dark button-small" onClick={() => setReactivating(true)} data-testid="banner-reactivate">
            Reactivate Membership
          </button>
        </Banner>
        {reactivating ? (
          <Suspense fallback={null}>
            <ReactivateMembershipModal onClose={() => setReactivating(false)} />
          </Suspense>
        ) : null}
      </>
    );
  }
  const flags = new Set(state.flags);
  if (
    !inNativeApp &&
    membership.tier === 'MEMBER' &&
    // A switch to Friend already scheduled wins over the current type: nothing left to offer.
    membership.switchPlanTier !== 'FRIEND' &&
    membership.canSwitchPlan &&
    canSwitchToFriend(flags) &&
    dismissedNow !== 'friendTierSettingsBanner' &&
    !isDismissed('friendTierSettingsBanner', now)
  ) {
    return (
      <Banner kind="friend" dismiss={dismiss('friendTierSettingsBanner')}>
        <span>Become a Friend of {state.config.productName}: give more to the writers you read.</span>
        <Link href="/manage-membership" className="button button-dark button-small">
          Become a Friend
        </Link>
      </Banner>
    );
  }
  return null;
}
