import { useEffect } from 'react';
import { useNavigation } from '../app/navigation.tsx';
import { useAppState } from '../app/app-state.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { loadRoutePaths } from '../../shared/routing/route-paths.ts';

export const GIFT_MEMBERSHIP_HASH = '#giftMembership';

/**
 * Home with the hash #giftMembership goes to the gift checkout. The hash never reaches the
 * server, so this happens in the browser, after hydration. The target is chosen from the route
 * table, which is no start-up work (docs/adr/0221-the-page-module-named-by-the-document.md): it
 * and the links' whole table load only for this hash.
 */
export function useGiftMembershipHash(): void {
  const { navigate, hasPage } = useNavigation();
  const isLoggedIn = useAppState().session.isLoggedInCookie;
  const ctx = useLinkContext();
  useEffect(() => {
    if (window.location.hash !== GIFT_MEMBERSHIP_HASH) return;
    let current = true;
    void Promise.all([import('./gift-membership-target.ts'), loadRoutePaths()]).then(([{ giftMembershipTarget }]) => {
      const target = current ? giftMembershipTarget(window.location.hash, isLoggedIn, ctx, hasPage) : null;
      if (target) navigate(target, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [navigate, hasPage, isLoggedIn, ctx]);
}
