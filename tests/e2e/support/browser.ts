// Debian's Chromium driven by playwright-core (no browser downloads here).
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type Page, type ConsoleMessage, type Request } from 'playwright-core';

/**
 * A reader's browser. Headless Chromium names itself HeadlessChrome, which the bot check counts as
 * a bot (always a fresh render, no preloading): tests of what a reader gets use this agent.
 */
export const READER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** `extraArgs`: e.g. --host-resolver-rules to reach custom domains (ada.test) on the local site. */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/**
 * The test file's browser: launched before its tests, closed after them. Call it at the file's top
 * level; the value stands for the launched browser (its properties reach it once the tests run).
 */
export function useBrowser(extraArgs: readonly string[] = []): Browser {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser(extraArgs);
  });
  afterAll(async () => {
    await launched?.close();
  });
  return new Proxy({} as Browser, {
    get(_, key) {
      if (!launched) throw new Error('useBrowser: the browser is launched when the tests start, not when the file is read.');
      const value: unknown = Reflect.get(launched, key, launched);
      return typeof value === 'function' ? value.bind(launched) : value;
    },
  });
}

/** Records console errors, page errors and GraphQL requests of a page. */
export function watchPage(page: Page) {
  const consoleErrors: string[] = [];
  const graphqlRequests: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/_/graphql') graphqlRequests.push(request.postData() ?? '');
  });
  return { consoleErrors, graphqlRequests };
}

/** Every request the page makes from now on, by kind; `clear()` starts the record again. */
export function recordRequests(page: Page) {
  const seen: Request[] = [];
  page.on('request', (request) => seen.push(request));
  const of = (test: (url: URL, request: Request) => boolean) => seen.filter((request) => test(new URL(request.url()), request));
  const graphql = () => of((url) => url.pathname === '/_/graphql');
  return {
    graphql,
    /** The operations of every /_/graphql call, one string per call (its graphql-operation header). */
    operations: () => graphql().map((request) => request.headers()['graphql-operation'] ?? ''),
    scripts: () => of((url, request) => request.resourceType() === 'script' && url.pathname.startsWith('/assets/')),
    preloadReports: () => of((url) => url.pathname === '/_/clientele/reports/preload/'),
    /** The paths of pages' documents fetched by script (a visitor's navigation data, client/app/page-document.ts). */
    documents: () =>
      of((url, request) => request.resourceType() === 'fetch' && request.method() === 'GET' && !url.pathname.startsWith('/_/') && !url.pathname.startsWith('/assets/')).map(
        (request) => new URL(request.url()).pathname,
      ),
    clear: () => seen.splice(0),
  };
}

/**
 * Resolves once React has hydrated the page (the client marks <html data-hydrated> after the
 * commit) and the membership banner, drawn from a chunk of its own after hydration, has
 * arrived or been ruled out: a banner pinned over the page's end would otherwise take a
 * click meant for what lay under it a moment before.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated="true"]:not([data-membership-banner="loading"])', { timeout: 15_000 });
}

/**
 * A story card whose story is on this site (a root-relative link). A story by a writer or a
 * publication with a live custom domain (the demo world's ada.test, the-long-read.test) links
 * that domain (issue 18 point 1), which the local browser cannot reach.
 */
export const ON_SITE_STORY_CARD = '.story-card:has(.story-card-link[href^="/"])';

/**
 * Puts the caret at the end of an editable's text and waits until it is there. A tap places
 * the caret a moment after the tap's events (the browser waits to rule out a double tap), so a
 * Control+End sent right after it can be undone by the tap's own caret; pressing again until the
 * text after the caret is empty, and stays so, makes the order not matter.
 */
export async function caretToEnd(page: Page, editableSelector: string): Promise<void> {
  const atEnd = () =>
    page.evaluate((selector) => {
      const editable = document.querySelector(selector);
      const selection = document.getSelection();
      if (!editable || !selection || selection.rangeCount === 0 || !editable.contains(selection.focusNode)) return false;
      const after = document.createRange();
      after.setStart(selection.focusNode!, selection.focusOffset);
      after.setEnd(editable, editable.childNodes.length);
      return after.toString() === '';
    }, editableSelector);
  const deadline = Date.now() + 10_000;
  for (;;) {
    await page.keyboard.press('Control+End');
    // Still there a moment later: a caret that arrives late would have moved it by then.
    if ((await atEnd()) && (await page.waitForTimeout(300), await atEnd())) return;
    if (Date.now() > deadline) throw new Error('the caret did not reach the end of the text');
    await page.waitForTimeout(100);
  }
}
