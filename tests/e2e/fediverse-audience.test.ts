// The writer's fediverse followers on the audience page, in Chromium (issue 30 point 2;
// docs/adr/0207-fediverse-followers-in-the-audience.md): a new writer followed by two fediverse
// accounts sees them counted and listed by handle and instance, removes one, and after a reload
// the one removed is gone. The followers' inboxes are on a .invalid host: the Reject the removal
// queues can reach no server.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createNewReader, executeSql, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const INSTANCE = 'fediverse-e2e.invalid';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A new writer followed by two fediverse accounts: each attempt (a retry too) starts from its own. */
function writerWithFediverseFollowers(): DemoSession {
  const writer = createNewReader(`fedi${randomBytes(4).toString('hex')}`, 'Fern Fediverse');
  const follower = (name: string, at: number) =>
    `INSERT INTO federation_followers (actor_id, follower_uri, inbox, shared_inbox, follow_uri, handle, created_at) ` +
    `SELECT id, 'https://${INSTANCE}/users/${name}', 'https://${INSTANCE}/users/${name}/inbox', NULL, 'https://${INSTANCE}/follows/${name}', '${name}', ${at} FROM users WHERE username = '${writer.username}'`;
  executeSql([follower('ewan', Date.now() - 2 * 86_400_000), follower('fay', Date.now() - 86_400_000)].join(';\n'));
  return writer;
}

it('the writer sees their fediverse followers on the audience page and removes one', { timeout: 120_000 }, async () => {
  const writer = writerWithFediverseFollowers();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: 'sid', value: writer.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  expect((await page.goto(`${baseURL}/@${writer.username}/audience`))?.status()).toBe(200);
  await waitForHydration(page);

  const section = page.getByTestId('fediverse-audience');
  await expect.poll(() => page.locator('[data-stat="fediverse-followers"]').textContent(), { timeout: 15_000 }).toBe('2');
  await expect.poll(() => section.getByText(`@ewan@${INSTANCE}`).isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await section.getByText(`@fay@${INSTANCE}`).isVisible()).toBe(true);

  await section.getByRole('button', { name: `Remove @ewan@${INSTANCE}` }).click();
  // The first removal on a fresh site loads the federation code and makes the writer's keys: slow on a busy machine.
  await expect.poll(() => section.getByText(`@ewan@${INSTANCE} no longer follows you.`).isVisible(), { timeout: 45_000 }).toBe(true);
  expect(await section.getByRole('button', { name: `Remove @ewan@${INSTANCE}` }).count()).toBe(0);

  await page.reload();
  await waitForHydration(page);
  await expect.poll(() => page.locator('[data-stat="fediverse-followers"]').textContent(), { timeout: 15_000 }).toBe('1');
  expect(await section.getByText(`@ewan@${INSTANCE}`).count()).toBe(0);
  expect(await section.getByText(`@fay@${INSTANCE}`).isVisible()).toBe(true);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});
