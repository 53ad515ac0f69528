// The reader's library in Chromium on the seeded site: a signed-in reader reads a story,
// finds it at the top of Reading history, saves it to a NEW list from there (the
// SaveToListButton popover: "Create new list"), and finds it in that list; opening
// notifications clears the header's unread badge.
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { ON_SITE_STORY_CARD } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

void chromium;
const baseURL = inject('baseURL');

let browser: Browser;
let context: BrowserContext;
let session: DemoSession;

beforeAll(async () => {
  browser = await launchBrowser();
  session = createDemoSessions(['reader']).reader!;
  context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
});

afterAll(async () => {
  await browser?.close();
});

async function open(page: Page, path: string) {
  const response = await page.goto(baseURL + path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

describe('library', () => {
  it('a story the reader opens tops Reading history, and saving it to a new list puts it there', async () => {
    const page = await context.newPage();
    const { consoleErrors } = watchPage(page);

    // Pick a story from the home feed and read it (a full page load: the server records the read).
    await open(page, '/');
    const card = page.locator(ON_SITE_STORY_CARD).first();
    const href = (await card.locator('.story-card-link').getAttribute('href'))!;
    const title = (await card.locator('.story-card-title').textContent())!.trim();
    const postId = (await card.getAttribute('data-post-id'))!;
    await open(page, href);
    await expect(page.locator('.story-title').textContent()).resolves.toBe(title);

    // Reading history, newest first: the story just read is on top.
    await open(page, '/me/lists/reading-history');
    const first = page.locator('[data-testid="reading-history"] .library-item').first();
    await expect(first.getAttribute('data-post-id')).resolves.toBe(postId);
    await expect(first.locator('.story-card-title').textContent()).resolves.toBe(title);

    // Save it to a new list from its bookmark.
    await first.locator('[data-testid="save-to-list"]').click();
    const popover = page.locator('[data-testid="save-to-list-popover"]');
    await popover.locator('.save-to-list-option').first().waitFor();
    await expect(popover.locator('.save-to-list-option').first().textContent()).resolves.toContain('Reading list');
    const listName = `Read again ${Date.now().toString(36)}`;
    await popover.getByRole('button', { name: 'Create new list' }).click();
    await popover.locator('[data-testid="catalog-name"]').fill(listName);
    await popover.locator('[data-testid="catalog-submit"]').click();
    const created = popover.locator('.save-to-list-option', { hasText: listName });
    await created.waitFor();
    await expect(created.locator('input[type="checkbox"]').isChecked()).resolves.toBe(true);
    await expect(first.locator('[data-testid="save-to-list"]').getAttribute('aria-pressed')).resolves.toBe('true');
    await page.screenshot({ path: '.tmp/e2e-library-save.png' });

    // The new list is in the library and holds the story.
    await open(page, '/me/lists');
    const listCard = page.locator('.catalog-card', { hasText: listName });
    await expect(listCard.textContent()).resolves.toContain('1 story');
    await listCard.locator('.catalog-card-link').click();
    await page.locator('.catalog-page').waitFor();
    await expect(page.locator('.catalog-page .library-title').textContent()).resolves.toBe(listName);
    await expect(page.locator(`.catalog-page [data-post-id="${postId}"] .story-card-title`).textContent()).resolves.toBe(title);

    // Removing it from the reading history takes it off the page and off the server.
    await open(page, '/me/lists/reading-history');
    await page.locator(`[data-testid="reading-history"] .library-item[data-post-id="${postId}"] .library-item-remove`).click();
    await page.locator(`[data-testid="reading-history"] .library-item[data-post-id="${postId}"]`).waitFor({ state: 'detached' });
    await open(page, '/me/lists/reading-history');
    await expect(page.locator(`[data-testid="reading-history"] .library-item[data-post-id="${postId}"]`).count()).resolves.toBe(0);

    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it('opening notifications shows the unread ones and clears the header badge', async () => {
    const page = await context.newPage();
    await open(page, '/me/lists');
    const badge = page.locator('[data-testid="notification-badge"]');
    await badge.waitFor();
    await open(page, '/me/notifications');
    expect(await page.locator('.notification[data-unread="true"]').count()).toBeGreaterThan(0);
    await page.screenshot({ path: '.tmp/e2e-library-notifications.png' });
    await badge.waitFor({ state: 'detached' });
    // After a reload nothing is unread any more.
    await open(page, '/me/notifications');
    await expect(page.locator('.notification[data-unread="true"]').count()).resolves.toBe(0);
    await page.close();
  });
});
