// Where the membership banners go (under the header). They are drawn in the browser only,
// once the page is idle after hydration (their chunk is not start-up work: client/app/when-idle.ts): a page the edge cache shares with every visitor stays byte-identical, and
// who sees which banner (and their dismissals in browser storage) never reaches the server
// (docs/product/2-sign-in-notices-cache-routing.md §4.8; docs/membership.md "Banners").
import { lazy, Suspense, useEffect } from 'react';
import { useToast } from '../toasts/ToastProvider.tsx';
import { useWhenIdle } from '../../app/when-idle.ts';

const MembershipBanners = lazy(() => import('./MembershipBanners.tsx').then((module) => ({ default: module.MembershipBanners })));

export function MembershipBannerSlot() {
  const idle = useWhenIdle();
  const { showToast } = useToast();
  useEffect(() => {
    // Until the banners' chunk has rendered, a banner may still arrive over the page's end:
    // <html data-membership-banner="loading"> says so (MembershipBanners marks it "ready").
    document.documentElement.dataset.membershipBanner = 'loading';
  }, []);
  useEffect(() => {
    if (!idle) return;
    // A membership action that ended in a page load (cancel, reactivate, plan switch, new card):
    // the toast's texts and the storage it waits in are a chunk imported once the page is idle,
    // with the banners (docs/adr/0233-a-visitors-shell-without-signed-in-code.md).
    void import('./membership-toasts.ts')
      .then(({ MEMBERSHIP_TOASTS, takeMembershipToast }) => {
        const toast = takeMembershipToast(window.location);
        if (toast) showToast({ message: MEMBERSHIP_TOASTS[toast] });
      })
      .catch(() => {
        // The chunk could not load (the network): the toast stays queued for the next page.
      });
  }, [idle, showToast]);
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <MembershipBanners />
    </Suspense>
  );
}
