// A publication's editor edits a contributor's story (issue 28 point 7;
// docs/adr/0146-publication-editors-change-stories.md): the demo world's `editor` opens a story
// that one of Signal & Noise's writers published in it, is told whose story it is, changes a
// sentence, saves and publishes the change; a logged-out reader then reads the new sentence,
// and the story's history names the editor.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let context: BrowserContext;
let editor: DemoSession;

beforeAll(async () => {
  browser = await launchBrowser();
  editor = createDemoSessions(['editor']).editor!;
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: editor.token, url: baseURL }]);
});
afterAll(async () => {
  await browser?.close();
});

interface Candidate {
  id: string;
  title: string;
  visibility: string;
  viewerEditorRole: string | null;
  creator: { id: string; name: string };
}

/** A public story in Signal & Noise by one of its writers, as the editor's own session asks for it. */
async function aContributorsStory(): Promise<Candidate> {
  const response = await fetch(`${baseURL}/_/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': editor.xsrf, cookie: `sid=${editor.token}` },
    body: JSON.stringify({
      query: `{ collection(slug: "signal-and-noise") { members { role user { id } }
        postsConnection(paging: { limit: 25 }) { posts { id title visibility viewerEditorRole creator { id name } } } } }`,
    }),
  });
  const { data } = (await response.json()) as { data: { collection: { members: { role: string; user: { id: string } }[]; postsConnection: { posts: Candidate[] } } } };
  const writers = new Set(data.collection.members.filter((m) => m.role === 'WRITER').map((m) => m.user.id));
  const story = data.collection.postsConnection.posts.find((p) => writers.has(p.creator.id) && p.visibility === 'PUBLIC');
  if (!story) throw new Error('Signal & Noise has no public story by one of its writers');
  expect(story.viewerEditorRole).toBe('PUBLICATION_EDITOR');
  return story;
}

const body = (page: Page) => page.locator('[data-testid="story-editor"]');

it("the publication's editor edits a sentence of a contributor's story; the reader sees it; the history names the editor", async () => {
  const story = await aContributorsStory();
  const page = await context.newPage();
  const watch = watchPage(page);
  const sentence = `An editor's note, ${Date.now().toString(36)}.`;

  await page.goto(`${baseURL}/p/${story.id}/edit`);
  await waitForHydration(page);
  await body(page).waitFor({ timeout: 20_000 });
  expect(await page.inputValue('input[aria-label="Title"]')).toBe(story.title);
  expect(await page.locator('[data-testid="editing-for"]').textContent()).toContain(`${story.creator.name}’s story`);

  // Change the first paragraph's sentence: add one at its end.
  await body(page).locator('p').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(` ${sentence}`);
  await expect.poll(() => page.locator('[data-testid="save-status"]').textContent(), { timeout: 20_000 }).toBe('Saved');

  await page.getByRole('button', { name: 'Save and publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish story' });
  await dialog.waitFor();
  await Promise.all([page.waitForURL((url) => url.pathname !== `/p/${story.id}/edit`, { timeout: 30_000 }), dialog.getByRole('button', { name: 'Publish now' }).click()]);
  expect(watch.consoleErrors).toEqual([]);

  // A logged-out reader reads the new sentence.
  const reader = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const readerPage = await reader.newPage();
  await readerPage.goto(`${baseURL}/p/${story.id}`);
  await waitForHydration(readerPage);
  await expect.poll(() => readerPage.locator('main').textContent(), { timeout: 15_000 }).toContain(sentence);
  await reader.close();

  // The history says who changed it.
  await page.goto(`${baseURL}/p/${story.id}/deltas`);
  await waitForHydration(page);
  const changes = page.locator('[data-testid="story-changes"] li');
  await expect.poll(() => changes.first().textContent()).toMatch(/^Published changes by /);
  const editorName = (await page.evaluate(async () => {
    const response = await fetch('/_/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': '1' }, body: JSON.stringify({ query: '{ user(username: "editor") { name } }' }) });
    return ((await response.json()) as { data: { user: { name: string } } }).data.user.name;
  })) as string;
  expect(await changes.first().textContent()).toContain(`Published changes by ${editorName}`);
  expect(await changes.nth(1).textContent()).toContain(`by ${editorName}`);
}, 180_000);
