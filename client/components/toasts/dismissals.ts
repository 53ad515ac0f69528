// Dismissible banners remember when they were dismissed in browser storage
// (docs/product/2-sign-in-notices-cache-routing.md §4.8) and stay hidden for their period
// (docs/product/1-product-screens-membership-header-search.md §4, §9).
import { localJsonStorage, type JsonStorage } from './browser-storage.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const DISMISSIBLE_BANNERS = {
  /** The visitor/non-member membership upsell: hidden 90 days. */
  globalMembershipUpsell: { storageKey: 'vellum:dismissed:globalMembershipUpsell', hideForMs: 90 * DAY_MS },
  /** The reactivate-membership upsell of a cancelled member: 14 days (persistent near the end, see below). */
  reactivateMembershipUpsell: { storageKey: 'vellum:dismissed:reactivateMembershipUpsell', hideForMs: 14 * DAY_MS },
  /** The non-member upsell shown to logged-out readers: 90 days. */
  loNonMemberUpsell: { storageKey: 'vellum:dismissed:loNonMemberUpsell', hideForMs: 90 * DAY_MS },
  /** The Friend tier banner of the membership settings: 180 days (6 × 30). */
  friendTierSettingsBanner: { storageKey: 'vellum:dismissed:friendTierSettingsBanner', hideForMs: 180 * DAY_MS },
} as const;

export type DismissibleBanner = keyof typeof DISMISSIBLE_BANNERS;

/** The reactivate banner cannot be dismissed when the membership ends within 4 days. */
export const REACTIVATE_PERSISTENT_WITHIN_MS = 4 * DAY_MS;

export function recordDismissal(banner: DismissibleBanner, now: number = Date.now(), storage: JsonStorage = localJsonStorage()): void {
  storage.set(DISMISSIBLE_BANNERS[banner].storageKey, now);
}

/** When the banner was last dismissed, or null. */
export function dismissedAt(banner: DismissibleBanner, storage: JsonStorage = localJsonStorage()): number | null {
  const value = storage.get<unknown>(DISMISSIBLE_BANNERS[banner].storageKey, null);
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Whether a dismissal still hides the banner at `now`. */
export function isDismissed(banner: DismissibleBanner, now: number = Date.now(), storage: JsonStorage = localJsonStorage()): boolean {
  const at = dismissedAt(banner, storage);
  return at !== null && now - at < DISMISSIBLE_BANNERS[banner].hideForMs;
}

/**
 * docs/product/1-product-screens-membership-header-search.md §4: the reactivate banner is hidden 14
 * days after a dismissal, unless the period ends within 4 days.
 */
export function isReactivateBannerDismissed(currentPeriodEndsAt: number, now: number = Date.now(), storage: JsonStorage = localJsonStorage()): boolean {
  if (currentPeriodEndsAt - now <= REACTIVATE_PERSISTENT_WITHIN_MS) return false;
  return isDismissed('reactivateMembershipUpsell', now, storage);
}
