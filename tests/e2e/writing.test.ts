// A writer writes, saves and publishes a story in Chromium on the seeded site (issue 12 items 1–4):
// Write → title and paragraphs, a heading, bold text and a link made with keyboard shortcuts,
// a pasted image (uploaded, shown with its caption), "Saved", a reload keeps it; published with
// two tags as member-only, it is on the writer's profile, the tag page, the latest feed, RSS and search;
// an anonymous reader sees only its preview; an edit shows on the next anonymous read (the
// publish purged the edge cache). And two tabs on one draft: the stale save is refused with a
// message and neither text is lost.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, READER_AGENT, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let writer: DemoSession;
let context: BrowserContext;

// A 2×2 PNG.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==';

beforeAll(async () => {
  browser = await launchBrowser();
  // partner: a Partner Program writer, allowed to make stories member-only.
  writer = createDemoSessions(['partner']).partner!;
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: writer.token, url: baseURL }]);
});
afterAll(async () => {
  await browser?.close();
});

const editor = (page: Page) => page.locator('[data-testid="story-editor"]');
const saved = (page: Page) => expect.poll(() => page.locator('[data-testid="save-status"]').textContent(), { timeout: 15_000 }).toBe('Saved');

async function pasteImage(page: Page): Promise<void> {
  await page.evaluate((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
    document.querySelector('[data-testid="story-editor"]')!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, PNG_BASE64);
}

async function anonymousStoryText(path: string): Promise<{ text: string; status: string | null }> {
  const response = await fetch(baseURL + path, { headers: { 'user-agent': READER_AGENT } });
  return { text: await response.text(), status: response.headers.get('x-cache-status') };
}

/** Story titles the site's search service finds for a query (the search-only key, as the header's popover sends it). */
async function searchTitles(query: string): Promise<string[]> {
  const response = await fetch(`${baseURL}/1/indexes/vellum_post/query`, {
    method: 'POST',
    headers: { 'x-algolia-application-id': 'VELLUMLOCAL', 'x-algolia-api-key': 'local-search-only-key', 'content-type': 'text/plain' },
    body: JSON.stringify({ query, hitsPerPage: 20 }),
  });
  return ((await response.json()) as { hits: { title: string }[] }).hits.map((hit) => hit.title);
}

it('writes, saves and publishes a member-only story that readers find everywhere; an edit reaches the cached page', async () => {
  const page = await context.newPage();
  const watch = watchPage(page);
  const unique = `Tidewater ${Date.now().toString(36)}`;

  // Write: the header's Write link leads to the editor.
  await page.goto(baseURL + '/');
  await waitForHydration(page);
  await Promise.all([page.waitForURL(/\/new-story$/), page.locator('[data-testid="header-write"]').click()]);
  await editor(page).waitFor();
  await page.fill('input[aria-label="Title"]', `${unique} notes`);
  await editor(page).click();
  await page.keyboard.type('# The river mouth');
  await page.keyboard.press('Enter');
  await page.keyboard.type('First paragraph, open to all. ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Bold words');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' and ');
  // A link through the prompt: an unsafe scheme is refused, a web address is kept.
  await page.keyboard.type('a link');
  // The writer pauses (the draft saves), then selects the words to link.
  await saved(page);
  for (let i = 0; i < 'a link'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Control+k');
  const linkInput = page.locator('input[aria-label="Link address"]');
  await linkInput.fill('javascript:alert(1)');
  await linkInput.press('Enter');
  await expect.poll(() => page.locator('.editor-link-error').textContent()).toContain('Links must be web');
  await linkInput.fill('https://example.com/tides');
  // Typing clears the refusal; Enter once the prompt shows the new address (a loaded machine can lag a frame behind).
  await expect.poll(() => page.locator('.editor-link-error').count()).toBe(0);
  await linkInput.press('Enter');
  await editor(page).locator('a').waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('story-editor');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Second paragraph.');
  // Long enough to be a story search lists (docs/search.md "High quality": 100 words).
  await page.keyboard.insertText(' ' + Array.from({ length: 12 }, () => 'The tide comes in twice a day, and the mud flats shine.').join(' '));
  await page.keyboard.press('Enter');
  await pasteImage(page);
  const figure = page.locator('figure.editor-image');
  await figure.waitFor({ timeout: 15_000 });
  await figure.locator('input[aria-label="Image caption"]').fill('Low tide at dawn');
  await editor(page).locator('p').last().click();
  await page.keyboard.type(`Third paragraph with the ${unique} secret ending.`);
  await page.keyboard.press('Enter');
  await page.keyboard.type('Fourth paragraph, for members.');
  await saved(page);
  expect(page.url()).toMatch(/\/p\/[0-9a-f]{12}\/edit$/);
  const postId = /\/p\/([0-9a-f]{12})\/edit$/.exec(page.url())![1]!;

  // Reload: the draft is there as written.
  await page.reload();
  await waitForHydration(page);
  await editor(page).waitFor();
  await expect.poll(() => page.inputValue('input[aria-label="Title"]')).toBe(`${unique} notes`);
  expect(await editor(page).locator('h3').textContent()).toBe('The river mouth');
  expect(await editor(page).locator('strong').textContent()).toBe('Bold words');
  expect(await editor(page).locator('a').getAttribute('href')).toBe('https://example.com/tides');
  expect(await page.locator('figure.editor-image input').inputValue()).toBe('Low tide at dawn');
  const imageSrc = await page.locator('figure.editor-image img').getAttribute('src');
  const image = await fetch(new URL(imageSrc!, baseURL));
  expect(image.headers.get('content-type')).toBe('image/png');

  // Publish with two tags, member-only.
  await page.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish story' });
  await dialog.waitFor();
  expect(await dialog.locator('.publish-preview-title').textContent()).toBe(`${unique} notes`);
  const tags = dialog.locator('#publish-tags');
  await tags.fill('Estuaries');
  await tags.press('Enter');
  await tags.fill('Field Notes');
  await tags.press('Enter');
  await dialog.getByLabel(/only members can read it/).check();
  await Promise.all([page.waitForURL(/\/@partner\//), dialog.getByRole('button', { name: 'Publish now' }).click()]);
  await waitForHydration(page);
  const storyPath = new URL(page.url()).pathname;
  expect(await page.locator('h1').first().textContent()).toContain(`${unique} notes`);
  expect(await page.locator('[data-testid="paywall-author-note"]').count()).toBe(1);

  // Found on the profile, the tag page, the latest feed and RSS.
  for (const path of ['/@partner', '/tag/estuaries', '/tag/field-notes']) {
    const html = (await anonymousStoryText(path)).text;
    expect(html, path).toContain(`${unique} notes`);
  }
  expect((await anonymousStoryText('/feed/latest')).text).toContain(`${unique} notes`);
  expect((await anonymousStoryText('/feed/@partner')).text).toContain(`${unique} notes`);
  // And search finds it by its title on the next query.
  expect(await searchTitles(unique)).toContain(`${unique} notes`);

  // An anonymous reader gets the preview only, and the cache keeps it.
  const first = await anonymousStoryText(storyPath);
  expect(first.status).toBe('MISS');
  expect(first.text).toContain('First paragraph, open to all.');
  expect(first.text).not.toContain('Fourth paragraph, for members.');
  // The copy is stored after the answer (waitUntil): the next reads become HITs.
  await expect.poll(async () => (await anonymousStoryText(storyPath)).status, { timeout: 10_000 }).toBe('HIT');

  // The writer edits the first paragraph and publishes the change.
  await page.goto(baseURL + `/p/${postId}/edit`);
  await waitForHydration(page);
  await editor(page).waitFor();
  await editor(page).locator('p').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Edited at high water.');
  await saved(page);
  await page.getByRole('button', { name: 'Save and publish' }).click();
  await Promise.all([page.waitForURL(/\/@partner\//), page.getByRole('dialog', { name: 'Publish story' }).getByRole('button', { name: 'Publish now' }).click()]);
  const after = await anonymousStoryText(storyPath);
  expect(after.status).toBe('MISS');
  expect(after.text).toContain('Edited at high water.');
  expect(after.text).not.toContain('Fourth paragraph, for members.');

  // The story settings page unpublishes it (which also gives the home page back to the other
  // browser tests, which read the newest story).
  await page.goto(baseURL + `/p/${postId}/settings`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect.poll(() => page.locator('[data-testid="toast-viewport"]').textContent()).toContain('was unpublished and moved to Drafts');
  expect((await anonymousStoryText('/@partner')).text).not.toContain(`${unique} notes`);
  expect(await searchTitles(unique)).not.toContain(`${unique} notes`);
  expect(watch.consoleErrors).toEqual([]);
});

it('two tabs on one draft: the stale save is refused with a message and neither text is lost', async () => {
  const first = await context.newPage();
  await first.goto(baseURL + '/new-story');
  await waitForHydration(first);
  await editor(first).waitFor();
  await first.fill('input[aria-label="Title"]', 'Two tabs');
  await editor(first).click();
  await first.keyboard.type('Written in the first tab.');
  await saved(first);
  const editPath = new URL(first.url()).pathname;

  const second = await context.newPage();
  await second.goto(baseURL + editPath);
  await waitForHydration(second);
  await editor(second).waitFor();
  await editor(second).locator('p').first().click();
  await second.keyboard.press('End');
  await second.keyboard.type(' And the second tab added this.');
  await saved(second);

  // The first tab still works from the older revision: its save is refused, its text stays.
  await editor(first).locator('p').first().click();
  await first.keyboard.press('End');
  await first.keyboard.type(' The first tab goes on.');
  await expect.poll(() => first.locator('[data-testid="save-alert"]').textContent(), { timeout: 15_000 }).toContain('changed in another tab');
  expect(await editor(first).textContent()).toContain('Written in the first tab. The first tab goes on.');

  // What the second tab saved is what the draft holds.
  const reopened = await context.newPage();
  await reopened.goto(baseURL + editPath);
  await waitForHydration(reopened);
  await editor(reopened).waitFor();
  expect(await editor(reopened).textContent()).toContain('Written in the first tab. And the second tab added this.');
});
