// The bottom membership banner and the avatar menu at 390 px, and the banners' native-app
// exclusion (issue 29 point 12; docs/product/1-product-screens-membership-header-search.md
// "Visitor upsell banner", "Friend banner": never in the native app).
import { expect, inject, it } from 'vitest';
import { useBrowser, waitForHydration } from './support/browser.ts';
import { createDemoSessions } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const PHONE = { viewport: { width: 390, height: 700 }, isMobile: true, hasTouch: true };
const APP_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 VellumApp/4.2.0';
const browser = useBrowser();

it('at 390 px the open avatar menu ends above the membership banner', { timeout: 90_000 }, async () => {
  const session = createDemoSessions(['reader'])['reader']!;
  const context = await browser.newContext(PHONE);
  await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  const page = await context.newPage();
  await page.goto(`${baseURL}/trending`);
  await waitForHydration(page);
  const banner = page.locator('.membership-banner');
  expect(await banner.innerText()).toContain('Become a member');
  await page.click('[data-testid="avatar-menu-button"]');
  await page.waitForSelector('[data-testid="avatar-menu"][data-state="open"]');
  const menu = (await page.locator('[data-testid="avatar-menu"]').boundingBox())!;
  const bannerBox = (await banner.boundingBox())!;
  expect(menu.y + menu.height).toBeLessThanOrEqual(bannerBox.y);
  // What lies below the fold of the menu is reached by scrolling it, not hidden under the banner.
  const signOut = page.locator('[data-item="sign-out"]');
  await signOut.scrollIntoViewIfNeeded();
  const item = (await signOut.boundingBox())!;
  expect(item.y + item.height).toBeLessThanOrEqual(bannerBox.y);
  await context.close();
});

it('the native app shows no visitor banner', { timeout: 60_000 }, async () => {
  const app = await browser.newContext({ ...PHONE, userAgent: APP_AGENT });
  const inApp = await app.newPage();
  await inApp.goto(`${baseURL}/trending`);
  await waitForHydration(inApp);
  expect(await inApp.locator('.membership-banner').count()).toBe(0);

  // The same page in a phone's browser has it.
  const web = await browser.newContext(PHONE);
  const onWeb = await web.newPage();
  await onWeb.goto(`${baseURL}/trending`);
  await waitForHydration(onWeb);
  expect(await onWeb.locator('.membership-banner').innerText()).toContain('Become a member');
  await Promise.all([app.close(), web.close()]);
});
