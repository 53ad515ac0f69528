// The root hydrates in a transition, in slices (client/entry.tsx, docs/adr/0224-start-up-work-in-slices.md):
// between the entry's hydrateRoot and React's first slice no element has a fiber yet, and a click
// there is still the app's (React finishes the root's and the header's hydration at once, then
// gives it the click): the avatar menu opens, with no hydration error and no GraphQL request.
import { expect, inject, it } from 'vitest';
import { useBrowser, watchPage } from './support/browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

interface Probe {
  /** Whether hydrateRoot had been called when the reader clicked (#root is React's container). */
  rootCreated: boolean | null;
  /** Whether React had hydrated the menu button when the reader clicked (its element carries a fiber). */
  buttonHydrated: boolean | null;
  clicked: boolean;
  /** Set before the click: still there after it only if the page was not loaded again. */
  samePage?: boolean;
}

it('a click on the avatar menu before React has hydrated a single element opens the menu', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const watch = watchPage(page);
  // The entry switches the whole stylesheet on right after it calls hydrateRoot
  // (applyFullStylesheet); the observer runs in that task's microtasks, before React's first
  // slice, which the scheduler runs in a task of its own. The reader clicks there and then.
  await page.addInitScript(() => {
    const probe: Probe = { rootCreated: null, buttonHydrated: null, clicked: false };
    (window as unknown as { probe: Probe }).probe = probe;
    const hasKey = (element: Element | null, prefix: string) => element !== null && Object.keys(element).some((key) => key.startsWith(prefix));
    new MutationObserver((_, observer) => {
      const link = document.querySelector<HTMLLinkElement>('link[data-full-stylesheet]');
      if (link?.media !== 'all') return;
      observer.disconnect();
      const button = document.querySelector<HTMLButtonElement>('[data-testid="avatar-menu-button"]');
      if (!button) return;
      probe.rootCreated = hasKey(document.getElementById('root'), '__reactContainer');
      probe.buttonHydrated = hasKey(button, '__reactFiber') || hasKey(document.querySelector('#root > *'), '__reactFiber');
      probe.samePage = true;
      probe.clicked = true;
      button.click();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['media'] });
  });
  await page.goto(baseURL + '/');
  await page.waitForFunction(() => (window as unknown as { probe: Probe }).probe.clicked, null, { timeout: 30_000 });
  const probe = await page.evaluate(() => (window as unknown as { probe: Probe }).probe);
  // The click really came after hydrateRoot and before React had hydrated anything.
  expect(probe.rootCreated).toBe(true);
  expect(probe.buttonHydrated).toBe(false);

  // The menu opens, in the same document.
  await page.waitForSelector('[data-testid="avatar-menu"]', { timeout: 30_000 });
  expect(await page.locator('[data-testid="avatar-menu-button"]').getAttribute('aria-expanded')).toBe('true');
  expect(await page.locator('[data-testid="avatar-menu"] .avatar-menu-title').innerText()).toBe('Get started');
  expect(await page.evaluate(() => (window as unknown as { probe: Probe }).probe.samePage)).toBe(true);
  expect(watch.graphqlRequests).toEqual([]);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
}, 120_000);
