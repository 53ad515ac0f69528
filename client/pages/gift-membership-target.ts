// Where home with #giftMembership goes (client/pages/use-gift-membership-hash.ts): a module of its
// own, because it reads the route table, which only a home with that hash needs
// (docs/adr/0221-the-page-module-named-by-the-document.md).
import { buildLink, type LinkContext } from '../../shared/routing/links.ts';
import { getRoute } from '../../shared/routing/routes.ts';
import { GIFT_MEMBERSHIP_HASH } from './use-gift-membership-hash.ts';

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

