// Blocking a fediverse person, and being told of a fediverse reply, in Chromium (issue 30 point 4;
// docs/adr/0214-blocking-a-fediverse-person.md, docs/adr/0215-notifications-from-fediverse-people.md).
// At 390 px, a new writer followed by two fediverse accounts blocks one from the audience page
// (asked to confirm first): it leaves the followers and is listed under "Blocked accounts", still
// so after a reload. On the notifications page, a reply from the fediverse names the person by
// name and handle and links to the reply on the story. The accounts are on a .invalid instance:
// the Reject the block queues reaches no server.
import { randomBytes } from 'node:crypto';
import { expect, inject, it } from 'vitest';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { executeSql } from './support/e2e-database.ts';
import { FEDIVERSE_INSTANCE as INSTANCE, fediversePerson, writerWithFediverseAudience } from './support/fediverse.ts';

const baseURL = inject('baseURL');

const browser = useBrowser();

it('at 390 px the writer blocks a fediverse follower from the audience page and finds them under Blocked accounts after a reload', { timeout: 120_000 }, async () => {
  const writer = writerWithFediverseAudience('fblk', 'Bea Blocker', { followers: [{ name: 'ewan', at: Date.now() - 2 * 86_400_000 }, { name: 'fay', at: Date.now() - 86_400_000 }] });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addCookies([{ name: 'sid', value: writer.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  expect((await page.goto(`${baseURL}/@${writer.username}/audience`))?.status()).toBe(200);
  await waitForHydration(page);

  const section = page.getByTestId('fediverse-audience');
  await expect.poll(() => section.getByText(`@ewan@${INSTANCE}`).isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await section.getByText('You have blocked no fediverse account.').isVisible()).toBe(true);
  await section.getByRole('button', { name: `Block @ewan@${INSTANCE}` }).click();
  const confirm = section.getByRole('group', { name: `Block @ewan@${INSTANCE}` });
  expect(await confirm.getByText(/readers will not see their replies/).isVisible()).toBe(true);
  await confirm.getByTestId('confirm-block').click();
  // The first block on a fresh site loads the federation code to queue the Reject: slow on a busy machine.
  await expect.poll(() => page.getByText(`You blocked @ewan@${INSTANCE}.`, { exact: false }).isVisible(), { timeout: 45_000 }).toBe(true);
  const blocked = section.getByTestId('fediverse-person-blocks');
  expect(await blocked.getByText(`@ewan@${INSTANCE}`).isVisible()).toBe(true);
  expect(await section.getByRole('button', { name: `Remove @ewan@${INSTANCE}` }).count()).toBe(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  await page.reload();
  await waitForHydration(page);
  await expect.poll(() => page.locator('[data-stat="fediverse-followers"]').textContent(), { timeout: 15_000 }).toBe('1');
  expect(await section.getByTestId('fediverse-person-blocks').getByText(`@ewan@${INSTANCE}`).isVisible()).toBe(true);
  expect(await section.getByRole('button', { name: `Unblock @ewan@${INSTANCE}` }).isVisible()).toBe(true);
  expect(await section.getByRole('button', { name: `Remove @fay@${INSTANCE}` }).isVisible()).toBe(true);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});

it('the notifications page shows a reply from the fediverse by name and handle, linking to the reply', { timeout: 120_000 }, async () => {
  const writer = writerWithFediverseAudience('fnot', 'Nia Notified', {});
  const ivy = fediversePerson(`ivy${randomBytes(3).toString('hex')}`);
  const handle = `@${ivy.split('/').pop()}@${INSTANCE}`;
  const responseId = `fr${randomBytes(6).toString('hex')}`;
  // A reply stored under a published story, and the notification the writer was sent for it
  // (tests/integration/federation-person-blocks.test.ts makes them through signed activities).
  const story = `(SELECT id FROM posts WHERE status = 'PUBLISHED' AND visibility = 'PUBLIC' AND in_response_to_post_id IS NULL AND deleted_at IS NULL AND is_suspended = 0 ORDER BY id LIMIT 1)`;
  const now = Date.now();
  executeSql(
    [
      `INSERT INTO remote_authors (actor_uri, handle, name, profile_url, avatar_url, updated_at) VALUES ('${ivy}', '${handle}', 'Ivy Remote', '${ivy}', NULL, ${now})`,
      `INSERT INTO fediverse_responses (id, post_id, author_uri, note_uri, url, content, created_at, updated_at) VALUES ('${responseId}', ${story}, '${ivy}', '${ivy}/statuses/1', '${ivy}/statuses/1', '{"paragraphs":[{"name":"0000","type":"P","text":"Hello from afar.","markups":[]}]}', ${now}, ${now})`,
      `INSERT INTO notifications (id, user_id, actor_id, type, post_id, remote_actor_uri, fediverse_response_id, created_at, read_at) SELECT 'n${responseId}', id, NULL, 'RESPONSE', ${story}, '${ivy}', '${responseId}', ${now}, NULL FROM users WHERE username = '${writer.username}'`,
    ].join(';\n'),
  );
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: 'sid', value: writer.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  expect((await page.goto(`${baseURL}/me/notifications`))?.status()).toBe(200);
  await waitForHydration(page);
  const item = page.locator('li.notification[data-type="RESPONSE"]').first();
  await expect.poll(() => item.textContent(), { timeout: 15_000 }).toContain('Ivy Remote');
  expect(await item.getByText(handle).isVisible()).toBe(true);
  expect(await item.getByText(/from the fediverse/).isVisible()).toBe(true);
  expect(await item.getByRole('link', { name: 'replied' }).getAttribute('href')).toMatch(new RegExp(`#fediverse-response-${responseId}$`));
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});

it('at 390 px the writer hides or blocks a fediverse reply from under their own story, without the page scrolling sideways', { timeout: 120_000 }, async () => {
  const writer = writerWithFediverseAudience('fown', 'Oda Owner', {});
  const gus = fediversePerson(`gus${randomBytes(3).toString('hex')}`);
  const handle = `@${gus.split('/').pop()}@${INSTANCE}`;
  const postId = randomBytes(6).toString('hex');
  const responseId = `fr${randomBytes(6).toString('hex')}`;
  const now = Date.now();
  const content = JSON.stringify({ paragraphs: [{ name: 'p0', type: 'P', text: 'A story with a reply from afar.', markups: [] }] });
  // Unlisted: the story stays out of the lists other browser tests read.
  executeSql(
    [
      `INSERT INTO posts (id, creator_id, title, slug, status, visibility, content, word_count, reading_time, created_at, updated_at, first_published_at, latest_published_at)
         SELECT '${postId}', id, 'Letters from afar', 'letters-from-afar', 'PUBLISHED', 'UNLISTED', '${content}', 7, 1, ${now}, ${now}, ${now}, ${now} FROM users WHERE username = '${writer.username}'`,
      `INSERT INTO remote_authors (actor_uri, handle, name, profile_url, avatar_url, updated_at) VALUES ('${gus}', '${handle}', 'Gus Faraway-With-A-Long-Name', '${gus}', NULL, ${now})`,
      `INSERT INTO fediverse_responses (id, post_id, author_uri, note_uri, url, content, created_at, updated_at) VALUES ('${responseId}', '${postId}', '${gus}', '${gus}/statuses/1', '${gus}/statuses/1', '{"paragraphs":[{"name":"0000","type":"P","text":"Greetings from the fediverse.","markups":[]}]}', ${now}, ${now})`,
    ].join(';\n'),
  );
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addCookies([{ name: 'sid', value: writer.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  expect((await page.goto(`${baseURL}/p/${postId}`))?.status()).toBe(200);
  await waitForHydration(page);
  const reply = page.getByTestId('fediverse-response');
  await expect.poll(() => reply.textContent(), { timeout: 15_000 }).toContain('Greetings from the fediverse.');
  expect(await reply.getByRole('button', { name: 'Hide response' }).isVisible()).toBe(true);
  await reply.getByRole('button', { name: `Block ${handle}` }).click();
  await reply.getByTestId('confirm-block').click();
  await expect.poll(() => page.getByText(`You blocked ${handle}.`, { exact: false }).isVisible(), { timeout: 45_000 }).toBe(true);
  expect(await reply.getByRole('button', { name: `Unblock ${handle}` }).isVisible()).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});
