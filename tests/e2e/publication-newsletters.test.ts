// A publication's newsletter in Chromium (issue 12; docs/newsletters.md "Publication
// newsletters"): the editor of Field Notes creates its newsletter on /field-notes/new-newsletter;
// a reader subscribes on the newsletter's page (the spec's "You've signed up for …" toast); the
// editor writes a story and publishes it in Field Notes with "Send to subscribers"; the email is
// in the development mailbox with its one-click unsubscribe naming the publication's newsletter.
// The editor unpublishes the story at the end (browser tests share one database).
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, waitForHydration } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';
import { mailTo as mailboxMessage } from './support/mailbox.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let sessions: Record<string, DemoSession>;

beforeAll(async () => {
  browser = await launchBrowser();
  // Field Notes starts without a newsletter (a rerun on the same database starts clean too).
  sessions = createDemoSessions(['editor', 'reader'], [
    "DELETE FROM publication_newsletter_subscriptions WHERE newsletter_id IN (SELECT n.id FROM publication_newsletters n JOIN collections c ON c.id = n.collection_id WHERE c.slug = 'field-notes')",
    "DELETE FROM publication_newsletters WHERE collection_id = (SELECT id FROM collections WHERE slug = 'field-notes')",
  ]);
});
afterAll(async () => {
  await browser?.close();
});

const mailTo = (email: string, subject: string) => mailboxMessage(baseURL, email, subject);

it('an editor creates the newsletter; a reader subscribes; the editor publishes in the publication; the email arrives', async () => {
  // The editor creates Field Notes' newsletter.
  const editorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await editorContext.addCookies([{ name: 'sid', value: sessions.editor!.token, url: baseURL }]);
  const page = await editorContext.newPage();
  await page.goto(baseURL + '/field-notes/new-newsletter');
  await waitForHydration(page);
  await page.getByLabel('Name').fill('Field Notes Dispatch');
  await page.getByLabel('Description').fill('Reports from the ground, when they land.');
  await Promise.all([page.waitForURL(/\/field-notes\/newsletters\/field-notes-dispatch$/), page.getByRole('button', { name: 'Create newsletter' }).click()]);

  // The reader subscribes on the newsletter's page.
  const readerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await readerContext.addCookies([{ name: 'sid', value: sessions.reader!.token, url: baseURL }]);
  const readerPage = await readerContext.newPage();
  await readerPage.goto(baseURL + '/field-notes/newsletters/field-notes-dispatch');
  await waitForHydration(readerPage);
  expect(await readerPage.locator('h1').first().textContent()).toBe('Field Notes Dispatch');
  await readerPage.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect.poll(() => readerPage.locator('[data-testid="toast-viewport"]').textContent()).toContain("You've signed up for Field Notes Dispatch");
  await readerContext.close();

  // The editor writes and publishes in Field Notes with "Send to subscribers" (on by default).
  const title = `Dispatch from the marsh ${Date.now().toString(36)}`;
  await page.goto(baseURL + '/new-story');
  await waitForHydration(page);
  const editor = page.locator('[data-testid="story-editor"]');
  await editor.waitFor();
  await page.fill('input[aria-label="Title"]', title);
  await editor.click();
  await page.keyboard.type('The herons came back to the marsh this week, two weeks early.');
  await expect.poll(() => page.locator('[data-testid="save-status"]').textContent(), { timeout: 15_000 }).toBe('Saved');
  const postId = /\/p\/([0-9a-f]{12})\/edit$/.exec(new URL(page.url()).pathname)![1]!;
  await page.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish story' });
  await dialog.locator('label.publish-field', { hasText: 'Publication' }).locator('select').selectOption({ label: 'Publish in Field Notes' });
  expect(await dialog.getByRole('checkbox', { name: /Send to subscribers/ }).isChecked()).toBe(true);
  await Promise.all([page.waitForURL((url) => !url.pathname.endsWith('/edit')), dialog.getByRole('button', { name: 'Publish now' }).click()]);

  // The email is in the development mailbox; its one-click address names the publication's newsletter.
  // It goes out from the fan-out queue after the publish answered (docs/adr/0090-one-fan-out-queue.md): wait for it.
  await expect.poll(() => mailTo('reader@vellum.test', title), { timeout: 20_000 }).toBeDefined();
  const mail = await mailTo('reader@vellum.test', title);
  expect(mail, 'the newsletter email').toBeDefined();
  expect(mail!.text).toContain('The herons came back to the marsh');
  expect(mail!.headers['List-Unsubscribe']).toMatch(/\/_\/newsletters\/unsubscribe\/[0-9a-f]+\/[0-9a-f]+\/[0-9a-f]{64}>$/);
  expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

  // The editor sees one subscriber on the newsletter's settings.
  await page.goto(baseURL + '/field-notes/newsletters/field-notes-dispatch/settings');
  expect(await page.locator('[data-testid="newsletter-subscribers"]').textContent()).toBe('1 subscriber');

  // The editor unpublishes the story, giving the home page back to the other browser tests.
  await page.goto(`${baseURL}/p/${postId}/settings`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect.poll(() => page.locator('[data-testid="toast-viewport"]').textContent()).toContain('was unpublished and moved to Drafts');
  await editorContext.close();
  // And the reader leaves the newsletter: other browser tests read the reader's newsletter list.
  await readerGraphQL(`mutation { unsubscribeFromPublicationNewsletter(newsletterId: "${await newsletterId()}") { __typename } }`);
});

async function readerGraphQL<T>(query: string): Promise<T> {
  const answer = await fetch(`${baseURL}/_/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': sessions.reader!.xsrf, cookie: `sid=${sessions.reader!.token}` },
    body: JSON.stringify({ query }),
  });
  return ((await answer.json()) as { data: T }).data;
}

async function newsletterId(): Promise<string> {
  const data = await readerGraphQL<{ collection: { newsletter: { id: string } } }>('{ collection(slug: "field-notes") { newsletter(slug: "field-notes-dispatch") { id } } }');
  return data.collection.newsletter.id;
}
