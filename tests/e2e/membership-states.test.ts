// The screens agree with the membership's state (issue 28, point 5): walking the states with the
// README's demo accounts — visitor, member, member with a scheduled switch to Friend, cancelled,
// gifted, payment failed, lapsed — no banner, popover or menu item offers what the state rules out,
// and the manage page offers "Cancel membership" only where a cancellation can be made. Two
// edges of those states too: a payment failed because the renewal waits for 3-D Secure (the
// banner asks to confirm it, docs/adr/0188-renewal-needing-authentication.md), and a lapsed member
// who opened an offer link (a first membership's offer is not offered again, docs/adr/0185-banners-carry-the-opened-offer.md).
import { expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useBrowser, waitForHydration } from './support/browser.ts';
import { createDemoSessions, executeSql } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/** The member's subscription gets (or loses) a scheduled switch to Friend at its period's end. */
const MEMBER_SUBSCRIPTION = "membership_id = (SELECT m.id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.username = 'member')";
const scheduleSwitch = (on: boolean) =>
  executeSql(
    on
      ? `UPDATE subscriptions SET switch_plan = 'PREMIUM_MONTHLY', switch_plan_at = (SELECT current_period_ends_at FROM memberships WHERE id = subscriptions.membership_id) WHERE ${MEMBER_SUBSCRIPTION}`
      : `UPDATE subscriptions SET switch_plan = NULL, switch_plan_at = NULL WHERE ${MEMBER_SUBSCRIPTION}`,
  );

/** The failed member's renewal waits for 3-D Secure (as invoice.payment_action_required leaves it), or not. */
const FAILED_MEMBERSHIP = "user_id = (SELECT id FROM users WHERE username = 'failed')";
const awaitAuthentication = (on: boolean) =>
  executeSql(`UPDATE memberships SET payment_action_url = ${on ? `'${baseURL}/_/dev/pay/invoice/in_sub_test_demo_1'` : 'NULL'} WHERE ${FAILED_MEMBERSHIP}`);

/** A profile whose cards carry the member-only star (tests/e2e/membership-popovers.test.ts). */
const STAR = '.story-card:has([data-testid="member-star"]) [data-testid="member-star"]';

interface Seen {
  banner: string | null;
  /** The banner's words. */
  bannerText: string | null;
  menu: string[];
  /** The second line of "Become a member" (an offer), if any. */
  becomeMemberDetail: string | null;
  /** The member-only star popover's words. */
  star: string;
  manage: string | null;
  cancel: string | null;
}

async function look(page: Page, signedIn: boolean, before?: string): Promise<Seen> {
  if (before) {
    await page.goto(baseURL + before);
    await waitForHydration(page);
  }
  await page.goto(baseURL + '/@partner');
  await waitForHydration(page);
  const starButton = page.locator(STAR).first();
  await starButton.focus();
  await page.keyboard.press('Enter');
  const star = await page.locator('[data-testid="member-star-popover"]').first().innerText();
  await page.goto(baseURL + '/');
  await waitForHydration(page);
  await page.waitForSelector('html[data-membership-banner="ready"]');
  const banner = await page.locator('[data-testid="membership-banner"]').first().getAttribute('data-banner', { timeout: 1000 }).catch(() => null);
  const bannerText = banner ? await page.locator('[data-testid="membership-banner"]').first().innerText() : null;
  await page.click('[data-testid="avatar-menu-button"]');
  await page.waitForSelector('[data-testid="avatar-menu"][data-state="open"]');
  if (signedIn) await page.waitForSelector('[data-item="sign-out"] .avatar-menu-item-detail');
  const menu = await page.locator('[data-testid="avatar-menu"] [role="menuitem"]:visible .avatar-menu-item-label').allInnerTexts();
  const detail = page.locator('[data-item="become-member"] .avatar-menu-item-detail');
  const becomeMemberDetail = (await detail.count()) > 0 ? await detail.innerText() : null;
  const seen = { banner, bannerText, menu, becomeMemberDetail, star };
  if (!signedIn) return { ...seen, manage: null, cancel: null };
  await page.goto(baseURL + '/manage-membership');
  await waitForHydration(page);
  const manage = await page.locator('.membership-page').innerText();
  await page.goto(baseURL + '/me/membership/cancel');
  await waitForHydration(page);
  const cancel = await page.locator('.membership-page').innerText();
  return { ...seen, manage, cancel };
}

const NOT_CHARGED_AGAIN = 'After that you will not be charged again';

it('no banner, menu item or page offers what the membership state rules out', async () => {
  const sessions = createDemoSessions(['member', 'cancelled', 'failed', 'lapsed', 'gifted']);
  const seen: Record<string, Seen> = {};
  const visit = async (name: string, username: string | null, before?: string) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    if (username) await context.addCookies([{ name: 'sid', value: sessions[username]!.token, url: baseURL }]);
    seen[name] = await look(await context.newPage(), username !== null, before);
    await context.close();
  };
  await visit('visitor', null);
  await visit('member', 'member');
  scheduleSwitch(true);
  try {
    await visit('scheduled', 'member');
  } finally {
    scheduleSwitch(false);
  }
  await visit('cancelled', 'cancelled');
  await visit('gifted', 'gifted');
  await visit('failed', 'failed');
  await visit('lapsed', 'lapsed');
  awaitAuthentication(true);
  try {
    await visit('authenticate', 'failed');
  } finally {
    awaitAuthentication(false);
  }
  await visit('lapsedOffer', 'lapsed', '/discount?discountId=THREE_MONTHS_FREE');
  await visit('visitorOffer', null, '/discount?discountId=THREE_MONTHS_FREE');

  // Visitor: the upsell, and the logged-out menu.
  expect(seen.visitor!.banner).toBe('upsell');
  expect(seen.visitor!.menu).toContain('Sign in');

  // Member: Friend offered (banner and menu), cancelling possible with the confirmation's words.
  expect(seen.member!.banner).toBe('friend');
  expect(seen.member!.menu).toContain('Become a Friend');
  expect(seen.member!.menu).not.toContain('Become a member');
  expect(seen.member!.manage).toContain('Cancel membership');

  // Member whose switch to Friend is scheduled: the scheduled plan wins, Friend is offered nowhere.
  expect(seen.scheduled!.banner).not.toBe('friend');
  expect(seen.scheduled!.menu).not.toContain('Become a Friend');
  expect(seen.scheduled!.manage).toContain('Your plan switches to Friend');

  // Cancelled: reactivation offered, never "Become a member", Friend or another cancellation.
  expect(seen.cancelled!.banner).toBe('reactivate');
  expect(seen.cancelled!.menu).toContain('Reactivate Membership');
  expect(seen.cancelled!.menu).not.toContain('Become a member');
  expect(seen.cancelled!.menu).not.toContain('Become a Friend');
  expect(seen.cancelled!.manage).not.toContain('Cancel membership');
  expect(seen.cancelled!.cancel).not.toContain(NOT_CHARGED_AGAIN);

  // Gifted: never charged, so never offered "Cancel" with "you will not be charged again".
  expect(seen.gifted!.banner).toBeNull();
  for (const item of ['Become a member', 'Become a Friend', 'Reactivate Membership']) expect(seen.gifted!.menu).not.toContain(item);
  expect(seen.gifted!.manage).not.toContain('Cancel membership');
  expect(seen.gifted!.cancel).not.toContain(NOT_CHARGED_AGAIN);
  expect(seen.gifted!.cancel).toContain('You are never charged for it.');

  // Payment failed: update the card; no reactivation, no Friend, no "Become a member".
  expect(seen.failed!.banner).toBe('payment-failed');
  for (const item of ['Become a member', 'Become a Friend', 'Reactivate Membership']) expect(seen.failed!.menu).not.toContain(item);

  // Lapsed: become a member again; nothing to reactivate or cancel.
  expect(seen.lapsed!.banner).toBe('upsell');
  expect(seen.lapsed!.menu).toContain('Become a member');
  for (const item of ['Become a Friend', 'Reactivate Membership']) expect(seen.lapsed!.menu).not.toContain(item);
  expect(seen.lapsed!.manage).not.toContain('Cancel membership');
  expect(seen.lapsed!.cancel).not.toContain(NOT_CHARGED_AGAIN);

  // The member-only star: "Get unlimited access" only to whoever cannot read member-only stories.
  for (const state of ['visitor', 'lapsed']) expect(seen[state]!.star, state).toContain('Get unlimited access');
  for (const state of ['member', 'scheduled', 'cancelled', 'gifted', 'failed']) {
    expect(seen[state]!.star, state).toContain('Member-only story');
    expect(seen[state]!.star, state).not.toContain('Get unlimited access');
  }

  // Payment failed because the renewal waits for 3-D Secure: confirm it, not a new card; no upsell.
  expect(seen.authenticate!.banner).toBe('payment-action');
  expect(seen.authenticate!.bannerText).toContain('Your bank asks you to confirm your last payment.');
  for (const item of ['Become a member', 'Become a Friend', 'Reactivate Membership']) expect(seen.authenticate!.menu).not.toContain(item);
  expect(seen.authenticate!.manage).toContain('Confirm your payment');
  expect(seen.authenticate!.star).not.toContain('Get unlimited access');

  // An offer link: a visitor is offered it; a lapsed member, who cannot take a first membership's
  // offer, is offered the regular price on the banner and in the menu.
  expect(seen.visitorOffer!.bannerText).toMatch(/First 3 months free: \$0\.00\/month until .+, then \$5\.00\/month/);
  expect(seen.lapsedOffer!.banner).toBe('upsell');
  expect(seen.lapsedOffer!.bannerText).not.toContain('months free');
  expect(seen.lapsedOffer!.menu).toContain('Become a member');
  expect(seen.lapsedOffer!.becomeMemberDetail).toBeNull();
}, 480_000);
