// Notes for the writer in Chromium (docs/reader.md "Notes for the writer";
// docs/adr/0199-notes-for-the-writer.md): a new reader selects words of Ada's story and leaves a
// private note for the writer; Ada finds it in her notifications, opens the story at the note and
// answers; the reader follows "replied to a note" from their notifications to
// /p/notereplies/{replyId} and reads the answer under the story. The reader's account is removed
// at the end (browser tests share one database).
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, createNewReader, executeSql, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const stamp = Date.now().toString(36);
const readerName = `Noor ${stamp}`;
const NOTE = `Is this the second draft? ${stamp}`;
const ANSWER = `Yes, the second one. <b>${stamp}</b>`;
let browser: Browser;
let reader: BrowserContext;
let writer: BrowserContext;
let readerSession: DemoSession;

beforeAll(async () => {
  browser = await launchBrowser();
  readerSession = createNewReader(`noor_${stamp}`, readerName);
  const ada = createDemoSessions(['ada']).ada!;
  reader = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await reader.addCookies([{ name: 'sid', value: readerSession.token, url: baseURL }]);
  writer = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await writer.addCookies([{ name: 'sid', value: ada.token, url: baseURL }]);
}, 60_000);

afterAll(async () => {
  executeSql(`DELETE FROM users WHERE username = 'noor_${stamp}'`);
  await browser?.close();
});

it('a reader leaves a note for the writer, the writer answers it, and the reader opens the answer', async () => {
  // The reader opens one of Ada's stories with a readable paragraph.
  const page = await reader.newPage();
  const watch = watchPage(page);
  await page.goto(baseURL + '/@ada');
  await waitForHydration(page);
  const hrefs = (await page.locator('.story-card-link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))).filter((h) => h.startsWith('/'));
  let found = false;
  for (const href of hrefs) {
    await page.goto(baseURL + href);
    await waitForHydration(page);
    if (await page.evaluate(() => [...document.querySelectorAll('.story-body p[id]')].some((p) => (p.textContent ?? '').length > 40))) {
      found = true;
      break;
    }
  }
  expect(found, "one of Ada's stories has a readable paragraph").toBe(true);
  await page.waitForFunction(() => document.documentElement.dataset.highlights !== undefined);
  const postId = (await page.locator('article.story').getAttribute('data-post-id'))!;

  // Select words, as a reader would, and leave a note for the writer.
  const words = await page.evaluate(() => {
    const target = [...document.querySelectorAll<HTMLElement>('.story-body p[id]')].find((p) => (p.textContent ?? '').length > 40)!;
    const node = document.createTreeWalker(target, NodeFilter.SHOW_TEXT).nextNode()!;
    const range = document.createRange();
    range.setStart(node, 0);
    range.setEnd(node, Math.min(20, node.textContent!.length));
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    return range.toString();
  });
  await page.getByRole('button', { name: 'Private note' }).click();
  await page.getByLabel('Your private note').fill(NOTE);
  await page.getByLabel('Leave it for the writer').check();
  const created = page.waitForResponse((r) => r.url().endsWith(`/_/p/${postId}/quotes/create`));
  await page.getByRole('button', { name: 'Save note' }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  expect(((await answer.json()) as { forWriter: boolean }).forWriter).toBe(true);

  // The writer is told, opens the story at the note, and answers it.
  const desk = await writer.newPage();
  const deskWatch = watchPage(desk);
  await desk.goto(baseURL + '/me/notifications');
  await waitForHydration(desk);
  const told = desk.locator('.notification', { hasText: readerName }).filter({ hasText: 'left you a note' }).first();
  await told.getByRole('link', { name: 'left you a note' }).click();
  const thread = desk.getByRole('region', { name: 'Note for the writer' });
  await thread.waitFor();
  expect(await thread.innerText()).toContain(NOTE);
  expect(await thread.innerText()).toContain(words.trim());
  await thread.getByLabel('Your reply').fill(ANSWER);
  await thread.getByRole('button', { name: 'Reply' }).click();
  await thread.locator('.note-thread-reply', { hasText: ANSWER }).waitFor();
  await thread.screenshot({ path: 'tests/e2e/screenshots/note-for-the-writer-answer.png' });
  expect(deskWatch.consoleErrors).toEqual([]);

  // The reader follows the notification to /p/notereplies/{replyId} and reads the answer, as text.
  await page.goto(baseURL + '/me/notifications');
  await waitForHydration(page);
  const reply = page.locator('.notification', { hasText: 'replied to a note' }).first();
  await reply.getByRole('link', { name: 'replied to a note' }).click();
  await page.waitForURL(new RegExp(`/p/${postId}/notes/[^?]+\\?reply=`));
  await waitForHydration(page);
  const readerThread = page.getByRole('region', { name: 'Note for the writer' });
  await readerThread.waitFor();
  const current = readerThread.locator('.note-thread-reply[data-current="true"]');
  await current.waitFor();
  expect(await current.innerText()).toContain(ANSWER);
  expect(await readerThread.locator('b').count()).toBe(0);
  await readerThread.screenshot({ path: 'tests/e2e/screenshots/note-for-the-writer-reply.png' });
  expect(watch.consoleErrors).toEqual([]);
});
