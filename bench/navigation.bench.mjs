// Client-side navigation, measured as a reader does it (issue 25, point 7): on the home page,
// click a story; on the story, click its writer; then go back. Prints the time from the click
// (or the back) to the next page painted, p50 and p95 per step and over all steps, in Debian's
// Chromium on the 1,000-story world with the edge cache on (each page is loaded once first, so
// the documents come from the edge cache; a visitor's navigation reads its data from the next
// page's document, which the edge cache answers, asked for on the reader's intent,
// client/app/page-preparation.ts, docs/adr/0223-a-visitors-navigation-data-from-the-edge-cached-page.md).
// Goal: p50 ≤ 300 ms.
//
// "Painted": the frame in which the new page's heading replaced the old one at the new address
// (a client navigation commits the whole page at once, client/app/navigation.tsx), its style and
// layout done; the time of the next task after that frame is printed beside it. Before each
// click the reader scrolls to the link and looks (no new request for half a second), and the
// bench prints where each step's time goes (client/app/navigation-timing.ts;
// docs/adr/0219-navigation-code-in-view-data-on-intent.md).
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
    const armedAt = performance.now();
    window.__navigationTime = new Promise((resolve) => {
      let startedAt = null;
      window.__startNavigationClock = () => (startedAt = performance.now());
      document.addEventListener('click', (event) => (startedAt ??= event.timeStamp), { capture: true, once: true });
      const frame = () => {
        const heading = document.querySelector('h1');
        if (startedAt !== null && location.pathname === target && heading && heading !== oldHeading) {
          // This frame paints the new page: its style and layout done (forced here, as the frame
          // would do them next), only the paint itself follows. The next task's time comes after
          // whatever work was queued before it (a page's effects), which the reader does not
          // wait for to see the page: kept as a second figure.
          heading.getBoundingClientRect();
          const frame = performance.now() - startedAt;
          setTimeout(() => {
            const paint = performance.now() - startedAt;
            // Where the time went (client/app/navigation-timing.ts): the navigation's marks and
            // the requests made since the clock was armed, in ms after the click.
            const after = (time) => time - startedAt;
            const marks = {};
            for (const mark of performance.getEntriesByType('mark')) {
              if (mark.startTime < armedAt || !mark.name.startsWith('vellum:navigation:')) continue;
              marks[mark.name.slice('vellum:navigation:'.length)] ??= after(mark.startTime);
            }
            const requests = performance.getEntriesByType('resource').filter((entry) => entry.startTime >= armedAt);
            const graphql = requests.filter((entry) => new URL(entry.name).pathname === '/_/graphql');
            // Pages' documents fetched by the navigation (a visitor's data, client/app/page-document.ts).
            const documents = requests.filter((entry) => entry.initiatorType === 'fetch' && !/^\/(_|assets)\//.test(new URL(entry.name).pathname));
            const scripts = requests.filter((entry) => entry.initiatorType === 'script' || entry.initiatorType === 'link' || entry.name.endsWith('.js'));
            resolve({
              frame,
              paint,
              marks,
              graphql: graphql.map((entry) => ({ start: after(entry.startTime), server: entry.responseStart - entry.requestStart, end: after(entry.responseEnd) })),
              documents: documents.map((entry) => ({ start: after(entry.startTime), server: entry.responseStart - entry.requestStart, end: after(entry.responseEnd) })),
              scripts: scripts.map((entry) => ({ name: new URL(entry.name).pathname, start: after(entry.startTime), end: after(entry.responseEnd) })),
            });
          }, 0);
        } else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  }, path);
}

/** A median, or "–" when no run had the value. */
function median(values) {
  const present = values.filter((value) => value !== undefined && value !== null);
  return present.length ? `${percentile(present, 50).toFixed(0)} ms` : '–';
}

/**
 * Where the time went, per step (p50 over the rounds, ms after the click; a negative time
 * happened before it, on the reader's intent): the navigation's own marks
 * (client/app/navigation-timing.ts), the data call's start, the server's answer and its end
 * (resource timing of /_/graphql), the last script chunk in, React's commit and the paint.
 */
function printSplit(times) {
  console.log('\n### Where the time goes (p50, ms after the click; negative: before it, on intent)\n');
  console.log(
    '| step | intent | resolved | chunk in | data call starts | server answers in | data call ends | document starts | server answers in | document read | data in cache | commit | painted | data calls | documents | script requests |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [step, runs] of Object.entries(times)) {
    const mark = (name) => median(runs.map((run) => run.marks[name]));
    const lastGraphql = (key) => median(runs.map((run) => (run.graphql.length ? run.graphql[run.graphql.length - 1][key] : undefined)));
    const lastDocument = (key) => median(runs.map((run) => (run.documents.length ? run.documents[run.documents.length - 1][key] : undefined)));
    const calls = median(runs.map((run) => run.graphql.length)).replace(' ms', '');
    const documents = median(runs.map((run) => run.documents.length)).replace(' ms', '');
    const scripts = median(runs.map((run) => run.scripts.length)).replace(' ms', '');
    console.log(
      `| ${step} | ${mark('intent')} | ${mark('resolved')} | ${mark('chunk')} | ${lastGraphql('start')} | ${lastGraphql('server')} | ${lastGraphql('end')} | ${lastDocument('start')} | ${lastDocument('server')} | ${mark('document')} | ${mark('data')} | ${mark('commit')} | ${median(runs.map((run) => run.frame))} | ${calls} | ${documents} | ${scripts} |`,
    );
  }
  if (process.env.BENCH_NAVIGATION_DETAIL) console.log(JSON.stringify(times, null, 1));
}

/**
 * A reader looks at a page before following a link: the page's idle work (the chunks it loads
 * after hydration, a card's page code in view) is done by then. No new request for half a
 * second (at most five seconds) stands for that look.
 */
async function readerLooks(page) {
  await page.evaluate(async () => {
    const deadline = performance.now() + 5000;
    let count = performance.getEntriesByType('resource').length;
    let quietSince = performance.now();
    while (performance.now() - quietSince < 500 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = performance.getEntriesByType('resource').length;
      if (now !== count) (count = now), (quietSince = performance.now());
    }
  });
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
  /** x-cache-status → how many of the navigations' documents it answered. */
  const documentStatuses = {};
  for (let round = 0; round < ROUNDS; round++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: false, userAgent: READER_AGENT });
    const page = await context.newPage();
    // How the edge cache answered each document a navigation fetched (worker/cache/headers.ts).
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (response.request().resourceType() === 'fetch' && !/^\/(_|assets)\//.test(path)) {
        const status = response.headers()['x-cache-status'] ?? 'none';
        documentStatuses[status] = (documentStatuses[status] ?? 0) + 1;
      }
    });
    await page.goto(site.baseURL + '/', { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });

    // The reader scrolls to the story's link and sees it before clicking it.
    const storyLink = page.locator(`a[href="${storyPath}"]`).first();
    await storyLink.scrollIntoViewIfNeeded();
    await readerLooks(page);
    await armNavigationClock(page, storyPath);
    await storyLink.click();
    times['home → story'].push(await page.evaluate(() => window.__navigationTime));

    const writerLink = page.locator(`main a[href="${writerPath}"]`).first();
    await writerLink.scrollIntoViewIfNeeded();
    await readerLooks(page);
    await armNavigationClock(page, writerPath);
    await writerLink.click();
    times['story → writer'].push(await page.evaluate(() => window.__navigationTime));
    await readerLooks(page);

    await armNavigationClock(page, storyPath);
    await page.evaluate(() => {
      window.__startNavigationClock();
      history.back();
    });
    times['writer → back to the story'].push(await page.evaluate(() => window.__navigationTime));
    await context.close();
  }

  console.log(`\n## Client navigation, click to next page painted (${ROUNDS} rounds, 390 px, documents from the edge cache (HIT); goal p50 ≤ 300 ms)\n`);
  console.log('| step | p50 | p95 | the next task after that frame: p50 | p95 |');
  console.log('|---|---|---|---|---|');
  const row = (label, runs) => {
    const frames = runs.map((run) => run.frame);
    const after = runs.map((run) => run.paint);
    const ms = (values, p) => `${percentile(values, p).toFixed(0)} ms`;
    console.log(`| ${label} | ${ms(frames, 50)} | ${ms(frames, 95)} | ${ms(after, 50)} | ${ms(after, 95)} |`);
  };
  for (const [step, runs] of Object.entries(times)) row(step, runs);
  row('all steps', Object.values(times).flat());
  printSplit(times);
  const statuses = Object.entries(documentStatuses).map(([status, count]) => `${status} ${count}`);
  console.log(`\nDocuments fetched by the navigations, by x-cache-status: ${statuses.length ? statuses.join(', ') : 'none'}`);
} finally {
  await browser.close();
  await site.stop();
}
