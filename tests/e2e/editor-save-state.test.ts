// The editor's save state (issue 29 point 10; docs/adr/0136-editor-save-state.md): a published
// story opened with nothing typed is not "Unsaved changes", sends no save and offers no "Save and
// publish"; a typed character is saved; a refused image shows its own error while the status
// still says the text is saved. At the end the character is taken out again (browser tests share
// one database).
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { caretToEnd, launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let ada: DemoSession;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  ada = createDemoSessions(['ada']).ada!;
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: ada.token, url: baseURL }]);
});
afterAll(async () => {
  await browser?.close();
});

const editor = (page: Page) => page.locator('[data-testid="story-editor"]');
const status = (page: Page) => page.locator('[data-testid="save-status"]').textContent();

it('opens a published story without calling it unsaved, saves a typed character, and keeps a refused image apart from the save state', { timeout: 120_000 }, async () => {
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(baseURL + '/@ada');
  await waitForHydration(page);

  // One of ada's published stories with no pending edits (the oldest listed: least shared).
  const postId = await page.evaluate(async () => {
    const response = await fetch('/_/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ user(username: "ada") { postsConnection(paging: { limit: 25 }) { posts { id isPublished inResponseToPost { id } draft { hasUnpublishedChanges } } } } }' }),
    });
    const body = (await response.json()) as { data: { user: { postsConnection: { posts: { id: string; isPublished: boolean; inResponseToPost: unknown; draft: { hasUnpublishedChanges: boolean } | null }[] } } } };
    const fit = body.data.user.postsConnection.posts.filter((p) => p.isPublished && !p.inResponseToPost && p.draft && !p.draft.hasUnpublishedChanges);
    return fit[fit.length - 1]?.id ?? null;
  });
  expect(postId).toBeTruthy();

  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && (request.postData() ?? '').includes('saveDraft')) saves.push(request.url());
  });
  await page.goto(`${baseURL}/p/${postId}/edit`);
  await waitForHydration(page);
  await editor(page).waitFor();
  const publish = page.locator('.editor-bar button');

  // Opened, nothing typed: well past the autosave delay, still no change and no save.
  await page.waitForTimeout(4_000);
  expect(await status(page)).toBe('Published');
  expect(await page.getByText('Unsaved changes').count()).toBe(0);
  expect(await publish.textContent()).toBe('Publish settings');
  expect(saves).toEqual([]);

  // A typed character is a change: unsaved, then saved, and now there is something to publish.
  await editor(page).click();
  await caretToEnd(page, '[data-testid="story-editor"]');
  await page.keyboard.type('x');
  expect(['Unsaved changes', 'Saving…', 'Saved']).toContain(await status(page));
  await expect.poll(() => status(page), { timeout: 20_000 }).toBe('Saved');
  expect(saves.length).toBeGreaterThan(0);
  expect(await publish.textContent()).toBe('Save and publish');

  // A refused image (not an image at all): its own error; the text is still saved.
  const images = await editor(page).locator('img').count();
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="editor-insert"]').click();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Image from your computer' }).click()]);
  await chooser.setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  const imageAlert = page.locator('[data-testid="image-alert"]');
  await imageAlert.waitFor({ timeout: 20_000 });
  expect(await imageAlert.locator('span').textContent()).toMatch(/^The image was not added: ./);
  expect(await imageAlert.isVisible()).toBe(true);
  expect(await status(page)).toBe('Saved');
  expect(await page.getByText('Not saved').count()).toBe(0);
  expect(await editor(page).locator('img').count()).toBe(images);
  await page.screenshot({ path: 'tests/e2e/screenshots/editor-save-state.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'tests/e2e/screenshots/editor-save-state-390.png' });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The character goes again, and that is saved too.
  const before = saves.length;
  await editor(page).click();
  await caretToEnd(page, '[data-testid="story-editor"]');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect.poll(() => saves.length, { timeout: 20_000 }).toBeGreaterThan(before);
  await expect.poll(() => status(page), { timeout: 20_000 }).toBe('Saved');
  await page.close();
  // The refused upload's 4xx is the one error the browser logs.
  expect(watch.consoleErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
});
