// The page's body hydrates after the shell, in slices (client/app/hydrate-later.tsx,
// docs/adr/0220-regions-hydrated-in-slices.md): right after the app's first commit the cards
// are still the server's markup, and a click on one is still a client-side navigation (React
// hydrates the region at once and then gives it the click), without a hydration error.
import { expect, inject, it } from 'vitest';
import { ON_SITE_STORY_CARD, useBrowser, watchPage } from './support/browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

interface Probe {
  /** Whether React had hydrated the card's link when the app committed (its element carries a fiber). */
  linkHydratedAtCommit: boolean | null;
  /** The link clicked, at that moment. */
  clickedHref: string | null;
  /** Set before the click: still there after it only if the page was not loaded again. */
  samePage?: boolean;
}

it('a click on a card right after the app’s first commit, before the cards have hydrated, opens the story in place', async () => {
  const page = await browser.newPage();
  const watch = watchPage(page);
  // The moment the app commits (client/layouts/App.tsx sets data-hydrated in its first effect):
  // the body's region has not hydrated yet; the reader clicks a card's link there and then.
  await page.addInitScript(
    ({ cardSelector }) => {
      const probe: Probe = { linkHydratedAtCommit: null, clickedHref: null };
      (window as unknown as { probe: Probe }).probe = probe;
      new MutationObserver((_, observer) => {
        if (document.documentElement?.dataset.hydrated !== 'true') return;
        observer.disconnect();
        const link = document.querySelector<HTMLAnchorElement>(`${cardSelector} .story-card-link`);
        if (!link) return;
        probe.linkHydratedAtCommit = Object.keys(link).some((key) => key.startsWith('__reactFiber'));
        probe.clickedHref = link.getAttribute('href');
        probe.samePage = true;
        link.click();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    },
    { cardSelector: ON_SITE_STORY_CARD },
  );
  await page.goto(baseURL + '/');
  await page.waitForFunction(() => (window as unknown as { probe: Probe }).probe.clickedHref !== null, null, { timeout: 30_000 });
  const { linkHydratedAtCommit, clickedHref } = await page.evaluate(() => (window as unknown as { probe: Probe }).probe);
  // The click really landed in a region React had not hydrated yet.
  expect(linkHydratedAtCommit).toBe(false);
  expect(clickedHref).toMatch(/^\/@/);

  // The story opens: its title shows and the address is the card's.
  await page.waitForURL((url) => url.pathname === clickedHref, { timeout: 30_000 });
  await expect.poll(() => page.locator('h1.story-title').count(), { timeout: 30_000 }).toBe(1);
  // In place: the document the click happened in is still the one showing the story.
  expect(await page.evaluate(() => (window as unknown as { probe: Probe }).probe.samePage)).toBe(true);
  expect(watch.consoleErrors).toEqual([]);
  await page.close();
}, 120_000);
