import { expect, inject, it } from 'vitest';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { ON_SITE_STORY_CARD } from './support/browser.ts';
import { createDemoSessions } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

async function sidebarBox(width: number) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const watch = watchPage(page);
  await page.goto(baseURL + '/@ada');
  await waitForHydration(page);
  const box = await page.locator('[data-testid="sidebar"]').boundingBox();
  const main = await page.locator('.layout-main').boundingBox();
  await page.screenshot({ path: `tests/e2e/screenshots/profile-${width}.png` });
  await page.close();
  expect(watch.consoleErrors).toEqual([]);
  return { box, main };
}

it('shows the two-column sidebar at 1200 px and hides it at 700 px', async () => {
  const wide = await sidebarBox(1200);
  expect(wide.box?.width).toBe(368);
  expect(wide.main?.width).toBeLessThanOrEqual(680 + 48);
  const medium = await sidebarBox(1000);
  expect(medium.box?.width).toBe(352);
  const narrow = await sidebarBox(700);
  expect(narrow.box).toBeNull();
});

it('resets the scroll position on a client-side path change', async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 700 } });
  await page.goto(baseURL + '/');
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const link = page.locator(`${ON_SITE_STORY_CARD} .story-card-link`).last();
  await link.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await link.click();
  await page.waitForSelector('h1.story-title');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.close();
});

it("draws a visitor's membership banner without moving the page (no layout shift after hydration)", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const watch = watchPage(page);
  // Record every layout shift from the first paint on, and when the banner was put in the page.
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { at: number; value: number }[]; __bannerAt: number | null };
    w.__shifts = [];
    w.__bannerAt = null;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__shifts.push({ at: entry.startTime, value: (entry as PerformanceEntry & { value: number }).value });
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => {
      if (w.__bannerAt === null && document.querySelector('[data-testid="membership-banner"]')) w.__bannerAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(baseURL + '/@ada');
  const subscribeBefore = await page.locator('main h1').first().boundingBox();
  await waitForHydration(page);
  const banner = page.locator('[data-testid="membership-banner"][data-banner="upsell"]');
  await banner.waitFor();
  await page.waitForLoadState('networkidle');
  const subscribeAfter = await page.locator('main h1').first().boundingBox();
  // The banner sits at the bottom of the viewport, and nothing above it moved.
  const bannerBox = await banner.boundingBox();
  expect(Math.round((bannerBox?.y ?? 0) + (bannerBox?.height ?? 0))).toBe(900);
  expect(subscribeAfter?.y).toBe(subscribeBefore?.y);
  // No shift from the banner's arrival on (other content, e.g. a late image elsewhere, is not this test's).
  const { shifts, bannerAt } = await page.evaluate(() => {
    const w = window as unknown as { __shifts: { at: number; value: number }[]; __bannerAt: number | null };
    return { shifts: w.__shifts, bannerAt: w.__bannerAt };
  });
  expect(bannerAt).not.toBeNull();
  expect(shifts.filter((s) => s.at >= bannerAt! - 16).reduce((sum, s) => sum + s.value, 0)).toBeLessThan(0.01);
  // The page keeps the banner's height free at its end, so the last lines stay reachable.
  const reserved = await page.evaluate(() => getComputedStyle(document.body).paddingBottom);
  expect(reserved).toBe(`${Math.round(bannerBox?.height ?? 0)}px`);
  await page.screenshot({ path: 'tests/e2e/screenshots/visitor-banner.png' });
  await page.close();
  expect(watch.consoleErrors).toEqual([]);
});

it("fits writers' and editors' pages to a 390 px screen: a wide table scrolls in its own box, the page never sideways", async () => {
  const sessions = createDemoSessions(['ada', 'editor']);
  const pages: [string, string][] = [
    ['ada', '/me/stats'],
    ['ada', '/me/stats/responses'],
    ['ada', '/me/partner/dashboard'],
    ['ada', '/me/subscribers/import'],
    ['ada', '/@ada/audience'],
    ['editor', '/signal-and-noise/permissions'],
    ['editor', '/signal-and-noise/stats/publication-digests'],
  ];
  for (const [who, path] of pages) {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    await context.addCookies([{ name: 'sid', value: sessions[who]!.token, url: baseURL }]);
    const page = await context.newPage();
    const watch = watchPage(page);
    expect((await page.goto(baseURL + path))?.status(), path).toBe(200);
    await waitForHydration(page);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: document.documentElement.clientWidth,
      // A table wider than the screen scrolls inside its box.
      scrolled: [...document.querySelectorAll('.table-scroll')].some((box) => box.scrollWidth > box.clientWidth),
    }));
    expect(widths.page, path).toBeLessThanOrEqual(widths.screen);
    if (path === '/me/stats') expect(widths.scrolled, 'the stories table is wider than a phone').toBe(true);
    expect(watch.consoleErrors, path).toEqual([]);
    await context.close();
  }
});
