import { useEffect } from 'react';
import { useNavigation } from '../app/navigation.tsx';
import { useAppState } from '../app/app-state.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { buildLink, type LinkContext } from '../../shared/routing/links.ts';
import { getRoute } from '../../shared/routing/routes.ts';

export const GIFT_MEMBERSHIP_HASH = '#giftMembership';

/**
 * Where home with #giftMembership goes (docs/product/2-sign-in-notices-cache-routing.md §2.3:
 * "redirects to the gift checkout"), by route name: the gift checkout for a signed-in reader,
 * who can buy there at once; the gift landing for a visitor, which explains gifts and asks them
 * to sign in before checkout (docs/reader.md, "#giftMembership"). A target whose page this
 * bundle lacks would land on the not-found page: then the other one, else stay home (null).
 * `hasPage` is the page registry's, which the hook has from the navigation (nothing a page
 * imports reaches the registry); left out, every page counts as present.
 */
export function giftMembershipTarget(
  hash: string,
  isLoggedIn: boolean,
  ctx: LinkContext,
  hasPage: (pageName: string) => boolean = () => true,
): string | null {
  if (hash !== GIFT_MEMBERSHIP_HASH) return null;
  const preferred = isLoggedIn ? ['ShowLiteGiftCheckout', 'ShowGiftLanding'] : ['ShowGiftLanding', 'ShowLiteGiftCheckout'];
  const routeName = preferred.find((name) => {
    const page = getRoute(name)?.page;
    return page !== undefined && hasPage(page);
  });
  return routeName ? buildLink(routeName, {}, ctx) : null;
}

/**
 * Home with the hash #giftMembership goes to the gift checkout. The hash never reaches the
 * server, so this happens in the browser, after hydration.
 */
export function useGiftMembershipHash(): void {
  const { navigate, hasPage } = useNavigation();
  const isLoggedIn = useAppState().session.isLoggedInCookie;
  const ctx = useLinkContext();
  useEffect(() => {
    const target = giftMembershipTarget(window.location.hash, isLoggedIn, ctx, hasPage);
    if (target) navigate(target, { replace: true });
  }, [navigate, hasPage, isLoggedIn, ctx]);
}
