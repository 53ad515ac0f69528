// Issue 27 point 4 (docs/product/2-sign-in-notices-cache-routing.md §4.4): RETRYABLE_ERROR is the
// toast of a change whose call never arrived, so trying again may work. A reader claps a story
// while the network drops the call: the toast says "An error occured." with its support link, and
// the clap the page showed at once is taken back (client/components/story/ClapButton.tsx).
import { expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { createDemoSessions } from './support/e2e-database.ts';
import { openSignedIn, storiesByOtherWriters } from './support/other-writers.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

it('a clap whose call never arrives raises the retryable error and is taken back', { timeout: 180_000 }, async () => {
  const [story] = await storiesByOtherWriters(baseURL);
  if (!story) throw new Error('no story by a seeded writer');
  const session = createDemoSessions(['reader']).reader!;
  const { context, page } = await openSignedIn(browser, baseURL, session, `/p/${story.id}`);
  try {
    // Only the clap is dropped: the page and its other calls go through.
    await page.route('**/_/graphql**', (route) => (route.request().postData()?.includes('ClapMutation') ? route.abort() : route.continue()));
    const clap = page.locator('.story-header [data-testid="clap"]');
    const count = clap.locator('.clap-count');
    await clap.locator('.clap-button').waitFor({ timeout: 20_000 });
    const before = (await count.count()) > 0 ? (await count.innerText()).trim() : '';
    await clap.locator('.clap-button').click();
    const toast = page.locator('[data-style="RETRYABLE_ERROR"]');
    await expect.poll(() => toast.innerText(), { timeout: 15_000 }).toContain('An error occured.');
    expect(await toast.getByRole('link', { name: 'Contact support' }).count()).toBe(1);
    await expect.poll(async () => ((await count.count()) > 0 ? (await count.innerText()).trim() : ''), { timeout: 15_000 }).toBe(before);
  } finally {
    await context.close();
  }
});
