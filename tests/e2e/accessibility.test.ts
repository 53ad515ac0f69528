// axe-core in Chromium on the pages a reader meets most — home, a story, a profile, a topic,
// a list and the open sign-in dialog — signed out and signed in, against the WCAG 2.2 AA
// rule set (docs/web-quality.md). Any violation fails the test with its rule id, the
// elements it found and axe's help text, so the message says what to fix.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, waitForHydration } from './support/browser.ts';
import { ON_SITE_STORY_CARD } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');

/** The WCAG 2.0, 2.1 and 2.2 success criteria at levels A and AA, as axe tags them. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let browser: Browser;
let session: DemoSession;
/** Addresses found on the seeded site (story, topic and list addresses carry generated ids). */
let paths: { story: string; memberStory: string; tag: string; list: string };

beforeAll(async () => {
  browser = await launchBrowser();
  session = createDemoSessions(['reader']).reader!;
  const page = await browser.newPage();
  await page.goto(baseURL + '/');
  const story = await page.locator(`${ON_SITE_STORY_CARD} .story-card-link`).first().getAttribute('href');
  // A member-only story on this site (ada's live on ada.test; partner writes on the main host).
  await page.goto(baseURL + '/@partner');
  const memberStory = await page.locator(ON_SITE_STORY_CARD, { has: page.locator('.member-star') }).first().locator('.story-card-link').getAttribute('href');
  await page.goto(baseURL + '/explore-topics');
  const tag = await page.locator('.topic-chip').first().getAttribute('data-tag-slug');
  await page.goto(baseURL + '/@reader/lists');
  const list = await page.locator('.catalog-card-link').first().getAttribute('href');
  await page.close();
  if (!story || !memberStory || !tag || !list) throw new Error(`The seeded site lacks a page to check: ${JSON.stringify({ story, memberStory, tag, list })}`);
  paths = { story, memberStory, tag: `/tag/${tag}`, list: new URL(list, baseURL).pathname };
});
afterAll(async () => {
  await browser?.close();
});

async function openPage(path: string, signedIn: boolean, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  if (signedIn) await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  const page = await context.newPage();
  const response = await page.goto(baseURL + path);
  expect(response?.status(), `${path} answers 200`).toBe(200);
  await waitForHydration(page);
  return { context, page };
}

/**
 * The violations, one line per element: "rule-id: help (selector)". Axe looks once the page
 * is still: colours read mid fade-in (the dialog's 300 ms opening) are neither the page's nor
 * a reader's.
 */
async function violations(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} [${violation.impact}]: ${violation.help} — ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`),
  );
}

const PAGES: { name: string; path: () => string }[] = [
  { name: 'home', path: () => '/' },
  { name: 'story', path: () => paths.story },
  { name: 'member-only story', path: () => paths.memberStory },
  { name: 'profile', path: () => '/@ada' },
  { name: 'tag', path: () => paths.tag },
  { name: 'list', path: () => paths.list },
];

describe.each([
  { viewer: 'signed out', signedIn: false },
  { viewer: 'signed in', signedIn: true },
])('axe finds no WCAG 2.2 AA violation, $viewer', ({ signedIn }) => {
  it.each(PAGES)('on the $name page', async ({ path }) => {
    const { context, page } = await openPage(path(), signedIn);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('on a story on a narrow screen', async () => {
    const { context, page } = await openPage(paths.story, signedIn, 390);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});

it('axe finds no WCAG 2.2 AA violation with the sign-in dialog open', async () => {
  const { context, page } = await openPage('/', false);
  await page.locator('header a:visible:text-is("Sign in")').first().click();
  await page.waitForSelector('[data-testid="susi-dialog"]');
  expect(await violations(page)).toEqual([]);
  // The next step of the dialog: the email form.
  await page.click('[data-testid="susi-email-option"]');
  await page.waitForSelector('[data-testid="susi-dialog"][data-step="ENTER_EMAIL"]');
  expect(await violations(page)).toEqual([]);
  await context.close();
});
