// Client-side navigation, measured as a reader does it (issue 25, point 7): on the home page,
// click a story; on the story, click its writer; then go back. Prints the time from the click
// (or the back) to the next page painted, p50 and p95 per step and over all steps, in Debian's
// Chromium on the 1,000-story world with the edge cache on (each page is loaded once first, so
// the documents come from the edge cache; a navigation's data comes from GraphQL, which the
// pointer's hover before the click asks for ahead, client/app/page-preparation.ts). Goal: p50 ≤ 300 ms.
//
// "Painted": the frame after the new page's heading replaced the old one at the new address
// (a client navigation commits the whole page at once, client/app/navigation.tsx).
import { chromium } from 'playwright-core';
import { startSite } from './lib/site.mjs';

const ROUNDS = Number(process.env.BENCH_NAVIGATION_ROUNDS ?? 10);
/**
 * A reader's browser: headless Chromium names itself HeadlessChrome and Node's fetch "node", which
 * the bot check counts as bots, and a bot's page is always a fresh render (worker/cache/rules.ts).
 */
const READER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Arms the page: the next click (or the returned start, for a back) starts the clock, which
 * stops at the frame after the page at `path` has a new heading. Resolves to milliseconds.
 */
function armNavigationClock(page, path) {
  return page.evaluate((target) => {
    const oldHeading = document.querySelector('h1');
    window.__navigationTime = new Promise((resolve) => {
      let startedAt = null;
      window.__startNavigationClock = () => (startedAt = performance.now());
      document.addEventListener('click', (event) => (startedAt ??= event.timeStamp), { capture: true, once: true });
      const frame = () => {
        const heading = document.querySelector('h1');
        if (startedAt !== null && location.pathname === target && heading && heading !== oldHeading) {
          // This frame paints the new page: the time after it.
          setTimeout(() => resolve(performance.now() - startedAt), 0);
        } else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  }, path);
}

const site = await startSite({ stories: 1000 });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const home = await fetch(site.baseURL + '/', { headers: { 'user-agent': READER_AGENT } }).then((r) => r.text());
  const storyPath = /href="(\/@[^"/]+\/[a-z0-9-]*[0-9a-f]{12})"/.exec(home)?.[1];
  if (!storyPath) throw new Error('no story link on the home page');
  const writerPath = storyPath.slice(0, storyPath.indexOf('/', 1));
  // Fill the edge cache with the three documents, and check they are answered from it
  // (worker/cache/headers.ts): a MISS would measure a fresh render instead.
  for (const path of ['/', storyPath, writerPath]) {
    let status = null;
    for (let i = 0; i < 5 && status !== 'HIT'; i++) {
      const res = await fetch(site.baseURL + path, { headers: { 'user-agent': READER_AGENT } });
      await res.arrayBuffer();
      status = res.headers.get('x-cache-status');
    }
    if (status !== 'HIT') throw new Error(`${path} is not answered from the edge cache (x-cache-status: ${status})`);
  }

  const times = { 'home → story': [], 'story → writer': [], 'writer → back to the story': [] };
  for (let round = 0; round < ROUNDS; round++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: false, userAgent: READER_AGENT });
    const page = await context.newPage();
    await page.goto(site.baseURL + '/', { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });

    await armNavigationClock(page, storyPath);
    await page.locator(`a[href="${storyPath}"]`).first().click();
    times['home → story'].push(await page.evaluate(() => window.__navigationTime));

    await armNavigationClock(page, writerPath);
    await page.locator(`main a[href="${writerPath}"]`).first().click();
    times['story → writer'].push(await page.evaluate(() => window.__navigationTime));

    await armNavigationClock(page, storyPath);
    await page.evaluate(() => {
      window.__startNavigationClock();
      history.back();
    });
    times['writer → back to the story'].push(await page.evaluate(() => window.__navigationTime));
    await context.close();
  }

  console.log(`\n## Client navigation, click to next page painted (${ROUNDS} rounds, 390 px, documents from the edge cache (HIT); goal p50 ≤ 300 ms)\n`);
  console.log('| step | p50 | p95 |');
  console.log('|---|---|---|');
  for (const [step, values] of Object.entries(times)) console.log(`| ${step} | ${percentile(values, 50).toFixed(0)} ms | ${percentile(values, 95).toFixed(0)} ms |`);
  const all = Object.values(times).flat();
  console.log(`| all steps | ${percentile(all, 50).toFixed(0)} ms | ${percentile(all, 95).toFixed(0)} ms |`);
} finally {
  await browser.close();
  await site.stop();
}
