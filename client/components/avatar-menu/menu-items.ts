// Which items the avatar menu shows
// (docs/product/1-product-screens-membership-header-search.md §2.6, §4, §6), as plain data: the
// component renders them, unit tests check them for every kind of viewer.
//
// Membership decisions (the spec names the items, these are the rules behind them):
// - "Member since {Month year}": a membership that is active now (Member or Friend, or
//   cancelled but still within its paid period).
// - Become a member: no membership, or one whose period ended.
// - Reactivate Membership: cancelled, still within the paid period (uncancel keeps the
//   benefits and bills from currentPeriodEndsAt,
//   docs/product/1-product-screens-membership-header-search.md §4).
// - A membership whose last payment failed gets neither upsell: it is fixed by updating
//   the payment method, not by buying again.
// - Become a Friend: an active Member (not Friend) who can switch plan (card processors,
//   not cancelled, not payment-failed) with enable_premium_tier and
//   enable_switch_plan_premium_tier on; it goes to the manage-membership page.
// - Federated instance items: active Members and Friends with enable_mastodon_for_members;
//   "Go to …" when an account is linked, else "Create an account".
// - Partner Program: its item when enrolled (ACTIVE, PENDING_ACTION, SUSPENDED); "Apply to
//   the Partner Program" otherwise.
import { canSwitchPlan as canSwitchPlanRule, canSwitchToFriend } from '../../../shared/membership/premium-tier.ts';
import { isPlanType, PLANS } from '../../../shared/membership/plans.ts';
import type { LinkContext } from '../../../shared/routing/links.ts';
import { buildLink } from '../../../shared/routing/links.ts';
import { collectionUrl, PRODUCT_BLOG_SLUG } from '../../../shared/urls/publication-urls.ts';
import { mePageUrl, settingsUrl, yourStoriesUrl } from '../../../shared/urls/me-urls.ts';
import { landingUrl } from '../../../shared/urls/misc-urls.ts';
import { newStoryUrl } from '../../../shared/urls/story-urls.ts';
import { profileUrl } from '../../../shared/urls/profile-urls.ts';
import type { PreloadedViewer } from '../../../shared/preloaded-state.ts';
import { MONTH_NAMES } from '../../../shared/format.ts';

/**
 * docs/product/1-product-screens-membership-header-search.md §9: the menu lists at most 3
 * administered publications.
 */
export const MAX_MENU_PUBLICATIONS = 3;

export interface AvatarMenuMembership {
  id: string;
  tier: 'MEMBER' | 'FRIEND' | 'FREE';
  memberSince: number;
  isCancelled: boolean;
  paymentFailedAt: number | null;
  currentPeriodEndsAt: number;
  paymentProvider: string;
  /**
   * A scheduled plan switch: the scheduled plan wins over the current type
   * (docs/product/1-product-screens-membership-header-search.md §3).
   */
  switchPlanSchedule?: { plan: { membershipType: string } } | null;
}

export interface AvatarMenuCollection {
  id: string;
  name: string;
  slug: string;
  domain: string | null;
  avatarId: string | null;
}

/** The viewer of AvatarMenuQuery (./AvatarMenu.graphql.ts). */
export interface AvatarMenuViewer {
  id: string;
  username: string;
  name: string;
  imageId: string | null;
  hasSubdomain: boolean;
  customDomainState: { live: { domain: string } | null } | null;
  emailObfuscated: string | null;
  membership: AvatarMenuMembership | null;
  adminCollections: AvatarMenuCollection[] | null;
  linkedAccounts: { id: string; mastodon: { id: string; username: string; domain: string; url: string } | null } | null;
  verifications: { isBookAuthor: boolean };
  partnerProgramEnrollment: { id: string; status: 'ACTIVE' | 'INACTIVE' | 'PENDING_ACTION' | 'SUSPENDED' | 'UNKNOWN' } | null;
}

export interface AvatarMenuQueryData {
  viewer: AvatarMenuViewer | null;
}

export type MembershipState = 'none' | 'member' | 'friend' | 'cancelled' | 'failed' | 'ended';

export function membershipState(membership: AvatarMenuMembership | null | undefined, now: number): MembershipState {
  if (!membership || membership.tier === 'FREE') return 'none';
  if (membership.paymentFailedAt !== null) return 'failed';
  if (membership.currentPeriodEndsAt <= now) return 'ended';
  if (membership.isCancelled) return 'cancelled';
  return membership.tier === 'FRIEND' ? 'friend' : 'member';
}

/** The shared can-switch-plan rule (shared/membership/premium-tier.ts). */
export function canSwitchPlan(membership: AvatarMenuMembership | null | undefined): boolean {
  return canSwitchPlanRule(membership);
}

const isFriendPlan = (plan: string | undefined): boolean => plan !== undefined && isPlanType(plan) && PLANS[plan].tier === 'FRIEND';

const ENROLLED = new Set(['ACTIVE', 'PENDING_ACTION', 'SUSPENDED']);

/** "Member since March 2024". No Intl formatter at start-up: the first one loads the locale's data (shared/format.ts). */
export function memberSinceText(memberSince: number): string {
  const date = new Date(memberSince);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return `Member since ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

export type MenuAction = 'signUp' | 'signIn' | 'signOut' | 'reactivateMembership';

export interface MenuItem {
  key: string;
  label: string;
  /** Where the item goes; an action item may have a fallback href too. */
  href?: string;
  action?: MenuAction;
  /** A second line (Sign out's obfuscated email). */
  detail?: string;
  /** Only on small screens (Write: the header shows it from the medium breakpoint). */
  smallScreensOnly?: boolean;
  /** Leaves the site (opens in the same tab, no client navigation). */
  external?: boolean;
  /** Drawn with the member accent (the star). */
  accent?: boolean;
  /** Publication avatar. */
  imageId?: string | null;
}

export interface MenuSection {
  key: string;
  /** Shown as a heading ("Get started"). */
  title?: string;
  items: MenuItem[];
}

export interface AvatarMenuInput {
  /** Signed in (from the client's session), or null for a visitor. */
  viewer: PreloadedViewer | null;
  /** AvatarMenuQuery's viewer once loaded; null while loading or when it failed. */
  data: AvatarMenuViewer | null;
  flags: ReadonlySet<string>;
  now: number;
  ctx: LinkContext;
  statusSiteUrl: string;
  /**
   * The discount offer the reader opened (client/components/membership/remembered-offer.ts): a
   * first membership's "Become a member" says its prices and goes to its plans
   * (docs/adr/0185-banners-carry-the-opened-offer.md). A former member cannot take it.
   */
  offer?: { text: string; href: string } | null;
}

export function footerLinks(ctx: LinkContext, statusSiteUrl: string): MenuItem[] {
  return [
    { key: 'footer-help', label: 'Help', href: buildLink('ShowHelp', {}, ctx) },
    { key: 'footer-status', label: 'Status', href: statusSiteUrl, external: true },
    { key: 'footer-about', label: 'About', href: landingUrl('about', ctx) },
    { key: 'footer-careers', label: 'Careers', href: buildLink('ShowJobs', {}, ctx) },
    // The product's blog is a publication on the product, as the company blog is (PRODUCT_BLOG_SLUG).
    { key: 'footer-blog', label: 'Blog', href: collectionUrl({ id: PRODUCT_BLOG_SLUG, slug: PRODUCT_BLOG_SLUG }, ctx) },
    { key: 'footer-privacy', label: 'Privacy', href: buildLink('ShowTermsOfService', {}, ctx) + '#privacy' },
    { key: 'footer-terms', label: 'Terms', href: buildLink('ShowTermsOfService', {}, ctx) },
    { key: 'footer-text-to-speech', label: 'Text to speech', href: buildLink('ShowHelp', {}, ctx) + '#text-to-speech' },
    { key: 'footer-teams', label: 'Teams', href: landingUrl('business', ctx) },
  ];
}

export function avatarMenuSections(input: AvatarMenuInput): MenuSection[] {
  const { viewer, data, flags, now, ctx } = input;
  const footer: MenuSection = { key: 'footer', items: footerLinks(ctx, input.statusSiteUrl) };
  if (!viewer) {
    return [
      {
        key: 'get-started',
        title: 'Get started',
        items: [
          { key: 'sign-up', label: 'Sign up', action: 'signUp' },
          { key: 'sign-in', label: 'Sign in', action: 'signIn' },
        ],
      },
      footer,
    ];
  }

  const state = membershipState(data?.membership, now);
  const isActiveMember = state === 'member' || state === 'friend' || state === 'cancelled';
  const enrolled = !!data?.partnerProgramEnrollment && ENROLLED.has(data.partnerProgramEnrollment.status);
  const profileRef = data
    ? { id: data.id, username: data.username, hasSubdomain: data.hasSubdomain, customDomainState: data.customDomainState }
    : { id: viewer.id, username: viewer.username };

  const sections: MenuSection[] = [];

  const account: MenuItem[] = [];
  if (data?.membership && isActiveMember) {
    account.push({
      key: 'member-since',
      label: memberSinceText(data.membership.memberSince),
      href: buildLink('ShowSettingsTab', { setting: 'membership' }, ctx),
      accent: true,
    });
  }
  account.push(
    { key: 'write', label: 'Write', href: newStoryUrl(ctx), smallScreensOnly: true },
    { key: 'profile', label: 'Profile', href: profileUrl(profileRef, ctx) },
    { key: 'library', label: 'Library', href: mePageUrl('library', ctx) },
    { key: 'stories', label: 'Stories', href: yourStoriesUrl('drafts', ctx) },
    { key: 'stats', label: 'Stats', href: mePageUrl('stats', ctx) },
  );
  if (enrolled) account.push({ key: 'partner-program', label: 'Partner Program', href: mePageUrl('partnerDashboard', ctx) });
  sections.push({ key: 'account', items: account });

  const publications = data?.adminCollections ?? [];
  if (publications.length > 0) {
    const items: MenuItem[] = publications.slice(0, MAX_MENU_PUBLICATIONS).map((collection) => ({
      key: `publication-${collection.id}`,
      label: collection.name,
      href: collectionUrl(collection, ctx),
      imageId: collection.avatarId,
    }));
    if (publications.length > MAX_MENU_PUBLICATIONS) {
      items.push({ key: 'all-publications', label: 'See all publications', href: managePublicationsUrl(ctx) });
    }
    sections.push({ key: 'publications', items });
  }

  sections.push({
    key: 'settings',
    items: [
      { key: 'settings', label: 'Settings', href: settingsUrl(ctx) },
      { key: 'refine-recommendations', label: 'Refine recommendations', href: mePageUrl('following', ctx) },
      { key: 'manage-publications', label: 'Manage publications', href: managePublicationsUrl(ctx) },
      { key: 'help', label: 'Help', href: buildLink('ShowHelp', {}, ctx) },
    ],
  });

  // Upsells need the menu's data: while it loads (or if it failed) none is shown.
  if (data) {
    const upsells: MenuItem[] = [];
    if (state === 'none' && input.offer) {
      upsells.push({ key: 'become-member', label: 'Become a member', href: input.offer.href, detail: input.offer.text, accent: true });
    } else if (state === 'none' || state === 'ended') {
      upsells.push({ key: 'become-member', label: 'Become a member', href: buildLink('ShowPay', {}, ctx), accent: true });
    }
    if (state === 'cancelled') {
      upsells.push({
        key: 'reactivate-membership',
        label: 'Reactivate Membership',
        action: 'reactivateMembership',
        href: buildLink('ShowSettingsTab', { setting: 'membership' }, ctx),
        accent: true,
      });
    }
    if (
      state === 'member' &&
      canSwitchToFriend(flags) &&
      canSwitchPlan(data.membership) &&
      // A switch to Friend already scheduled wins over the current type
      // (docs/product/1-product-screens-membership-header-search.md §3).
      !isFriendPlan(data.membership?.switchPlanSchedule?.plan.membershipType)
    ) {
      upsells.push({ key: 'become-friend', label: 'Become a Friend', href: buildLink('ShowManageMembershipPage', {}, ctx), accent: true });
    }
    if (isActiveMember && flags.has('enable_mastodon_for_members')) {
      const mastodon = data.linkedAccounts?.mastodon;
      upsells.push(
        mastodon
          ? { key: 'federated-go', label: `Go to ${mastodon.domain}`, href: mastodon.url, external: true }
          : { key: 'federated-create', label: 'Create a Mastodon account', href: buildLink('ShowMastodonForMembersPage', {}, ctx) },
      );
    }
    if (!data.verifications.isBookAuthor) {
      upsells.push({ key: 'author-verification', label: 'Apply for author verification', href: buildLink('ShowLandingVerifiedAuthors', {}, ctx) });
    }
    if (!enrolled) {
      upsells.push({ key: 'partner-program-apply', label: 'Apply to the Partner Program', href: buildLink('ShowLandingPartnerProgram', {}, ctx) });
    }
    if (!flags.has('disable_lite_gift_page')) {
      upsells.push({ key: 'gift-membership', label: 'Gift a membership', href: buildLink('ShowLiteGiftCheckout', {}, ctx) });
    }
    if (upsells.length > 0) sections.push({ key: 'upsells', items: upsells });
  }

  sections.push({
    key: 'sign-out',
    items: [{ key: 'sign-out', label: 'Sign out', action: 'signOut', ...(data?.emailObfuscated ? { detail: data.emailObfuscated } : {}) }],
  });
  sections.push(footer);
  return sections;
}

/**
 * Settings › Publishing at its "Manage publications" section
 * (docs/product/1-product-screens-membership-header-search.md §2.4 anchors).
 */
function managePublicationsUrl(ctx: LinkContext): string {
  return buildLink('ShowSettingsTab', { setting: 'publishing' }, ctx) + '#managePublications';
}
