// Browser storage fallbacks, dismissals (docs/product/2-sign-in-notices-cache-routing.md §4.8,
// docs/product/1-product-screens-membership-header-search.md §4, §9) and the EU privacy banner rule
// (docs/product/2-sign-in-notices-cache-routing.md §4.6).
import { describe, expect, it, vi } from 'vitest';
import { jsonStorage, localJsonStorage } from '../../../client/components/toasts/browser-storage.ts';
import {
  dismissedAt,
  isDismissed,
  isReactivateBannerDismissed,
  recordDismissal,
} from '../../../client/components/toasts/dismissals.ts';
import {
  acceptPrivacyPolicy,
  markPrivacyBannerShown,
  privacyBannerDue,
  PRIVACY_ACCEPTED_KEY,
} from '../../../client/components/toasts/privacy-banner.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22);

function memory() {
  const values = new Map<string, string>();
  return {
    values,
    storage: jsonStorage({
      getItem: (k) => values.get(k) ?? null,
      setItem: (k, v) => void values.set(k, v),
      removeItem: (k) => void values.delete(k),
    }),
  };
}

describe('browser storage', () => {
  it('falls back to memory where there is no localStorage (the server, blocked storage)', () => {
    const storage = localJsonStorage();
    storage.set('k', { a: 1 });
    expect(storage.get('k', null)).toEqual({ a: 1 });
  });

  it('yields the default and warns on stored text that is not JSON', () => {
    const { values, storage } = memory();
    values.set('bad', '{not json');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(storage.get('bad', 42)).toBe(42);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('never throws when the storage does', () => {
    const broken = jsonStorage({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    });
    expect(broken.get('x', 'fallback')).toBe('fallback');
    expect(() => broken.set('x', 1)).not.toThrow();
    expect(() => broken.remove('x')).not.toThrow();
  });
});

describe('dismissals', () => {
  it('remember when a banner was dismissed and hide it for its period', () => {
    const { storage } = memory();
    expect(isDismissed('globalMembershipUpsell', NOW, storage)).toBe(false);
    recordDismissal('globalMembershipUpsell', NOW, storage);
    expect(dismissedAt('globalMembershipUpsell', storage)).toBe(NOW);
    expect(isDismissed('globalMembershipUpsell', NOW + 89 * DAY, storage)).toBe(true);
    expect(isDismissed('globalMembershipUpsell', NOW + 90 * DAY, storage)).toBe(false);
    recordDismissal('friendTierSettingsBanner', NOW, storage);
    expect(isDismissed('friendTierSettingsBanner', NOW + 179 * DAY, storage)).toBe(true);
    expect(isDismissed('friendTierSettingsBanner', NOW + 180 * DAY, storage)).toBe(false);
    recordDismissal('loNonMemberUpsell', NOW, storage);
    expect(isDismissed('loNonMemberUpsell', NOW + 90 * DAY, storage)).toBe(false);
  });

  it('keep the reactivate banner 14 days, but never when the membership ends within 4 days', () => {
    const { storage } = memory();
    recordDismissal('reactivateMembershipUpsell', NOW, storage);
    expect(isReactivateBannerDismissed(NOW + 30 * DAY, NOW + 13 * DAY, storage)).toBe(true);
    expect(isReactivateBannerDismissed(NOW + 30 * DAY, NOW + 14 * DAY, storage)).toBe(false);
    expect(isReactivateBannerDismissed(NOW + 3 * DAY, NOW + DAY, storage)).toBe(false);
  });

  it('ignore stored values that are not times', () => {
    const { values, storage } = memory();
    values.set('vellum:dismissed:globalMembershipUpsell', '"yesterday"');
    expect(dismissedAt('globalMembershipUpsell', storage)).toBeNull();
  });
});

describe('EU privacy banner rule', () => {
  const eu = () => Promise.resolve({ country: 'FR', euPrivacyBanner: true });
  const us = () => Promise.resolve({ country: 'US', euPrivacyBanner: false });

  it('is due for a visitor from a listed country who has not accepted', async () => {
    const local = memory().storage;
    const session = memory().storage;
    expect(await privacyBannerDue({ local, session, fetchGeo: eu })).toBe(true);
    expect(await privacyBannerDue({ local: memory().storage, session: memory().storage, fetchGeo: us })).toBe(false);
  });

  it('shows once per session and asks the country once', async () => {
    const local = memory().storage;
    const session = memory().storage;
    const fetchGeo = vi.fn(eu);
    expect(await privacyBannerDue({ local, session, fetchGeo })).toBe(true);
    expect(await privacyBannerDue({ local, session, fetchGeo })).toBe(true);
    expect(fetchGeo).toHaveBeenCalledOnce();
    markPrivacyBannerShown(session);
    expect(await privacyBannerDue({ local, session, fetchGeo })).toBe(false);
  });

  it('never shows again once accepted, without asking', async () => {
    const local = memory();
    acceptPrivacyPolicy(local.storage);
    expect(local.values.get(PRIVACY_ACCEPTED_KEY)).toBe('true');
    const fetchGeo = vi.fn(eu);
    expect(await privacyBannerDue({ local: local.storage, session: memory().storage, fetchGeo })).toBe(false);
    expect(fetchGeo).not.toHaveBeenCalled();
  });

  it('shows nothing when the country cannot be learned', async () => {
    const fetchGeo = () => Promise.reject(new Error('offline'));
    expect(await privacyBannerDue({ local: memory().storage, session: memory().storage, fetchGeo })).toBe(false);
  });
});
