// The home page's footer (docs/product/1-product-screens-membership-header-search.md §7, client events): a signed-in reader's home sidebar ends with
// the site's pages; clicking About opens /about and reports homepage.footer.aboutClicked through
// the event queue (POST /_/batch).
import { expect, inject, it } from 'vitest';
import { READER_AGENT, useBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

it('About in the home footer opens the about page and reports homepage.footer.aboutClicked', async () => {
  const { reader } = createDemoSessions(['reader']);
  const context = await browser.newContext({ userAgent: READER_AGENT, viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: reader!.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(baseURL + '/');
  await waitForHydration(page);
  const footer = page.locator('[data-testid="home-footer"]');
  expect((await footer.locator('a').allInnerTexts()).join(' ')).toBe('Help About Careers Privacy Terms');
  const reported = page.waitForRequest((r) => new URL(r.url()).pathname === '/_/batch' && (r.postData() ?? '').includes('"homepage.footer.aboutClicked"'), { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await footer.getByRole('link', { name: 'About' }).click();
  await page.waitForURL(`${baseURL}/about`);
  expect((await (await reported).response())?.status()).toBe(204);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});
