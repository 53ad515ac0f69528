// Where the membership banners go (under the header). They are drawn in the browser only,
// after hydration: a page the edge cache shares with every visitor stays byte-identical, and
// who sees which banner (and their dismissals in browser storage) never reaches the server
// (docs/product/2-sign-in-notices-cache-routing.md §4.8; docs/membership.md "Banners").
import { lazy, Suspense, useEffect, useState } from 'react';
import { useToast } from '../toasts/ToastProvider.tsx';
import { MEMBERSHIP_TOASTS, takeMembershipToast } from './membership-toasts.ts';

const MembershipBanners = lazy(() => import('./MembershipBanners.tsx').then((module) => ({ default: module.MembershipBanners })));

export function MembershipBannerSlot() {
  const [hydrated, setHydrated] = useState(false);
  const { showToast } = useToast();
  useEffect(() => {
    setHydrated(true);
    // Until the banners' chunk has rendered, a banner may still arrive over the page's end:
    // <html data-membership-banner="loading"> says so (MembershipBanners marks it "ready").
    document.documentElement.dataset.membershipBanner = 'loading';
    // A membership action that ended in a page load (cancel, reactivate, plan switch, new card).
    const toast = takeMembershipToast(window.location);
    if (toast) showToast({ message: MEMBERSHIP_TOASTS[toast] });
  }, [showToast]);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <MembershipBanners />
    </Suspense>
  );
}
