// Fediverse followers held for approval on the audience page, in Chromium (issue 30 point 2;
// docs/adr/0212-approving-fediverse-followers.md): a new writer who approves fediverse followers
// sees two Follows under "Requests", approves one (it joins the followers) and declines the other;
// after a reload, one follower and no request. The accounts' inboxes are on a .invalid host: the
// Accept and Reject queued can reach no server.
import { expect, inject, it } from 'vitest';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';
import type { DemoSession } from './support/e2e-database.ts';
import { FEDIVERSE_INSTANCE as INSTANCE, writerWithFediverseAudience } from './support/fediverse.ts';

const baseURL = inject('baseURL');

const browser = useBrowser();

/** A new writer who approves followers, with two Follows waiting. */
function writerWithFollowRequests(): DemoSession {
  return writerWithFediverseAudience('appr', 'Ada Approver', { requests: [{ name: 'gus', at: Date.now() - 86_400_000 }, { name: 'hal', at: Date.now() - 3_600_000 }] });
}

it('the writer approves one fediverse follow request and declines another on the audience page', { timeout: 120_000 }, async () => {
  const writer = writerWithFollowRequests();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: 'sid', value: writer.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  expect((await page.goto(`${baseURL}/@${writer.username}/audience`))?.status()).toBe(200);
  await waitForHydration(page);

  const section = page.getByTestId('fediverse-audience');
  expect(await section.getByLabel('Approve fediverse followers').isChecked()).toBe(true);
  await expect.poll(() => section.getByText(`@gus@${INSTANCE}`).isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await section.getByText(`@hal@${INSTANCE}`).isVisible()).toBe(true);
  expect(await page.locator('[data-stat="fediverse-followers"]').textContent()).toBe('0');

  await section.getByRole('button', { name: `Approve @gus@${INSTANCE}` }).click();
  // The first answer on a fresh site loads the federation code and makes the writer's keys: slow on a busy machine.
  await expect.poll(() => section.getByText(`@gus@${INSTANCE} now follows you.`).isVisible(), { timeout: 45_000 }).toBe(true);
  expect(await section.getByRole('button', { name: `Remove @gus@${INSTANCE}` }).isVisible()).toBe(true);
  await section.getByRole('button', { name: `Decline @hal@${INSTANCE}` }).click();
  await expect.poll(() => section.getByText(`@hal@${INSTANCE} was declined.`).isVisible(), { timeout: 45_000 }).toBe(true);
  expect(await section.getByText('No one is waiting for your approval.').isVisible()).toBe(true);

  await page.reload();
  await waitForHydration(page);
  await expect.poll(() => page.locator('[data-stat="fediverse-followers"]').textContent(), { timeout: 15_000 }).toBe('1');
  expect(await section.getByRole('button', { name: `Remove @gus@${INSTANCE}` }).isVisible()).toBe(true);
  expect(await section.getByText(`@hal@${INSTANCE}`).count()).toBe(0);
  expect(await section.getByRole('button', { name: /^Approve @/ }).count()).toBe(0);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});
