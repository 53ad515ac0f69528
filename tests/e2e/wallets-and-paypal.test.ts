// Wallets and PayPal in the browser (docs/adr/0142-wallets-and-paypal.md): one reader pays with the
// local Apple Pay sheet (it says which test card it holds), another with the local PayPal approval
// page; each manage page and receipt names the payment method as the spec's kinds do.
import { expect, inject, it } from 'vitest';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createNewReader } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

async function payWith(wallet: 'Apple Pay' | 'PayPal', confirm: string) {
  const stamp = `${wallet === 'PayPal' ? 'pp' : 'ap'}${Date.now().toString(36)}`;
  const reader = createNewReader(stamp, 'Wallet Reader');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: reader.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(baseURL + '/plans');
  await waitForHydration(page);
  await Promise.all([page.waitForURL(/\/_\/dev\/pay\/checkout\//), page.click('[data-testid="choose-MONTHLY"]')]);
  await Promise.all([page.waitForURL(/\/challenge\//), page.getByRole('button', { name: wallet, exact: true }).click()]);
  await page.getByRole('heading', { name: wallet }).waitFor();
  const sheet = await page.locator('main').innerText();
  await page.screenshot({ path: `tests/e2e/screenshots/${wallet === 'PayPal' ? 'paypal' : 'apple-pay'}-sheet.png` }).catch(() => undefined);
  await Promise.all([page.waitForURL((url) => url.pathname === '/welcome-member'), page.getByRole('button', { name: confirm }).click()]);
  await page.goto(baseURL + '/manage-membership');
  await waitForHydration(page);
  const method = await page.locator('[data-testid="membership-card"]').innerText();
  await Promise.all([page.waitForURL(/\/me\/billing-history\/receipt\//), page.locator('[data-testid="receipt-row"] a').first().click()]);
  await waitForHydration(page);
  const receipt = await page.locator('[data-testid="receipt-method"]').innerText();
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
  return { sheet, method, receipt };
}

it('a member pays with the local Apple Pay sheet, another with the local PayPal approval page', { timeout: 240_000 }, async () => {
  const apple = await payWith('Apple Pay', 'Confirm with Apple Pay');
  expect(apple.sheet).toContain('This test wallet holds the test card Visa ending in 4242.');
  expect(apple.method).toBe('Apple Pay · Visa ending in 4242');
  expect(apple.receipt).toBe('Apple Pay · Visa ending in 4242');

  const paypal = await payWith('PayPal', 'Approve');
  expect(paypal.sheet).toContain('from your PayPal account');
  expect(paypal.method).toBe('PayPal');
  expect(paypal.receipt).toBe('PayPal');
});
