// A story address that holds no story shows its outcome page (client/components/story/PostOutcome.tsx),
// whose code is a chunk of its own (docs/adr/0232-the-story-end-hydrated-after-start-up.md): the
// outcome's document declares it with the start-up modules, the part hydrates as the server drew
// it (no markup is drawn again), and its "Home" link then navigates in place. A story's own
// document never declares it.
import { expect, inject, it } from 'vitest';
import { READER_AGENT, useBrowser, waitForHydration, watchPage } from './support/browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

const startModules = (html: string): string[] => JSON.parse(/window\.__START_MODULES__=(\[[^\]]*\]);/.exec(html)?.[1] ?? '[]') as string[];

it('a missing story’s outcome page declares its chunk, hydrates as drawn and navigates in place', { timeout: 120_000 }, async () => {
  const context = await browser.newContext({ userAgent: READER_AGENT, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const watch = watchPage(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.js')) scripts.push(new URL(request.url()).pathname);
  });
  // Every removal of the outcome's markup, from the first parse on.
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedOutcome: string[] }).removedOutcome = removed;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) if (node instanceof Element && (node.matches('.error-page') || node.querySelector('.error-page'))) removed.push(node.className);
      }
    }).observe(document, { childList: true, subtree: true });
  });

  const response = await page.goto(`${baseURL}/p/no-such-story-0a1b2c3d4e5f`);
  expect(response?.status()).toBe(404);
  const declared = startModules(await response!.text());
  expect(declared.filter((path) => /\/PostOutcome-[^/]*\.js$/.test(path))).toHaveLength(1);
  await waitForHydration(page);
  const home = page.locator('[data-outcome="NotFound"] a.button', { hasText: 'Home' });
  await page.waitForFunction(
    (selector) => {
      const element = document.querySelector(selector);
      return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
    },
    '[data-outcome="NotFound"] a.button-outline',
    { timeout: 30_000 },
  );
  expect(await page.evaluate(() => (window as unknown as { removedOutcome: string[] }).removedOutcome)).toEqual([]);
  // Every script the outcome loaded before it hydrated was declared.
  const outcomeScript = scripts.find((path) => /\/PostOutcome-[^/]*\.js$/.test(path));
  expect(outcomeScript && declared.includes(outcomeScript)).toBe(true);

  // Hydrated: the Home link opens the home page in place (the document is the same).
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await home.click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
  await page.locator('.story-card').first().waitFor({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  // Chromium logs the 404 of the outcome's own document load; nothing else may fail.
  expect(watch.consoleErrors.filter((error) => !error.includes('status of 404'))).toEqual([]);
  await context.close();
});

it('a story’s document does not declare the outcome’s chunk', async () => {
  const home = await (await fetch(baseURL + '/')).text();
  const storyPath = /href="(\/@[^"/]+\/[^"]+)"/.exec(home)?.[1];
  expect(storyPath).toBeDefined();
  const story = await fetch(baseURL + storyPath!);
  expect(story.status).toBe(200);
  expect(startModules(await story.text()).filter((path) => path.includes('PostOutcome'))).toEqual([]);
});
