// Tags, series, trending, landing pages, gifts and subscriptions
// (docs/product/3-routes-data-calls-constants.md §2.11).
import { buildLink, mainHostLink } from '../routing/links.ts';
import type { LinkContext } from '../routing/links.ts';

/** /tag/{slug}. */
export function tagUrl(tagSlug: string, ctx: LinkContext): string {
  return buildLink('ShowTagPosts', { tagSlug }, ctx);
}

/** /s/{id}: a sequence. */
export function sequenceUrl(sequenceSlug: string, ctx: LinkContext): string {
  return buildLink('ShowSequence', { sequenceSlug }, ctx);
}

/** /series/{id}: a series post. */
export function seriesUrl(postId: string, ctx: LinkContext): string {
  return buildLink('ShowSeries', { postId }, ctx);
}

/** /trending/mode/{mode}, or /trending/mode/{mode}/topic/{topic}. */
export function trendingUrl(mode: string, ctx: LinkContext, topicSlug?: string): string {
  return topicSlug === undefined
    ? buildLink('ShowTrendingMode', { mode }, ctx)
    : buildLink('ShowTrendingModeTopic', { mode, topicSlug }, ctx);
}

export const LANDING_ROUTES = {
  membership: 'ShowSubscriptionsLanding',
  plans: 'ShowPay',
  creators: 'ShowLandingCreators',
  earn: 'ShowLandingEarn',
  about: 'ShowLandingAbout',
  welcomeMember: 'ShowWelcomeMember',
  business: 'ShowLandingB2b',
} as const;

export type LandingPage = keyof typeof LANDING_ROUTES;

export function landingUrl(page: LandingPage, ctx: LinkContext): string {
  return buildLink(LANDING_ROUTES[page], {}, ctx);
}

/** /about?autoplay=1: the about page with its video playing. */
export function aboutAutoplayUrl(ctx: LinkContext): string {
  return buildLink('ShowLandingAbout', {}, ctx, { autoplay: 1 });
}

export type GiftType = 'gift' | 'group-gift';

/** The gift types' codes in the giftType parameter (docs/product/1-product-screens-membership-header-search.md §9). */
export const GIFT_TYPE_CODES: Record<GiftType, number> = { gift: 29, 'group-gift': 31 };

/** The gift type a giftType parameter names (its code, or its name); null for anything else. */
export function giftTypeFromParam(value: string | null): GiftType | null {
  for (const [type, code] of Object.entries(GIFT_TYPE_CODES) as [GiftType, number][]) {
    if (value === String(code) || value === type) return type;
  }
  return null;
}

/** The gift-membership page showing a received gift: /gift-checkout?giftCode=…&giftType=29|31. */
export function giftMembershipUrl(gift: { giftCode: string; giftType: GiftType }, ctx: LinkContext): string {
  return buildLink('ShowLiteGiftCheckout', {}, ctx, { giftCode: gift.giftCode, giftType: GIFT_TYPE_CODES[gift.giftType] });
}

/** /_/subscribe/collection/{id}[/{plan}]. */
export function subscribeCollectionUrl(collectionId: string, ctx: LinkContext, plan?: string): string {
  return plan === undefined
    ? mainHostLink('/_/subscribe/collection/{collectionId}', { collectionId }, ctx)
    : mainHostLink('/_/subscribe/collection/{collectionId}/{plan}', { collectionId, plan }, ctx);
}

/** /_/subscribe/user/{id}[/{plan}]. */
export function subscribeUserUrl(userId: string, ctx: LinkContext, plan?: string): string {
  return plan === undefined
    ? mainHostLink('/_/subscribe/user/{userId}', { userId }, ctx)
    : mainHostLink('/_/subscribe/user/{userId}/{plan}', { userId, plan }, ctx);
}
