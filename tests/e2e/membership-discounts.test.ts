// A discount offer in the browser (docs/adr/0115-discounts-are-discounted-cycles.md): a reader
// follows a three-months-free link to /discount, sees the discounted and the regular price and
// when the discount ends, pays $0.00 today on the local provider's page, and the manage page says
// the same. The billing clock then moves into the fourth month: the receipts show three free
// months and one regular charge.
import { expect, inject, it } from 'vitest';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createNewReader } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

it('three months free: $0.00 today, three free months and one regular charge on the receipts', { timeout: 180_000 }, async () => {
  const stamp = Date.now().toString(36);
  const reader = createNewReader(`offer_${stamp}`, 'Offer Reader');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: reader.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);

  // The offer's link: its name, and the price in the spec's words on the monthly plan.
  await page.goto(baseURL + '/discount?discountId=THREE_MONTHS_FREE');
  await waitForHydration(page);
  expect(await page.locator('h1').innerText()).toBe('First 3 months free');
  const offer = await page.locator('[data-plan="MONTHLY"] [data-testid="plan-offer"]').innerText();
  expect(offer).toMatch(/^First 3 months free: \$0\.00\/month until [A-Z][a-z]+ \d{1,2}, \d{4}, then \$5\.00\/month$/);

  // The provider's page: $0.00 today, and the same sentence.
  await Promise.all([page.waitForURL(/\/_\/dev\/pay\/checkout\//), page.click('[data-testid="choose-MONTHLY"]')]);
  expect(await page.locator('[data-amount]').innerText()).toBe('$0.00');
  expect(await page.locator('[data-discount]').innerText()).toBe(offer);
  await page.fill('#cardnumber', '4242 4242 4242 4242');
  await page.fill('#exp', '12 / 34');
  await page.fill('#cvc', '123');
  await Promise.all([page.waitForURL((url) => url.pathname === '/welcome-member'), page.click('button[type="submit"]')]);

  // The manage page: the offer, the next charge of $0.00, one free month on the receipts.
  await page.goto(baseURL + '/manage-membership');
  await waitForHydration(page);
  expect(await page.locator('[data-testid="membership-discount"]').innerText()).toBe(offer);
  expect(await page.locator('[data-testid="membership-status"]').innerText()).toMatch(/^Your next charge of \$0\.00 is on /);
  expect(await page.locator('[data-testid="receipt-row"]').allInnerTexts()).toEqual([expect.stringMatching(/Membership: Member, monthly · Free month \(First 3 months free\) · \$0\.00$/)]);

  // The billing clock moves 100 days, into the fourth month: two more free months, then the regular price.
  const run = await fetch(`${baseURL}/_/dev/billing/advance?days=100`, { method: 'POST', headers: { 'x-vellum-billing-clock': '1' } });
  expect(run.status).toBe(200);
  await page.goto(baseURL + '/manage-membership');
  await waitForHydration(page);
  const rows = await page.locator('[data-testid="receipt-row"]').allInnerTexts();
  expect(rows.filter((row) => row.endsWith('Free month (First 3 months free) · $0.00'))).toHaveLength(3);
  expect(rows.filter((row) => row.endsWith('Membership: Member, monthly · $5.00'))).toHaveLength(1);
  expect(rows).toHaveLength(4);
  expect(await page.locator('[data-testid="membership-discount"]').count()).toBe(0);
  expect(await page.locator('[data-testid="membership-status"]').innerText()).toMatch(/^Your next charge of \$5\.00 is on /);

  // A receipt of a free month says so.
  await Promise.all([page.waitForURL(/\/me\/billing-history\/receipt\//), page.locator('[data-testid="receipt-row"] a').last().click()]);
  await waitForHydration(page);
  expect(await page.locator('[data-testid="receipt"]').innerText()).toContain('Free month (First 3 months free)');
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});
