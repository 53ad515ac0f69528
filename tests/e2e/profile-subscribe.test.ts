// The profile's Subscribe (email) button (docs/newsletters.md "On the profile"): drawn after
// hydration for the viewer the browser knows, since a visitor's profile comes from the edge
// cache. A visitor's Subscribe opens sign-up; a signed-in reader subscribes (the spec's toast),
// sees "Subscribed" after a reload, and unsubscribes; the writer's own profile has no button.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, waitForHydration } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let sessions: Record<string, DemoSession>;

beforeAll(async () => {
  browser = await launchBrowser();
  sessions = createDemoSessions(['partner', 'reader'], [
    "DELETE FROM newsletter_subscriptions WHERE subscriber_id = (SELECT id FROM users WHERE username = 'reader') AND writer_id = (SELECT id FROM users WHERE username = 'partner')",
  ]);
});
afterAll(async () => {
  await browser?.close();
});

const subscribeButton = '.profile-sidebar-actions button.newsletter-subscribe-button';

it('a visitor gets Subscribe after hydration, which asks them to sign up', async () => {
  const page = await browser.newPage();
  const response = await page.goto(`${baseURL}/@partner`);
  // Not in the HTML every visitor shares: drawn after hydration.
  expect(await response!.text()).not.toContain('newsletter-subscribe-button');
  await waitForHydration(page);
  const button = page.locator(subscribeButton);
  await button.waitFor();
  expect(await button.innerText()).toBe('Subscribe');
  // Banners drawn after hydration move the page down: click once it has settled.
  await page.waitForLoadState('networkidle');
  await button.click();
  await page.locator('[data-testid="susi-dialog"][data-operation="register"]').waitFor();
  await page.close();
});

it('a signed-in reader subscribes, sees it after a reload, and unsubscribes; the writer sees no button', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: sessions.reader!.token, url: baseURL }]);
  const page = await context.newPage();
  await page.goto(`${baseURL}/@partner`);
  await waitForHydration(page);
  const button = page.locator(subscribeButton);
  await button.waitFor();
  expect(await button.innerText()).toBe('Subscribe');
  await button.click();
  await expect.poll(() => page.locator('[data-testid="toast-viewport"]').textContent()).toContain("You're subscribed to Jonah Kim");
  expect(await button.getAttribute('aria-pressed')).toBe('true');

  await page.reload();
  await waitForHydration(page);
  await expect.poll(() => page.locator(subscribeButton).innerText()).toBe('Subscribed');
  await page.locator(subscribeButton).click();
  await expect.poll(() => page.locator('[data-testid="toast-viewport"]').textContent()).toContain("You've been unsubscribed");
  expect(await page.locator(subscribeButton).innerText()).toBe('Subscribe');
  await context.close();

  const own = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await own.addCookies([{ name: 'sid', value: sessions.partner!.token, url: baseURL }]);
  const writerPage = await own.newPage();
  await writerPage.goto(`${baseURL}/@partner`);
  await waitForHydration(writerPage);
  await writerPage.locator('.profile-sidebar-actions').waitFor({ state: 'attached' });
  expect(await writerPage.locator(subscribeButton).count()).toBe(0);
  await own.close();
});
