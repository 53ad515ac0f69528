// Issue 26 point 3 in Chromium (docs/adr/0180-mastodon-for-members.md): a member connects the
// Mastodon account they have on the local stand-in instance — types the instance on /mastodon,
// allows the app on the instance's authorize page, comes back connected — and sees it in the
// avatar menu.
import { expect, inject, it } from 'vitest';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

it('a member connects a Mastodon account on the stand-in instance', { timeout: 120_000 }, async () => {
  // The Friend starts with no linked account (a run before may have left one), and a membership
  // running today: the seeded world has a fixed present, and an earlier test may have moved the
  // billing clock (tests/e2e/header.test.ts does the same).
  const friendId = "(SELECT id FROM users WHERE username = 'friend')";
  const { friend } = createDemoSessions(
    ['friend'],
    [
      `DELETE FROM mastodon_accounts WHERE user_id = ${friendId}`,
      `UPDATE memberships SET current_period_ends_at = ${Date.now() + 20 * 86_400_000}, payment_failed_at = NULL, is_cancelled = 0 WHERE user_id = ${friendId}`,
    ],
  );
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: 'sid', value: friend!.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(`${baseURL}/mastodon`);
  await waitForHydration(page);
  expect(await page.getByRole('heading', { name: 'Mastodon for members' }).isVisible()).toBe(true);
  expect(await page.getByRole('heading', { name: 'Create a Mastodon account' }).isVisible()).toBe(true);
  await page.screenshot({ path: 'tests/e2e/screenshots/mastodon-for-members-390.png', fullPage: true });

  await page.getByLabel('Your instance').fill('mastodon.localhost');
  await page.getByRole('button', { name: 'Connect' }).click();
  await page.waitForURL(/\/_\/dev\/mastodon\/oauth\/authorize\?/);
  expect(await page.getByRole('heading', { name: 'Authorization required' }).isVisible()).toBe(true);
  await page.screenshot({ path: 'tests/e2e/screenshots/mastodon-stand-in-authorize-390.png', fullPage: true });
  await page.getByRole('button', { name: /@rae@mastodon\.localhost/ }).click();

  await page.waitForURL(`${baseURL}/mastodon?connected=true`);
  await waitForHydration(page);
  expect(await page.getByText('Your Mastodon account is connected.').isVisible()).toBe(true);
  expect(await page.locator('[data-testid="mastodon-linked"]').innerText()).toContain('@rae@mastodon.localhost');
  const goTo = page.getByRole('link', { name: 'Go to mastodon.localhost' });
  expect(await goTo.getAttribute('href')).toBe(`${baseURL}/_/dev/mastodon/@rae`);
  await page.screenshot({ path: 'tests/e2e/screenshots/mastodon-connected-390.png', fullPage: true });
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});
