// 3-D Secure version 2 in the browser (docs/adr/0141-local-3d-secure-challenge.md), on a phone-sized
// window: a reader pays with Stripe's test card that requires authentication, fails the local
// challenge once (the checkout says why; nothing charged), then passes it: a member, the card named
// on the manage page.
import { expect, inject, it } from 'vitest';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createNewReader } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

it('a card needing 3-D Secure is challenged: failed once, then passed', { timeout: 180_000 }, async () => {
  const stamp = Date.now().toString(36);
  const reader = createNewReader(`secure_${stamp}`, 'Secure Reader');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: 'sid', value: reader.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);

  await page.goto(baseURL + '/plans');
  await waitForHydration(page);
  await Promise.all([page.waitForURL(/\/_\/dev\/pay\/checkout\//), page.click('[data-testid="choose-MONTHLY"]')]);
  const checkout = page.url();
  const payWith3184 = async () => {
    await page.fill('#cardnumber', '4000 0027 6000 3184');
    await page.fill('#exp', '12 / 34');
    await page.fill('#cvc', '123');
    await Promise.all([page.waitForURL(/\/challenge\//), page.click('button[type="submit"]')]);
    await page.getByRole('heading', { name: '3D Secure 2 Test Page' }).waitFor();
  };

  // Failed: back on the checkout with the card error.
  await payWith3184();
  expect(await page.locator('main').innerText()).toContain('card ending in 3184');
  await page.screenshot({ path: 'tests/e2e/screenshots/three-d-secure-challenge-390.png', fullPage: true }).catch(() => undefined);
  await Promise.all([page.waitForURL((url) => url.href.startsWith(checkout) && url.search.includes('authentication=failed')), page.getByRole('button', { name: 'Fail authentication' }).click()]);
  expect(await page.getByRole('alert').innerText()).toBe('We are unable to authenticate your payment method. Please choose a different payment method and try again.');

  // Passed: a member.
  await payWith3184();
  await Promise.all([page.waitForURL((url) => url.pathname === '/welcome-member'), page.getByRole('button', { name: 'Complete authentication' }).click()]);
  await page.goto(baseURL + '/manage-membership');
  await waitForHydration(page);
  expect(await page.locator('[data-testid="membership-card"]').innerText()).toMatch(/^Visa ending in 3184 · Expires 12\/2034$/);
  expect(await page.locator('[data-testid="receipt-row"]').allInnerTexts()).toEqual([expect.stringMatching(/Membership: Member, monthly · \$5\.00$/)]);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});
