// The pages' Content-Security-Policy in Chromium (issue 16 item 2; docs/adr/0008-hardening.md):
// home, a story, a profile and the sign-in dialog, signed out and signed in, hydrate and work
// with zero violations and zero reports; a script injected into a served page is blocked and
// reported to the intake (/_/clientele/reports/csp).
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, ON_SITE_STORY_CARD, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const CSP_REPORT_PATH = '/_/clientele/reports/csp';

let browser: Browser;
let session: DemoSession;
let paths: { story: string; profile: string };

beforeAll(async () => {
  browser = await launchBrowser();
  session = createDemoSessions(['reader']).reader!;
  const page = await browser.newPage();
  await page.goto(baseURL + '/');
  const story = await page.locator('.story-card-link').first().getAttribute('href');
  await page.close();
  if (!story) throw new Error('The seeded home page lists no story');
  paths = { story, profile: '/@ada' };
});
afterAll(async () => {
  await browser?.close();
});

interface Watched {
  context: BrowserContext;
  page: Page;
  /** securitypolicyviolation events the page saw (recorded by a script the CSP does not govern). */
  violations(): Promise<{ directive: string; blocked: string }[]>;
  /** Report requests the browser sent to the intake. */
  reports: Request[];
  consoleErrors: string[];
}

async function open(signedIn: boolean): Promise<Watched> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (signedIn) await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  // Injected by the browser itself (not a page script): it sees every violation of every document.
  await context.addInitScript(() => {
    const seen: { directive: string; blocked: string }[] = [];
    (window as unknown as { __cspViolations: typeof seen }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI }));
  });
  const page = await context.newPage();
  const reports: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === CSP_REPORT_PATH) reports.push(request);
  });
  const { consoleErrors } = watchPage(page);
  return {
    context,
    page,
    reports,
    consoleErrors,
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations: { directive: string; blocked: string }[] }).__cspViolations),
  };
}

async function visit(watched: Watched, path: string): Promise<void> {
  const response = await watched.page.goto(baseURL + path);
  expect(response?.status(), `${path} answers 200`).toBe(200);
  const policy = response!.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
  expect(policy).not.toContain('unsafe-inline\' \'sha256'); // no unsafe-inline among script sources
  expect(policy.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
  await waitForHydration(watched.page);
}

describe.each([false, true])('signed in: %s', (signedIn) => {
  it('home, a story and a profile hydrate under the policy with no violation and no report', async () => {
    const watched = await open(signedIn);
    for (const path of ['/', paths.story, paths.profile]) {
      await visit(watched, path);
      expect(await watched.violations(), path).toEqual([]);
    }
    // Client-side navigation too: a story card to its story.
    await visit(watched, '/');
    // A story on this site (stories of writers on a custom domain link that domain).
    await watched.page.locator(`${ON_SITE_STORY_CARD} .story-card-link`).first().click();
    await watched.page.waitForSelector('h1.story-title');
    expect(await watched.violations()).toEqual([]);
    expect(watched.reports).toEqual([]);
    expect(watched.consoleErrors).toEqual([]);
    await watched.context.close();
  });
});

it('the sign-in dialog works under the policy', async () => {
  const watched = await open(false);
  await visit(watched, '/');
  await watched.page.locator('header a:visible:text-is("Sign in")').first().click();
  await watched.page.waitForSelector('[data-testid="susi-dialog"]');
  await watched.page.click('[data-testid="susi-email-option"]');
  await watched.page.waitForSelector('[data-testid="susi-dialog"][data-step="ENTER_EMAIL"]');
  await watched.page.fill('[data-testid="susi-email-field"] input', 'reader@vellum.test');
  await watched.page.keyboard.press('Enter');
  await watched.page.waitForSelector('[data-testid="susi-dialog"][data-step="CHECK_YOUR_INBOX"]');
  expect(await watched.violations()).toEqual([]);
  expect(watched.reports).toEqual([]);
  expect(watched.consoleErrors).toEqual([]);
  await watched.context.close();
});

it('blocks a script injected into a served page, and the browser reports it', async () => {
  const watched = await open(false);
  // A stand-in for markup injection: the served story with a script added, its headers kept.
  await watched.page.route(baseURL + paths.story, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('<div id="root">', '<script>window.__injected = true;</script><div id="root">');
    await route.fulfill({ response, body: html });
  });
  const reported = watched.page.waitForResponse((response) => new URL(response.url()).pathname === CSP_REPORT_PATH);
  await visit(watched, paths.story);
  expect(await watched.page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  expect(await watched.violations()).toEqual([{ directive: 'script-src-elem', blocked: 'inline' }]);
  const report = await reported;
  expect(report.status()).toBe(204);
  const body = JSON.parse(report.request().postData() ?? '{}') as { 'csp-report'?: Record<string, unknown> };
  expect(body['csp-report']).toMatchObject({ 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline' });
  await watched.context.close();
});
