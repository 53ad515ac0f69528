// The screens agree with the membership's state (issue 28, point 5): walking the states with the
// README's demo accounts — visitor, member, member with a scheduled switch to Friend, cancelled,
// gifted, payment failed, lapsed — no banner, popover or menu item offers what the state rules out,
// and the manage page offers "Cancel membership" only where a cancellation can be made.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, waitForHydration } from './support/browser.ts';
import { createDemoSessions, executeSql } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The member's subscription gets (or loses) a scheduled switch to Friend at its period's end. */
const MEMBER_SUBSCRIPTION = "membership_id = (SELECT m.id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.username = 'member')";
const scheduleSwitch = (on: boolean) =>
  executeSql(
    on
      ? `UPDATE subscriptions SET switch_plan = 'PREMIUM_MONTHLY', switch_plan_at = (SELECT current_period_ends_at FROM memberships WHERE id = subscriptions.membership_id) WHERE ${MEMBER_SUBSCRIPTION}`
      : `UPDATE subscriptions SET switch_plan = NULL, switch_plan_at = NULL WHERE ${MEMBER_SUBSCRIPTION}`,
  );

interface Seen {
  banner: string | null;
  menu: string[];
  manage: string | null;
  cancel: string | null;
}

async function look(page: Page, signedIn: boolean): Promise<Seen> {
  await page.goto(baseURL + '/');
  await waitForHydration(page);
  await page.waitForSelector('html[data-membership-banner="ready"]');
  const banner = await page.locator('[data-testid="membership-banner"]').first().getAttribute('data-banner', { timeout: 1000 }).catch(() => null);
  await page.click('[data-testid="avatar-menu-button"]');
  await page.waitForSelector('[data-testid="avatar-menu"][data-state="open"]');
  if (signedIn) await page.waitForSelector('[data-item="sign-out"] .avatar-menu-item-detail');
  const menu = await page.locator('[data-testid="avatar-menu"] [role="menuitem"]:visible .avatar-menu-item-label').allInnerTexts();
  if (!signedIn) return { banner, menu, manage: null, cancel: null };
  await page.goto(baseURL + '/manage-membership');
  await waitForHydration(page);
  const manage = await page.locator('.membership-page').innerText();
  await page.goto(baseURL + '/me/membership/cancel');
  await waitForHydration(page);
  const cancel = await page.locator('.membership-page').innerText();
  return { banner, menu, manage, cancel };
}

const NOT_CHARGED_AGAIN = 'After that you will not be charged again';

it('no banner, menu item or page offers what the membership state rules out', async () => {
  const sessions = createDemoSessions(['member', 'cancelled', 'failed', 'lapsed', 'gifted']);
  const seen: Record<string, Seen> = {};
  const visit = async (name: string, username: string | null) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    if (username) await context.addCookies([{ name: 'sid', value: sessions[username]!.token, url: baseURL }]);
    seen[name] = await look(await context.newPage(), username !== null);
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
}, 240_000);
