// Issue 18 point 4: home with #giftMembership goes to the gift checkout by route name
// (docs/product/2-sign-in-notices-cache-routing.md §2.3; docs/reader.md "#giftMembership") — the
// checkout for a signed-in reader, the gift landing for a visitor — and never to a page this
// bundle lacks (the not-found page).
import { describe, expect, it } from 'vitest';
import { giftMembershipTarget } from '../../../client/pages/gift-membership-target.ts';
import { getRoute } from '../../../shared/routing/routes.ts';
import type { LinkContext } from '../../../shared/routing/links.ts';

const main: LinkContext = { hostKind: 'default', mainOrigin: 'https://vellum.example' };
const onWritersDomain: LinkContext = { hostKind: 'user', mainOrigin: 'https://vellum.example', hostUsername: 'ada' };
const every = () => true;

describe('giftMembershipTarget', () => {
  it('names the routes the membership pages are built for', () => {
    expect(getRoute('ShowLiteGiftCheckout')).toMatchObject({ path: '/gift-checkout', page: 'gift-membership' });
    expect(getRoute('ShowGiftLanding')).toMatchObject({ path: '/gift', page: 'landing-gift' });
  });

  it('sends a signed-in reader to the gift checkout and a visitor to the gift landing', () => {
    expect(giftMembershipTarget('#giftMembership', true, main, every)).toBe('/gift-checkout');
    expect(giftMembershipTarget('#giftMembership', false, main, every)).toBe('/gift');
  });

  it('builds the address for the host the home page is on (a custom domain leads to the main host)', () => {
    expect(giftMembershipTarget('#giftMembership', true, onWritersDomain, every)).toBe('https://vellum.example/gift-checkout');
  });

  it('does nothing without the hash, or with another one', () => {
    expect(giftMembershipTarget('', true, main, every)).toBeNull();
    expect(giftMembershipTarget('#giftmembership', true, main, every)).toBeNull();
    expect(giftMembershipTarget('#giftMembershipX', false, main, every)).toBeNull();
  });

  it('never goes to a page the bundle lacks: the other gift page, else stays home', () => {
    const onlyLanding = (page: string) => page === 'landing-gift';
    expect(giftMembershipTarget('#giftMembership', true, main, onlyLanding)).toBe('/gift');
    const onlyCheckout = (page: string) => page === 'gift-membership';
    expect(giftMembershipTarget('#giftMembership', false, main, onlyCheckout)).toBe('/gift-checkout');
    expect(giftMembershipTarget('#giftMembership', true, main, () => false)).toBeNull();
  });

  it('with this bundle’s pages, never leads to a page it lacks', () => {
    for (const loggedIn of [true, false]) {
      const target = giftMembershipTarget('#giftMembership', loggedIn, main);
      if (target !== null) expect(['/gift-checkout', '/gift']).toContain(target);
    }
  });
});
