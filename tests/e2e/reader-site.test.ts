// Issue 15 in Chromium on the seeded site:
//   - the site's own pages and every footer link of the avatar menu that leads to them answer
//     200 with their own heading;
//   - highlights: a signed-in reader selects words and highlights them, reloads and sees them
//     marked, finds them on /@reader/highlights; another reader opening the highlight's address
//     lands scrolled to the passage, marked; the writer edits another paragraph and the
//     highlight is still there.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, executeSql, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let sessions: Record<string, DemoSession>;
let reader: BrowserContext;
let member: BrowserContext;

async function signedIn(session: DemoSession): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  return context;
}

beforeAll(async () => {
  browser = await launchBrowser();
  sessions = createDemoSessions(['reader', 'member']);
  reader = await signedIn(sessions.reader!);
  member = await signedIn(sessions.member!);
});
afterAll(async () => {
  await browser?.close();
});

const SITE_PAGES: [string, string][] = [
  ['/about', 'Where good ideas find readers'],
  ['/help', 'How can we help?'],
  ['/m/tos', 'Terms of Service'],
  ['/creators', 'Write for readers who read'],
  ['/creator-tools', 'Tools for writers'],
  ['/earn', 'Earn from your writing'],
  ['/business', 'Membership for your whole team'],
  ['/jobs', 'Work with us'],
  ['/suspended', 'This account is suspended'],
  ['/not-available', 'This page is not available'],
  ['/goodbye', 'Your account has been deleted'],
];

it('the site’s own pages answer 200 with their own heading', async () => {
  const page = await browser.newPage();
  const watch = watchPage(page);
  for (const [path, heading] of SITE_PAGES) {
    const response = await page.goto(baseURL + path);
    expect(response?.status(), path).toBe(200);
    expect(await page.locator('h1').first().innerText(), path).toBe(heading);
  }
  expect(watch.consoleErrors).toEqual([]);
  await page.close();
});

it('each footer link of the avatar menu that leads to our pages answers 200 with a heading', async () => {
  const page = await reader.newPage();
  await page.goto(baseURL + '/');
  await waitForHydration(page);
  await page.click('[data-testid="avatar-menu-button"]');
  await page.waitForSelector('[data-testid="avatar-menu"][data-state="open"]');
  const links = await page
    .locator('[data-testid="avatar-menu"] .avatar-menu-item--footer')
    .evaluateAll((items) => items.map((a) => ({ key: a.getAttribute('data-item'), href: a.getAttribute('href') ?? '' })));
  // Status is another site; Blog is a publication, not one of the site's own pages.
  const ours = links.filter((l) => l.key !== 'footer-status' && l.key !== 'footer-blog');
  expect(ours.map((l) => l.key).sort()).toEqual(['footer-about', 'footer-careers', 'footer-help', 'footer-privacy', 'footer-teams', 'footer-terms', 'footer-text-to-speech']);
  for (const { href } of ours) {
    const response = await page.goto(new URL(href, baseURL).href);
    expect(response?.status(), href).toBe(200);
    expect((await page.locator('h1').first().innerText()).length, href).toBeGreaterThan(0);
    const anchor = new URL(href, baseURL).hash;
    if (anchor) expect(await page.locator(anchor).count(), href).toBe(1);
  }
  // Blog is the product's own publication (PRODUCT_BLOG_SLUG): a real publication page.
  const blog = links.find((l) => l.key === 'footer-blog')!;
  const response = await page.goto(new URL(blog.href, baseURL).href);
  expect(response?.status()).toBe(200);
  expect(await page.locator('h1').first().innerText()).toContain('Vellum Blog');
  expect(await page.content()).not.toContain("This publication doesn't exist.");
  await page.close();
});

/** Waits until the highlights layer has mounted and painted. */
async function highlightsPainted(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.documentElement.dataset.highlights !== undefined);
  return page.evaluate(() => {
    const painted = CSS.highlights.get('vellum-highlight');
    return painted ? [...painted].map((range) => (range as Range).toString()) : [];
  });
}

it('a reader highlights a sentence; it survives a reload, is on their profile, opens for another reader and survives an edit elsewhere', async () => {
  const page = await reader.newPage();
  const watch = watchPage(page);
  await page.goto(baseURL + '/');
  await waitForHydration(page);
  // A story on this site with at least two paragraphs the reader can read (other browser tests
  // publish short stories that may lead home).
  const hrefs = (await page.locator('.story-card-link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))).filter((h) => h.startsWith('/') && !h.startsWith('/@reader/'));
  const longParagraphs = () => page.evaluate(() => [...document.querySelectorAll('.story-body p[id]')].filter((p) => (p.textContent ?? '').length > 40).length);
  let href = '';
  for (const candidate of hrefs) {
    await page.goto(baseURL + candidate);
    await waitForHydration(page);
    if ((await longParagraphs()) >= 2) {
      href = candidate;
      break;
    }
  }
  expect(href, 'a story with two readable paragraphs on home').not.toBe('');
  await highlightsPainted(page);
  const postId = (await page.locator('article.story').getAttribute('data-post-id'))!;

  // Select the first words of a paragraph, as a reader would, and press Highlight.
  const { paragraph, otherParagraph, words } = await page.evaluate(() => {
    const paragraphs = [...document.querySelectorAll<HTMLElement>('.story-body p[id]')].filter((p) => (p.textContent ?? '').length > 40);
    const target = paragraphs[0]!;
    const node = document.createTreeWalker(target, NodeFilter.SHOW_TEXT).nextNode()!;
    const range = document.createRange();
    range.setStart(node, 0);
    range.setEnd(node, Math.min(24, node.textContent!.length));
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    return { paragraph: target.id, otherParagraph: paragraphs[1]!.id, words: range.toString() };
  });
  const created = page.waitForResponse((r) => r.url().endsWith(`/_/p/${postId}/quotes/create`));
  await page.getByRole('button', { name: 'Highlight', exact: true }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  const { id } = (await answer.json()) as { id: string };
  await expect.poll(() => highlightsPainted(page)).toContain(words);
  await page.screenshot({ path: 'tests/e2e/screenshots/highlight.png' });

  await page.reload();
  await waitForHydration(page);
  await expect.poll(() => highlightsPainted(page)).toContain(words);
  expect(await page.locator(`[data-highlight-id="${id}"]`).count()).toBe(1);

  await page.goto(baseURL + '/@reader/highlights');
  expect(await page.locator(`[data-highlight-id="${id}"]`).count()).toBe(1);

  // Another reader opens the highlight's address: scrolled to the passage, marked.
  const other = await member.newPage();
  await other.goto(`${baseURL}/p/${postId}/quotes/${id}`);
  await waitForHydration(other);
  await other.waitForSelector(`[id="${paragraph}"][data-highlight-target="true"]`);
  const marked = await other.evaluate((name) => {
    const painted = CSS.highlights.get('vellum-target');
    const box = document.getElementById(name)!.getBoundingClientRect();
    return { text: painted ? [...painted].map((r) => (r as Range).toString()) : [], inView: box.top >= 0 && box.bottom <= window.innerHeight };
  }, paragraph);
  expect(marked.text).toEqual([words]);
  expect(marked.inView).toBe(true);
  await other.close();

  // The writer edits another paragraph: the highlight stays.
  executeSql(
    `UPDATE posts SET content = json_set(content, '$.paragraphs[' || (SELECT key FROM json_each(posts.content, '$.paragraphs') WHERE json_extract(value, '$.name') = '${otherParagraph}') || '].text', 'An edited paragraph.', '$.paragraphs[' || (SELECT key FROM json_each(posts.content, '$.paragraphs') WHERE json_extract(value, '$.name') = '${otherParagraph}') || '].markups', json('[]')) WHERE id = '${postId}'`,
  );
  await page.goto(baseURL + href);
  await waitForHydration(page);
  expect(await page.locator(`[id="${otherParagraph}"]`).innerText()).toBe('An edited paragraph.');
  await expect.poll(() => highlightsPainted(page)).toContain(words);
  expect(watch.consoleErrors).toEqual([]);
  await page.close();
});
