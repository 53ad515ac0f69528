// What a visitor's story page loads at start (docs/adr/0096-hydrate-what-the-reader-can-use.md,
// docs/adr/0095-inline-the-rules-the-markup-uses.md): every script it fetches before hydration
// is declared in the document; the membership banners and the highlights layer arrive after
// hydration, once the browser is idle (and the header search box's code); the reactivation modal never; the story's text keeps the
// server's markup; the whole stylesheet applies once the page runs.
import { expect, inject, it } from 'vitest';
import { READER_AGENT, useBrowser, waitForHydration, watchPage } from './support/browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

it('a visitor’s story page fetches only declared scripts before hydration, the banners and highlights after, the reactivation modal never', async () => {
  const home = await fetch(baseURL + '/').then((r) => r.text());
  const storyPath = /href="(\/@[^"/]+\/[a-z0-9-]*[0-9a-f]{12})"/.exec(home)?.[1];
  expect(storyPath).toBeDefined();
  const html = await fetch(baseURL + storyPath).then((r) => r.text());
  // The files the after-paint script loads after the first paint (client/server/document.ts: AFTER_PAINT_SCRIPT).
  const startModules = /window\.__START_MODULES__=(\[[^\]]*\]);/.exec(html)?.[1];
  expect(startModules).toBeDefined();
  const declared = new Set(JSON.parse(startModules!) as string[]);
  expect([...declared][0]).toMatch(/^\/assets\/entry-[^/]+\.js$/);
  // None is fetched by the markup itself: no script or modulepreload element before the after-paint script runs.
  expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+rel="modulepreload"/);

  const page = await (await browser.newContext({ userAgent: READER_AGENT })).newPage();
  const watch = watchPage(page);
  // When the app committed its hydration, on the page's own clock (client/layouts/App.tsx sets
  // the attribute); the document has no <html> element yet when this runs.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.documentElement?.dataset.hydrated !== 'true') return;
      (window as unknown as { hydratedAt: number }).hydratedAt = performance.now();
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  });
  await page.goto(baseURL + storyPath);
  await waitForHydration(page);
  const scripts = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
    );
  // The banners and the highlights layer come once the browser is idle (at the latest 2 s after hydration).
  await expect.poll(async () => (await scripts()).some(({ path }) => /\/MembershipBanners-/.test(path)), { timeout: 30_000 }).toBe(true);
  await expect.poll(async () => (await scripts()).some(({ path }) => /\/HighlightsLayer-/.test(path)), { timeout: 30_000 }).toBe(true);
  // So does the header search box's code (docs/adr/0209-parts-hydrated-after-start-up.md).
  await expect.poll(async () => (await scripts()).some(({ path }) => /\/SearchBox-/.test(path)), { timeout: 30_000 }).toBe(true);
  // The page registry and the route table come after hydration too, for the navigation
  // (docs/adr/0221-the-page-module-named-by-the-document.md).
  await expect.poll(async () => (await scripts()).some(({ path }) => /\/registry-/.test(path)), { timeout: 30_000 }).toBe(true);
  await expect.poll(async () => (await scripts()).some(({ path }) => /\/routes-/.test(path)), { timeout: 30_000 }).toBe(true);
  // So do the data client's transport and the navigation's preparation: hydration sends no call
  // and prepares no page (docs/adr/0225-start-up-javascript-by-part.md).
  await expect.poll(async () => (await scripts()).some(({ path }) => /\/batch-exchange-/.test(path)), { timeout: 30_000 }).toBe(true);
  await expect.poll(async () => (await scripts()).some(({ path }) => /\/page-preparation-/.test(path)), { timeout: 30_000 }).toBe(true);
  await page.waitForLoadState('networkidle');
  const hydratedAt = await page.evaluate(() => (window as unknown as { hydratedAt: number }).hydratedAt);
  expect(hydratedAt).toBeGreaterThan(0);
  const loaded = await scripts();
  const beforeHydration = loaded.filter(({ startTime }) => startTime <= hydratedAt).map(({ path }) => path);
  const all = loaded.map(({ path }) => path);
  expect(beforeHydration).not.toContainEqual(expect.stringMatching(/\/(MembershipBanners|HighlightsLayer|SearchBox|registry|routes|batch-exchange|page-preparation)-/));
  // Nor is their code in the files the document declares (the entry and the shell chunks).
  expect([...declared].filter((path) => /\/(batch-exchange|page-preparation)-/.test(path ?? ''))).toEqual([]);
  // The story page's own chunk is what the document names for the entry to import.
  expect(html).toMatch(/window\.__PAGE_MODULE__=\{"chunk":"PostPage","exportName":"postPage","url":"\/assets\/PostPage-[^"]+\.js"/);

  expect(beforeHydration.filter((path) => !declared.has(path))).toEqual([]);
  // The page paints before its start-up scripts are even requested
  // (docs/adr/0229-the-first-paint-before-the-start-up-scripts.md).
  const firstPaint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  expect(firstPaint).not.toBeNull();
  expect(Math.min(...loaded.map(({ startTime }) => startTime))).toBeGreaterThan(firstPaint!);
  expect(all.filter((path) => /\/ReactivateMembershipModal-/.test(path))).toEqual([]);
  // The visitor's upsell banner is drawn, under the policy of the page.
  await expect.poll(() => page.getByTestId('membership-banner').count(), { timeout: 30_000 }).toBe(1);

  const story = await page.evaluate(() => {
    const paragraph = document.querySelector('.story-body p');
    return {
      text: paragraph?.textContent ?? '',
      // React marks the elements it hydrated; the story's text keeps the server's markup.
      hydrated: paragraph ? Object.keys(paragraph).some((key) => key.startsWith('__reactFiber')) : null,
      stylesheet: document.querySelector('link[data-full-stylesheet]')?.getAttribute('media'),
    };
  });
  expect(story.text.length).toBeGreaterThan(0);
  expect(story.hydrated).toBe(false);
  // The state for hydration does not repeat the story's text: the browser read it from the markup
  // (client/app/hydration-state.ts), and hydrated without a mismatch (no console error).
  const hydrationState = /window\.__APOLLO_STATE__=(.*?);<\/script>/s.exec(html)?.[1] ?? '';
  expect(hydrationState.length).toBeGreaterThan(0);
  expect(hydrationState).not.toContain(JSON.stringify(story.text).slice(1, 41));
  expect(story.stylesheet).toBe('all');
  expect(watch.consoleErrors).toEqual([]);
}, 180_000);
