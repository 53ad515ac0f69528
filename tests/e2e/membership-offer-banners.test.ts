// An offer link follows the reader (docs/adr/0185-banners-carry-the-opened-offer.md): after
// /discount?discountId=THREE_MONTHS_FREE, the bottom banner (visitor and signed-in non-member, at
// 390 px too) and the avatar menu's "Become a member" show the discounted and the regular price and
// when the discount ends, in the words /discount uses, and lead back to the offer's plans.
import { expect, inject, it } from 'vitest';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createNewReader } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const PHONE = { viewport: { width: 390, height: 760 }, isMobile: true, hasTouch: true };
const OFFER = /^First 3 months free: \$0\.00\/month until [A-Z][a-z]+ \d{1,2}, \d{4}, then \$5\.00\/month$/;
const browser = useBrowser();

it('a visitor at 390 px who opened a three-months-free link sees it on the banner, and the banner leads back to it', { timeout: 120_000 }, async () => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const watch = watchPage(page);
  // Before any offer: the weekly price.
  await page.goto(`${baseURL}/trending`);
  await waitForHydration(page);
  expect(await page.locator('.membership-banner').innerText()).toMatch(/for less than \$[\d.]+\/week/);

  await page.goto(`${baseURL}/discount?discountId=THREE_MONTHS_FREE`);
  await waitForHydration(page);
  const onPlans = await page.locator('[data-plan="MONTHLY"] [data-testid="plan-offer"]').innerText();
  expect(onPlans).toMatch(OFFER);

  await page.goto(`${baseURL}/trending`);
  await waitForHydration(page);
  const banner = page.locator('.membership-banner');
  const text = await banner.locator('[data-testid="banner-offer"]').innerText();
  // The same sentence as the offer's plans: same prices, same end date.
  expect(text).toBe(onPlans);
  expect(await banner.innerText()).not.toContain('/week');
  // It fits the phone's width.
  const box = (await banner.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await Promise.all([page.waitForURL((url) => url.pathname === '/discount'), banner.getByText('Become a member').click()]);
  expect(new URL(page.url()).searchParams.get('discountId')).toBe('THREE_MONTHS_FREE');
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});

it('a signed-in reader without a membership sees the opened offer on the banner and in the menu; an unknown id is not remembered', { timeout: 120_000 }, async () => {
  const reader = createNewReader(`offerbanner_${Date.now().toString(36)}`, 'Offer Banner Reader');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: reader.token, url: baseURL }]);
  const page = await context.newPage();

  // A link naming no offer: said plainly, and nothing follows the reader.
  await page.goto(`${baseURL}/discount?discountId=NINE_MONTHS_FREE`);
  await waitForHydration(page);
  expect(await page.locator('[data-testid="discount-refused"]').innerText()).toContain("This offer doesn't exist.");
  await page.goto(`${baseURL}/trending`);
  await waitForHydration(page);
  expect(await page.locator('.membership-banner').innerText()).toMatch(/for less than \$[\d.]+\/week/);

  await page.goto(`${baseURL}/discount?discountId=ONE_MONTH_FREE`);
  await waitForHydration(page);
  await page.goto(`${baseURL}/trending`);
  await waitForHydration(page);
  const text = await page.locator('.membership-banner [data-testid="banner-offer"]').innerText();
  expect(text).toMatch(/^First month free: \$0\.00\/month until [A-Z][a-z]+ \d{1,2}, \d{4}, then \$5\.00\/month$/);

  await page.click('[data-testid="avatar-menu-button"]');
  await page.waitForSelector('[data-testid="avatar-menu"][data-state="open"]');
  const item = page.locator('[data-item="become-member"]');
  expect(await item.innerText()).toContain('Become a member');
  expect(await item.locator('.avatar-menu-item-detail').innerText()).toBe(text);
  expect(await item.getAttribute('href')).toBe('/discount?discountId=ONE_MONTH_FREE');
  await context.close();
});
