// A writer's newsletter in Chromium (issue 12 item 8): a reader subscribes on /@partner/subscribe
// (the subscribed toast); the writer writes a story and publishes it with "Send to subscribers";
// the email is in the development mailbox; its unsubscribe link works in a signed-out browser
// (the unsubscribed toast, the list empties) and a tampered link is refused (403, nothing shown).
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, waitForHydration } from './support/browser.ts';
import { createDemoSessions, executeSql, type DemoSession } from './support/e2e-database.ts';
import { mailTo as mailboxMessage } from './support/mailbox.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let sessions: Record<string, DemoSession>;

beforeAll(async () => {
  browser = await launchBrowser();
  // The reader starts unsubscribed from every newsletter (a rerun on the same database starts clean too).
  sessions = createDemoSessions(['partner', 'reader'], [
    "DELETE FROM newsletter_subscriptions WHERE subscriber_id = (SELECT id FROM users WHERE username = 'reader')",
    "DELETE FROM publication_newsletter_subscriptions WHERE subscriber_id = (SELECT id FROM users WHERE username = 'reader')",
  ]);
});
afterAll(async () => {
  await browser?.close();
});

const mailTo = (email: string, subject: string) => mailboxMessage(baseURL, email, subject);

it('a reader subscribes; the writer publishes; the email arrives; its unsubscribe link works signed out and a tampered one does not', async () => {
  // The reader subscribes.
  const readerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await readerContext.addCookies([{ name: 'sid', value: sessions.reader!.token, url: baseURL }]);
  const readerPage = await readerContext.newPage();
  await readerPage.goto(baseURL + '/@partner/subscribe');
  await waitForHydration(readerPage);
  await readerPage.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect.poll(() => readerPage.locator('[data-testid="toast-viewport"]').textContent()).toContain("You're subscribed to Jonah Kim");
  await readerContext.close();

  // The writer writes and publishes with "Send to subscribers" (on by default).
  const title = `Harbour letter ${Date.now().toString(36)}`;
  const writerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await writerContext.addCookies([{ name: 'sid', value: sessions.partner!.token, url: baseURL }]);
  const page = await writerContext.newPage();
  await page.goto(baseURL + '/new-story');
  await waitForHydration(page);
  const editor = page.locator('[data-testid="story-editor"]');
  await editor.waitFor();
  await page.fill('input[aria-label="Title"]', title);
  await editor.click();
  await page.keyboard.type('The tide came in over the old stones, and the boats waited.');
  await expect.poll(() => page.locator('[data-testid="save-status"]').textContent(), { timeout: 15_000 }).toBe('Saved');
  await page.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish story' });
  const send = dialog.getByRole('checkbox', { name: /Send to subscribers/ });
  expect(await send.isChecked()).toBe(true);
  await Promise.all([page.waitForURL(/\/@partner\//), dialog.getByRole('button', { name: 'Publish now' }).click()]);
  const postId = /([0-9a-f]{12})$/.exec(new URL(page.url()).pathname)![1]!;

  // The email is in the development mailbox, with the one-click headers. It goes out from the
  // fan-out queue after the publish answered (docs/adr/0090-one-fan-out-queue.md): wait for it.
  await expect.poll(() => mailTo('reader@vellum.test', title), { timeout: 20_000 }).toBeDefined();
  const mail = await mailTo('reader@vellum.test', title);
  expect(mail, 'the newsletter email').toBeDefined();
  expect(mail!.text).toContain('The tide came in over the old stones');
  expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const link = /(http\S+\/me\/email-settings\/\S+)/.exec(mail!.text)![1]!;

  // A tampered link, signed out: refused, nothing of the reader's shown.
  const anonymous = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const signedOut = await anonymous.newPage();
  const tampered = link.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
  const refused = await signedOut.goto(tampered);
  expect(refused!.status()).toBe(403);
  await expect.poll(() => signedOut.locator('[data-testid="invalid-email-settings-link"]').isVisible()).toBe(true);
  expect(await signedOut.locator('main').textContent()).not.toContain('Jonah Kim');

  // The real link, signed out: the reader unsubscribes.
  const opened = await signedOut.goto(link);
  expect(opened!.status()).toBe(200);
  await waitForHydration(signedOut);
  await signedOut.getByRole('button', { name: 'Unsubscribe from Jonah Kim' }).click();
  await expect.poll(() => signedOut.locator('[data-testid="toast-viewport"]').textContent()).toContain("You've been unsubscribed");
  await expect.poll(() => signedOut.locator('.newsletter-settings').textContent()).toContain("You're not subscribed to any newsletters.");
  // And it holds: a fresh load of the signed link lists nothing.
  await signedOut.goto(link);
  expect(await signedOut.locator('.newsletter-settings').textContent()).toContain("You're not subscribed to any newsletters.");
  await anonymous.close();

  // The writer unpublishes the story, which gives the home page back to the other browser
  // tests (they read the newest stories).
  await page.goto(`${baseURL}/p/${postId}/settings`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect.poll(() => page.locator('[data-testid="toast-viewport"]').textContent()).toContain('was unpublished and moved to Drafts');
  await writerContext.close();
});
