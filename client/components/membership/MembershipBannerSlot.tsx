// Where the membership banners go (under the header). They are drawn in the browser only,
// once the page is idle after hydration (their chunk is not start-up work: client/app/when-idle.ts): a page the edge cache shares with every visitor stays byte-identical, and
// who sees which banner (and their dismissals in browser storage) never reaches the server
// (docs/product/2-sign-in-notices-cache-routing.md §4.8; docs/membership.md "Banners").
import { lazy, Suspense, useEffect } from 'react';
import { useToast } from '../toasts/ToastProvider.tsx';
import { MEMBERSHIP_TOASTS, takeMembershipToast } from './membership-toasts.ts';
import { useWhenIdle } from '../../app/when-idle.ts';

const MembershipBanners = lazy(() => import('./MembershipBanners.tsx').then((module) => ({ default: module.MembershipBanners })));

export function MembershipBannerSlot() {
  const idle = useWhenIdle();
  const { showToast } = useToast();
  useEffect(() => {
    // Until the banners' chunk has rendered, a banner may still arrive over the page's end:
    // <html data-membership-banner="loading"> says so (MembershipBanners marks it "ready").
    document.documentElement.dataset.membershipBanner = 'loading';
    // A membership action that ended in a page load (cancel, reactivate, plan switch, new card).
    const toast = takeMembershipToast(window.location);
    if (toast) showToast({ message: MEMBERSHIP_TOASTS[toast] });
  }, [showToast]);
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <MembershipBanners />
    </Suspense>
  );
}
