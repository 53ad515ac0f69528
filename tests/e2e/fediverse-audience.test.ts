// The writer's fediverse followers on the audience page, in Chromium (issue 30 point 2;
// docs/adr/0207-fediverse-followers-in-the-audience.md): a new writer followed by two fediverse
// accounts sees them counted and listed by handle and instance, removes one, and after a reload
// the one removed is gone. The followers' inboxes are on a .invalid host: the Reject the removal
// queues can reach no server.
import { expect, inject, it } from 'vitest';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';
import type { DemoSession } from './support/e2e-database.ts';
import { FEDIVERSE_INSTANCE as INSTANCE, writerWithFediverseAudience } from './support/fediverse.ts';

const baseURL = inject('baseURL');

const browser = useBrowser();

/** A new writer followed by two fediverse accounts. */
function writerWithFediverseFollowers(): DemoSession {
  return writerWithFediverseAudience('fedi', 'Fern Fediverse', { followers: [{ name: 'ewan', at: Date.now() - 2 * 86_400_000 }, { name: 'fay', at: Date.now() - 86_400_000 }] });
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
