// The avatar menu's items for every kind of viewer
// (docs/product/1-product-screens-membership-header-search.md §2.6, §4, §6).
import { describe, expect, it } from 'vitest';
import {
  avatarMenuSections,
  canSwitchPlan,
  memberSinceText,
  membershipState,
  type AvatarMenuMembership,
  type AvatarMenuViewer,
} from '../../../client/components/avatar-menu/menu-items.ts';
import type { LinkContext } from '../../../shared/routing/links.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22);
const ctx: LinkContext = { hostKind: 'default', mainOrigin: 'https://vellum.example' };
const preloaded = { id: 'u1', username: 'ada', name: 'Ada', imageId: null };

function membership(overrides: Partial<AvatarMenuMembership> = {}): AvatarMenuMembership {
  return {
    id: 'm1',
    tier: 'MEMBER',
    memberSince: Date.UTC(2024, 2, 15),
    isCancelled: false,
    paymentFailedAt: null,
    currentPeriodEndsAt: NOW + 20 * DAY,
    paymentProvider: 'STRIPE',
    ...overrides,
  };
}

function viewer(overrides: Partial<AvatarMenuViewer> = {}): AvatarMenuViewer {
  return {
    id: 'u1',
    username: 'ada',
    name: 'Ada',
    imageId: null,
    hasSubdomain: false,
    customDomainState: null,
    emailObfuscated: 'a•••••@vellum.test',
    membership: null,
    adminCollections: [],
    linkedAccounts: { id: 'u1', mastodon: null },
    verifications: { isBookAuthor: false },
    partnerProgramEnrollment: null,
    ...overrides,
  };
}

function menu(data: AvatarMenuViewer | null, flags: string[] = [], loggedIn = true) {
  const sections = avatarMenuSections({
    viewer: loggedIn ? preloaded : null,
    data,
    flags: new Set(flags),
    now: NOW,
    ctx,
    statusSiteUrl: 'https://status.vellum.example',
  });
  const items = sections.flatMap((s) => s.items);
  return {
    sections,
    keys: items.map((i) => i.key),
    labels: items.map((i) => i.label),
    item: (key: string) => items.find((i) => i.key === key),
  };
}

const FOOTER = ['Help', 'Status', 'About', 'Careers', 'Blog', 'Privacy', 'Terms', 'Text to speech', 'Teams'];

describe('avatar menu items', () => {
  it('visitor: Get started with Sign up and Sign in, and the footer links', () => {
    const m = menu(null, [], false);
    expect(m.sections[0]).toMatchObject({ title: 'Get started' });
    expect(m.labels).toEqual(['Sign up', 'Sign in', ...FOOTER]);
    expect(m.item('sign-up')?.action).toBe('signUp');
    expect(m.item('footer-status')?.href).toBe('https://status.vellum.example');
  });

  it('reader without membership: the account items and every upsell that applies', () => {
    const m = menu(viewer());
    expect(m.labels).toEqual([
      'Write',
      'Profile',
      'Library',
      'Stories',
      'Stats',
      'Settings',
      'Refine recommendations',
      'Manage publications',
      'Help',
      'Become a member',
      'Apply for author verification',
      'Apply to the Partner Program',
      'Gift a membership',
      'Sign out',
      ...FOOTER,
    ]);
    expect(m.item('write')?.smallScreensOnly).toBe(true);
    expect(m.item('sign-out')).toMatchObject({ action: 'signOut', detail: 'a•••••@vellum.test' });
    expect(m.item('profile')?.href).toBe('/@ada');
    expect(m.item('library')?.href).toBe('/me/lists');
    expect(m.item('stories')?.href).toBe('/me/stories/drafts');
    expect(m.item('stats')?.href).toBe('/me/stats');
    expect(m.item('settings')?.href).toBe('/me/settings');
    expect(m.item('become-member')?.href).toBe('/plans');
    expect(m.item('gift-membership')?.href).toBe('/gift-checkout');
  });

  it('Member: "Member since", no "Become a member"', () => {
    const m = menu(viewer({ membership: membership() }));
    expect(m.labels[0]).toBe('Member since March 2024');
    expect(memberSinceText(Date.UTC(2024, 2, 15))).toBe('Member since March 2024');
    expect(m.keys).not.toContain('become-member');
    expect(m.keys).not.toContain('become-friend');
  });

  it('Member with the premium flags and a card processor: Become a Friend', () => {
    const flags = ['enable_premium_tier', 'enable_switch_plan_premium_tier'];
    expect(menu(viewer({ membership: membership() }), flags).item('become-friend')?.href).toBe('/manage-membership');
    expect(menu(viewer({ membership: membership() }), ['enable_premium_tier']).keys).not.toContain('become-friend');
    expect(menu(viewer({ membership: membership({ paymentProvider: 'APPLE' }) }), flags).keys).not.toContain('become-friend');
    expect(menu(viewer({ membership: membership({ tier: 'FRIEND' }) }), flags).keys).not.toContain('become-friend');
    // A switch to Friend already scheduled wins over the current type
    // (docs/product/1-product-screens-membership-header-search.md §3); one to Member does not.
    expect(menu(viewer({ membership: membership({ switchPlanSchedule: { plan: { membershipType: 'PREMIUM_MONTHLY' } } }) }), flags).keys).not.toContain('become-friend');
    expect(menu(viewer({ membership: membership({ switchPlanSchedule: { plan: { membershipType: 'YEARLY' } } }) }), flags).keys).toContain('become-friend');
  });

  it('Friend: "Member since" and no membership upsell', () => {
    const m = menu(viewer({ membership: membership({ tier: 'FRIEND' }) }), ['enable_premium_tier', 'enable_switch_plan_premium_tier']);
    expect(m.keys[0]).toBe('member-since');
    expect(m.keys).not.toContain('become-member');
    expect(m.keys).not.toContain('reactivate-membership');
  });

  it('cancelled member: Reactivate Membership while the period runs; Become a member after', () => {
    const cancelled = menu(viewer({ membership: membership({ isCancelled: true }) }));
    expect(cancelled.keys).toContain('member-since');
    expect(cancelled.item('reactivate-membership')).toMatchObject({ label: 'Reactivate Membership', action: 'reactivateMembership' });
    expect(cancelled.keys).not.toContain('become-member');
    const lapsed = menu(viewer({ membership: membership({ isCancelled: true, currentPeriodEndsAt: NOW - DAY }) }));
    expect(lapsed.keys).toContain('become-member');
    expect(lapsed.keys).not.toContain('member-since');
    expect(lapsed.keys).not.toContain('reactivate-membership');
  });

  it('payment failed: no membership upsell', () => {
    const m = menu(viewer({ membership: membership({ paymentFailedAt: NOW - DAY }) }));
    expect(m.keys).not.toContain('become-member');
    expect(m.keys).not.toContain('member-since');
    expect(canSwitchPlan(membership({ paymentFailedAt: NOW }))).toBe(false);
  });

  it('administrator of four publications: three of them and "See all publications"', () => {
    const collections = ['Alpha', 'Beta', 'Gamma', 'Delta'].map((name, i) => ({
      id: `c${i}`,
      name,
      slug: name.toLowerCase(),
      domain: i === 0 ? 'alpha.test' : null,
      avatarId: null,
    }));
    const m = menu(viewer({ adminCollections: collections }));
    const section = m.sections.find((s) => s.key === 'publications')!;
    expect(section.items.map((i) => i.label)).toEqual(['Alpha', 'Beta', 'Gamma', 'See all publications']);
    expect(section.items[0]?.href).toBe('https://alpha.test');
    expect(section.items[1]?.href).toBe('/beta');
    expect(menu(viewer({ adminCollections: collections.slice(0, 3) })).keys).not.toContain('all-publications');
    expect(menu(viewer()).sections.map((s) => s.key)).not.toContain('publications');
  });

  it('verified book author: no "Apply for author verification"', () => {
    expect(menu(viewer({ verifications: { isBookAuthor: true } })).keys).not.toContain('author-verification');
  });

  it('Partner Program enrollee: the Partner Program item instead of the application', () => {
    const m = menu(viewer({ partnerProgramEnrollment: { id: 'u1', status: 'ACTIVE' } }));
    expect(m.item('partner-program')?.href).toBe('/me/partner/dashboard');
    expect(m.keys).not.toContain('partner-program-apply');
    const inactive = menu(viewer({ partnerProgramEnrollment: { id: 'u1', status: 'INACTIVE' } }));
    expect(inactive.keys).toContain('partner-program-apply');
    expect(inactive.keys).not.toContain('partner-program');
  });

  it('federated instance: members with enable_mastodon_for_members; "Go to" when linked', () => {
    const flags = ['enable_mastodon_for_members'];
    expect(menu(viewer({ membership: membership() })).keys).not.toContain('federated-create');
    expect(menu(viewer({ membership: membership() }), flags).item('federated-create')?.href).toBe('/mastodon');
    expect(menu(viewer(), flags).keys).not.toContain('federated-create');
    const linked = menu(
      viewer({ membership: membership(), linkedAccounts: { id: 'u1', mastodon: { id: 'u1', username: 'ada', domain: 'me.vellum.social', url: 'https://me.vellum.social/@ada' } } }),
      flags,
    );
    expect(linked.item('federated-go')).toMatchObject({ label: 'Go to me.vellum.social', href: 'https://me.vellum.social/@ada', external: true });
  });

  it('disable_lite_gift_page hides "Gift a membership"', () => {
    expect(menu(viewer(), ['disable_lite_gift_page']).keys).not.toContain('gift-membership');
  });

  it('while the menu data loads: no upsells, sign-out without the email', () => {
    const m = menu(null);
    expect(m.keys).toContain('profile');
    expect(m.keys).not.toContain('become-member');
    expect(m.item('sign-out')?.detail).toBeUndefined();
  });

  it('membership states', () => {
    expect(membershipState(null, NOW)).toBe('none');
    expect(membershipState(membership(), NOW)).toBe('member');
    expect(membershipState(membership({ tier: 'FRIEND' }), NOW)).toBe('friend');
    expect(membershipState(membership({ isCancelled: true }), NOW)).toBe('cancelled');
    expect(membershipState(membership({ paymentFailedAt: NOW }), NOW)).toBe('failed');
    expect(membershipState(membership({ currentPeriodEndsAt: NOW }), NOW)).toBe('ended');
  });

  it('links to the main host from a custom domain', () => {
    const onCustomDomain = avatarMenuSections({
      viewer: preloaded,
      data: viewer(),
      flags: new Set(),
      now: NOW,
      ctx: { hostKind: 'user', mainOrigin: 'https://vellum.example', hostUsername: 'ada' },
      statusSiteUrl: 'https://status.vellum.example',
    }).flatMap((s) => s.items);
    expect(onCustomDomain.find((i) => i.key === 'settings')?.href).toBe('https://vellum.example/me/settings');
  });
});
