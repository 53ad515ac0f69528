// Issue 27 point 4 (docs/product/2-sign-in-notices-cache-routing.md §4.4, SUBSCRIPTION_PROMOTION):
// a writer turns off the invitation on their member-only stories in Settings → Publishing →
// "Customize membership promotion", sees the toast with "Take a look", and a reader of one of
// those stories no longer sees "Support {writer}"; turning it on again says so and brings it back
// (docs/membership.md "Membership promotion").
import { expect, inject, it } from 'vitest';
import { useBrowser, waitForHydration } from './support/browser.ts';
import { createDemoSessions, executeSql } from './support/e2e-database.ts';
import { DEMO_ACCOUNTS, openSignedIn } from './support/other-writers.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

interface LockedStory {
  id: string;
  isLocked: boolean;
  creator: { id: string; name: string; username: string; customDomainState: { live: { domain: string } | null } | null };
  collection: { domain: string | null } | null;
}

async function memberOnlyStory(): Promise<LockedStory> {
  const query = `query Stories { homeFeed(mode: LATEST, paging: { limit: 50 }) { items { post { id isLocked creator { id name username customDomainState { live { domain } } } collection { domain } } } } }`;
  const response = await fetch(`${baseURL}/_/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': '1' }, body: JSON.stringify({ query }) });
  const body = (await response.json()) as { data: { homeFeed: { items: { post: LockedStory }[] } } };
  const story = body.data.homeFeed.items
    .map((i) => i.post)
    .find((p) => p.isLocked && !DEMO_ACCOUNTS.has(p.creator.username) && !p.creator.customDomainState?.live && !p.collection?.domain);
  if (!story) throw new Error('no member-only story by a seeded writer');
  return story;
}

it('a writer turns their membership promotion off and on again', { timeout: 240_000 }, async () => {
  const story = await memberOnlyStory();
  const writer = story.creator;
  const reset = `DELETE FROM user_preferences WHERE user_id = '${writer.id}' AND key = 'membership_promotion'`;
  executeSql(reset);
  const session = createDemoSessions([writer.username])[writer.username]!;
  const { context, page } = await openSignedIn(browser, baseURL, session, '/me/settings/publishing');
  const reader = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const toggle = page.locator('[data-testid="settings-membership-promotion"]');
    expect(await toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    const toast = page.locator('[data-style="SUBSCRIPTION_PROMOTION"]');
    await expect.poll(() => toast.innerText(), { timeout: 20_000 }).toContain('Subscription promotions are disabled.');
    expect(await toast.locator('a:text-is("Take a look")').getAttribute('href')).toBe(`/@${writer.username}/membership`);
    await page.screenshot({ path: 'tests/e2e/screenshots/membership-promotion-toast.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#customizeMembershipPromotion').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'tests/e2e/screenshots/membership-promotion-toast-390.png' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A reader without membership meets the paywall without the invitation.
    const readerPage = await reader.newPage();
    await readerPage.goto(`${baseURL}/p/${story.id}`);
    await waitForHydration(readerPage);
    await readerPage.locator('[data-testid="paywall"]').waitFor({ timeout: 20_000 });
    expect(await readerPage.locator('[data-testid="paywall"]').innerText()).not.toContain(`Support ${writer.name}`);

    await page.reload();
    await waitForHydration(page);
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    await expect.poll(() => toast.innerText(), { timeout: 20_000 }).toContain('Subscription promotions are enabled.');
    await readerPage.reload();
    await expect.poll(() => readerPage.locator('[data-testid="paywall"]').innerText(), { timeout: 20_000 }).toContain(`Support ${writer.name}`);
  } finally {
    await reader.close();
    await context.close();
    executeSql(reset);
  }
});
