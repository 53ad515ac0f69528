// Story details in Chromium (docs/reader.md "Story details"): a response the author hid is
// listed under Hidden on /p/{postId}/info; "Show again" brings it back to the story's thread.
// The story is made for the test and unpublished at the end (browser tests share one database).
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let sessions: Record<string, DemoSession>;
let storyId: string | null = null;

async function graphqlAs(session: DemoSession, query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${baseURL}/_/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `sid=${session.token}`, 'x-xsrf-token': session.xsrf },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Record<string, Record<string, unknown>>; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}

beforeAll(async () => {
  browser = await launchBrowser();
  sessions = createDemoSessions(['partner', 'reader']);
});

afterAll(async () => {
  if (storyId) await graphqlAs(sessions.partner!, 'mutation($p: ID!) { unpublishPost(postId: $p) { __typename } }', { p: storyId });
  await browser?.close();
});

it('the author shows a hidden response again from the story details page', async () => {
  const title = `Details ${Date.now().toString(36)}`;
  const content = JSON.stringify({ paragraphs: [{ name: 'p001', type: 'P', text: 'A story with one response to hide.', markups: [] }] });
  const saved = await graphqlAs(
    sessions.partner!,
    'mutation($t: String!, $c: String!) { saveDraft(postId: null, baseRev: 0, title: $t, subtitle: "", contentJson: $c) { ... on DraftSaved { post { id } } } }',
    { t: title, c: content },
  );
  storyId = (saved.saveDraft!.post as { id: string }).id;
  await graphqlAs(sessions.partner!, 'mutation($p: ID!) { publishPost(postId: $p, tags: [], memberOnly: false, unlisted: false) { __typename } }', { p: storyId });
  const text = `Hidden, then shown ${Date.now().toString(36)}`;
  const response = await graphqlAs(sessions.reader!, 'mutation($p: ID!, $t: String!) { publishPostThreadedResponse(inResponseToPostId: $p, text: $t) { id } }', { p: storyId, t: text });
  const responseId = response.publishPostThreadedResponse!.id as string;
  await graphqlAs(sessions.partner!, 'mutation($p: ID!, $r: ID!) { hidePostResponseOnParentPost(parentPostId: $p, postResponseId: $r) { id } }', { p: storyId, r: responseId });

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: sessions.partner!.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  expect((await page.goto(`${baseURL}/p/${storyId}/info/newest/hidden`))?.status()).toBe(200);
  await waitForHydration(page);
  const row = page.locator(`[data-response-id="${responseId}"]`);
  expect(await row.getAttribute('data-hidden')).toBe('true');
  expect(await row.innerText()).toContain(text);
  await row.getByRole('button', { name: 'Show again' }).click();
  await expect.poll(() => row.getAttribute('data-hidden')).toBe('false');

  // The thread shows it again, to a reader who is not signed in.
  const reader = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const readerPage = await reader.newPage();
  await readerPage.goto(`${baseURL}/p/${storyId}`);
  await expect.poll(async () => (await readerPage.content()).includes(text)).toBe(true);
  expect(watch.consoleErrors).toEqual([]);
  await Promise.all([context.close(), reader.close()]);
});
