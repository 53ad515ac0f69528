// The editor's insert menu (issue 12 item 2): on an empty line a "+" offers an image from the
// computer (picked, uploaded, shown in the story) or from an address (/_/upload-url); an address
// the worker will not fetch shows its refusal in the editor, and nothing is inserted. The draft
// is moved to the trash at the end (browser tests share one database).
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let writer: DemoSession;
let context: BrowserContext;

// A 2×2 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  browser = await launchBrowser();
  writer = createDemoSessions(['partner']).partner!;
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: writer.token, url: baseURL }]);
});
afterAll(async () => {
  await browser?.close();
});

const editor = (page: Page) => page.locator('[data-testid="story-editor"]');

it('inserts a picked image from the "+" of an empty line, and shows why an address was refused', async () => {
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(baseURL + '/new-story');
  await waitForHydration(page);
  await editor(page).waitFor();
  await page.fill('input[aria-label="Title"]', `Insert menu ${Date.now().toString(36)}`);
  await editor(page).click();
  await page.keyboard.type('Above the picture.');
  await page.keyboard.press('Enter');

  // The empty line's "+" opens the menu; "Image from your computer" opens the file picker.
  const plus = page.locator('[data-testid="editor-insert"]');
  await plus.click();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Image from your computer' }).click()]);
  await chooser.setFiles({ name: 'picked.png', mimeType: 'image/png', buffer: PNG });
  const image = editor(page).locator('img');
  await image.waitFor();
  expect(await image.getAttribute('src')).toMatch(/\/_\/img\//);

  // A new empty line: an address the worker does not fetch is refused in the writer's words.
  await editor(page).locator('p', { hasText: 'Above the picture.' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await plus.click();
  await page.getByRole('button', { name: 'Image from an address' }).click();
  const address = page.locator('input[aria-label="Image address"]');
  await address.fill('http://127.0.0.1/cat.png');
  await address.press('Enter');
  await expect.poll(() => page.locator('.editor-insert [role="alert"]').textContent()).toBe('Only https:// addresses can be used.');
  expect(await editor(page).locator('img').count()).toBe(1);
  await address.press('Escape');
  expect(await page.locator('input[aria-label="Image address"]').count()).toBe(0);

  // The draft goes to the trash: it was only for this test.
  await expect.poll(() => page.locator('[data-testid="save-status"]').textContent(), { timeout: 15_000 }).toBe('Saved');
  const postId = /\/p\/([0-9a-f]+)\/edit/.exec(page.url())?.[1];
  expect(postId).toBeTruthy();
  const trashed = await page.evaluate(async ({ id, xsrf }) => {
    const response = await fetch('/_/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
      body: JSON.stringify({ query: 'mutation($id: ID!) { deletePost(targetPostId: $id) { __typename } }', variables: { id } }),
    });
    return (await response.json()).data.deletePost.__typename as string;
  }, { id: postId!, xsrf: writer.xsrf });
  expect(trashed).not.toBe('NotFound');
  await page.screenshot({ path: 'tests/e2e/screenshots/editor-insert.png' });
  await page.close();
  // The refused address's 400 is the one error the browser logs.
  expect(watch.consoleErrors.filter((e) => !e.includes('status of 400'))).toEqual([]);
});
