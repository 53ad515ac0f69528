// The offer a reader opened, remembered for the banners and the menu
// (docs/adr/0185-banners-carry-the-opened-offer.md).
import { describe, expect, it } from 'vitest';
import { forgetOffer, offerHref, offerText, rememberedOffer, rememberOffer, REMEMBERED_OFFER_KEY, REMEMBERED_OFFER_MS } from '../../../client/components/membership/remembered-offer.ts';
import { avatarMenuSections, type AvatarMenuViewer } from '../../../client/components/avatar-menu/menu-items.ts';
import { jsonStorage } from '../../../client/components/toasts/browser-storage.ts';

const NOW = Date.UTC(2026, 10, 27, 12);

function memory() {
  const values = new Map<string, string>();
  return jsonStorage({ getItem: (k) => values.get(k) ?? null, setItem: (k, v) => void values.set(k, String(v)), removeItem: (k) => void values.delete(k) });
}

describe('remembered offer', () => {
  it('remembers an offer that exists, for 30 days', () => {
    const storage = memory();
    rememberOffer('THREE_MONTHS_FREE', NOW, storage);
    expect(rememberedOffer(NOW + 1000, storage)).toBe('THREE_MONTHS_FREE');
    expect(rememberedOffer(NOW + REMEMBERED_OFFER_MS - 1, storage)).toBe('THREE_MONTHS_FREE');
    expect(rememberedOffer(NOW + REMEMBERED_OFFER_MS, storage)).toBeNull();
    forgetOffer(storage);
    expect(rememberedOffer(NOW + 1000, storage)).toBeNull();
  });

  it('never remembers an id that is not an offer, and ignores a tampered value', () => {
    const storage = memory();
    rememberOffer('NINE_MONTHS_FREE', NOW, storage);
    expect(rememberedOffer(NOW, storage)).toBeNull();
    rememberOffer('FIFTY_PERCENT_OFF_ONE_YEAR', NOW, storage);
    expect(rememberedOffer(NOW, storage)).toBeNull();
    storage.set(REMEMBERED_OFFER_KEY, { discountId: 'NINE_MONTHS_FREE', at: NOW });
    expect(rememberedOffer(NOW, storage)).toBeNull();
    storage.set(REMEMBERED_OFFER_KEY, 'THREE_MONTHS_FREE');
    expect(rememberedOffer(NOW, storage)).toBeNull();
  });

  it('says the discounted price, its end (start plus numCycles months) and the regular price', () => {
    expect(offerText('THREE_MONTHS_FREE', NOW)).toBe('First 3 months free: $0.00/month until February 27, 2027, then $5.00/month');
    expect(offerText('ONE_MONTH_FREE', NOW)).toBe('First month free: $0.00/month until December 27, 2026, then $5.00/month');
    expect(offerHref('SIX_MONTHS_FREE')).toBe('/discount?discountId=SIX_MONTHS_FREE');
  });
});

describe("the menu's Become a member with an offer", () => {
  const viewer = (membership: AvatarMenuViewer['membership']): AvatarMenuViewer => ({
    id: 'u1',
    username: 'ada',
    name: 'Ada',
    imageId: null,
    hasSubdomain: false,
    customDomainState: null,
    emailObfuscated: null,
    membership,
    adminCollections: [],
    linkedAccounts: null,
    verifications: { isBookAuthor: false },
    partnerProgramEnrollment: null,
  });
  const offer = { text: offerText('THREE_MONTHS_FREE', NOW), href: offerHref('THREE_MONTHS_FREE') };
  const item = (data: AvatarMenuViewer) =>
    avatarMenuSections({
      viewer: { id: 'u1', username: 'ada', name: 'Ada', imageId: null },
      data,
      flags: new Set(),
      now: NOW,
      ctx: { hostKind: 'default', mainOrigin: 'https://vellum.example' },
      statusSiteUrl: 'https://status.vellum.example',
      offer,
    })
      .flatMap((s) => s.items)
      .find((i) => i.key === 'become-member');

  it('names the offer and goes to its plans for a reader who never had a membership', () => {
    expect(item(viewer(null))).toMatchObject({ label: 'Become a member', detail: offer.text, href: '/discount?discountId=THREE_MONTHS_FREE' });
  });

  it('does not offer it to a former member (the worker would refuse it)', () => {
    const ended = { id: 'm1', tier: 'MEMBER' as const, memberSince: NOW - 400 * 86_400_000, isCancelled: true, paymentFailedAt: null, currentPeriodEndsAt: NOW - 86_400_000, paymentProvider: 'STRIPE' };
    const shown = item(viewer(ended));
    expect(shown?.label).toBe('Become a member');
    expect(shown?.detail).toBeUndefined();
    expect(shown?.href).not.toContain('discountId');
  });
});
