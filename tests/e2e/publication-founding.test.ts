// Founding a publication in Chromium (issue 12 item 7; docs/publications.md): an editor creates a
// publication on /new-publication and lands on its permissions; adds a writer by username; the
// writer submits a story to it from the publish step; the editor approves it on the submissions
// page; an anonymous reader finds it on the publication's page. The publication has an address of
// its own per run; the story is unpublished at the end (browser tests share one database).
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let sessions: Record<string, DemoSession>;
let postId: string | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
  // 'editor' founds the publication; 'grace' writes for it.
  sessions = createDemoSessions(['editor', 'grace']);
});

afterAll(async () => {
  if (postId) {
    await fetch(`${baseURL}/_/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `sid=${sessions.grace!.token}`, 'x-xsrf-token': sessions.grace!.xsrf },
      body: JSON.stringify({ query: 'mutation($p: ID!) { unpublishPost(postId: $p) { __typename } }', variables: { p: postId } }),
    });
  }
  await browser?.close();
});

async function pageAs(session: DemoSession | null) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (session) await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  const page = await context.newPage();
  return { context, page, watch: watchPage(page) };
}

it('an editor founds a publication and adds a writer; the writer submits; the editor approves; readers find the story there', async () => {
  // An address of this attempt's own (a retried attempt finds the first one's taken).
  const suffix = Date.now().toString(36);
  const NAME = `Night Shift ${suffix}`;
  const SLUG = `night-shift-${suffix}`;
  // The editor creates the publication and lands on its permissions, as its owner.
  const founder = await pageAs(sessions.editor!);
  await founder.page.goto(`${baseURL}/new-publication`);
  await waitForHydration(founder.page);
  await founder.page.getByLabel('Name').fill(NAME);
  await founder.page.getByLabel(/^Address/).fill(SLUG);
  await founder.page.getByLabel('Tagline').fill('Stories written after midnight.');
  await Promise.all([founder.page.waitForURL(`${baseURL}/${SLUG}/permissions`), founder.page.getByRole('button', { name: 'Create publication' }).click()]);
  await waitForHydration(founder.page);
  const members = founder.page.locator('[data-testid="publication-members"]');
  expect(await members.innerText()).toContain('(@editor): Owner');

  // A username that does not exist is refused; the writer is added by theirs.
  await founder.page.getByLabel('Username').fill('nobody-by-this-name');
  await founder.page.getByRole('button', { name: 'Add', exact: true }).click();
  await founder.page.getByRole('alert').waitFor();
  expect(await members.innerText()).not.toContain('nobody-by-this-name');
  await founder.page.getByLabel('Username').fill('grace');
  await founder.page.getByLabel('Role').selectOption('WRITER');
  await founder.page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect.poll(() => members.innerText()).toContain('(@grace): Writer');

  // The writer writes a story and submits it to the new publication.
  const title = `After midnight ${suffix}`;
  const writer = await pageAs(sessions.grace!);
  await writer.page.goto(`${baseURL}/new-story`);
  await waitForHydration(writer.page);
  const editor = writer.page.locator('[data-testid="story-editor"]');
  await editor.waitFor();
  await writer.page.fill('input[aria-label="Title"]', title);
  await editor.click();
  await writer.page.keyboard.type('The servers hum, the city sleeps, and the pager stays quiet for once.');
  await expect.poll(() => writer.page.locator('[data-testid="save-status"]').textContent(), { timeout: 15_000 }).toBe('Saved');
  await writer.page.getByRole('button', { name: 'Publish' }).click();
  const dialog = writer.page.getByRole('dialog', { name: 'Publish story' });
  await dialog.getByRole('combobox').selectOption({ label: `Submit to ${NAME}` });
  const send = dialog.getByRole('checkbox', { name: /Send to subscribers/ });
  if (await send.isChecked()) await send.uncheck();
  await Promise.all([
    writer.page.waitForURL((url) => !url.pathname.startsWith('/new-story') && !url.pathname.endsWith('/edit')),
    dialog.getByRole('button', { name: 'Submit' }).click(),
  ]);
  postId = /([0-9a-f]{12})(?:$|[/?#])/.exec(new URL(writer.page.url()).pathname)?.[1] ?? null;
  expect(postId, writer.page.url()).not.toBeNull();

  // Not on the publication's page before the editor approves it.
  const reader = await pageAs(null);
  expect((await reader.page.goto(`${baseURL}/${SLUG}/latest`))?.status()).toBe(200);
  expect(await reader.page.locator(`[data-post-id="${postId}"]`).count()).toBe(0);

  // The editor approves it on the submissions page.
  await founder.page.goto(`${baseURL}/${SLUG}/submissions`);
  await waitForHydration(founder.page);
  const submission = founder.page.locator(`[data-testid="submissions"] [data-post-id="${postId}"]`);
  await submission.getByRole('button', { name: 'Approve' }).click();
  await expect.poll(() => founder.page.locator('[data-testid="toast-viewport"]').textContent()).toContain(`“${title}” was added to ${NAME}.`);

  // Anonymous readers find it on the publication's pages.
  await reader.page.goto(`${baseURL}/${SLUG}/latest`);
  await reader.page.locator(`[data-post-id="${postId}"]`).waitFor();
  expect(await reader.page.locator(`[data-post-id="${postId}"] .story-card-title`).textContent()).toBe(title);
  expect((await reader.page.goto(`${baseURL}/${SLUG}`))?.status()).toBe(200);
  expect(await reader.page.locator(`[data-post-id="${postId}"]`).count()).toBeGreaterThan(0);

  for (const side of [founder, writer, reader]) expect(side.watch.consoleErrors).toEqual([]);
  await Promise.all([founder.context.close(), writer.context.close(), reader.context.close()]);
});
