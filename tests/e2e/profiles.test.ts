// Issue 6 items 6 and 7 in Chromium: a writer's profile, their followers, a publication
// and a topic, each server-rendered and hydrated without a GraphQL request or a console
// error; moving between them in place asks GraphQL for the next page only.
import { expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/** Loads a page from the server and checks that hydration needed nothing more. */
async function open(page: Page, path: string, watch: ReturnType<typeof watchPage>, pageName: string) {
  const before = watch.graphqlRequests.length;
  const response = await page.goto(baseURL + path);
  expect(response?.status(), path).toBe(200);
  expect(response?.headers()['x-page-name']).toBe(pageName);
  await waitForHydration(page);
  expect(watch.graphqlRequests.length, `hydrating ${path} sends no GraphQL request`).toBe(before);
}

it('a writer profile, its followers, a publication and a topic', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const watch = watchPage(page);

  // The writer's profile: stories, sidebar with the follower count and a follow button.
  await open(page, '/@partner', watch, 'user-profile');
  expect(await page.locator('h1.profile-name').textContent()).toBe('Jonah Kim');
  expect(await page.locator('main .story-card').count()).toBeGreaterThan(0);
  await expect(page.locator('aside .profile-sidebar button', { hasText: 'Follow' }).count()).resolves.toBe(1);
  await page.screenshot({ path: 'tests/e2e/screenshots/profile.png' });

  // To the followers, in place: the page's own query only.
  const followerCount = Number((await page.locator('aside .profile-follower-count').textContent())!.replace(/\D/g, ''));
  await page.locator('aside .profile-follower-count').click();
  await page.waitForSelector('h2.people-heading');
  expect(new URL(page.url()).pathname).toBe('/@partner/followers');
  expect(watch.graphqlRequests.length).toBe(1);
  expect(watch.graphqlRequests[0]).toContain('UserFollowersPageQuery');
  const rows = await page.locator('main .person-row').count();
  expect(rows).toBe(Math.min(20, followerCount));
  expect(await page.locator('main .person-row button', { hasText: 'Follow' }).count()).toBeGreaterThan(0);

  // The same page loaded from the server hydrates without asking again.
  await open(page, '/@partner/followers', watch, 'user-followers');
  expect(await page.locator('main .person-row').count()).toBe(rows);
  await page.screenshot({ path: 'tests/e2e/screenshots/followers.png' });

  // A publication (main host) with its masthead, follow button and stories.
  await open(page, '/plain-data', watch, 'publication-profile');
  expect(await page.locator('h1.publication-name').textContent()).toBeTruthy();
  expect(await page.locator('.publication-masthead button', { hasText: 'Follow' }).count()).toBe(1);
  expect(await page.locator('main .story-card').count()).toBeGreaterThan(0);
  await page.screenshot({ path: 'tests/e2e/screenshots/publication.png' });

  // Explore topics, then a topic page.
  await open(page, '/explore-topics', watch, 'explore-topics');
  const slug = await page.locator('.topic-chip').first().getAttribute('data-tag-slug');
  expect(slug).toBeTruthy();
  await open(page, `/tag/${slug}`, watch, 'topic');
  expect(await page.locator('.tag-heading button', { hasText: 'Follow' }).count()).toBe(1);
  expect(await page.locator('main .story-card').count()).toBeGreaterThan(0);
  await page.screenshot({ path: 'tests/e2e/screenshots/topic.png' });

  // Recommended and who-to-follow tabs, in place.
  const requestsBefore = watch.graphqlRequests.length;
  await page.locator('.tag-tabs a', { hasText: 'Who to follow' }).click();
  await page.waitForSelector('main .person-row');
  expect(new URL(page.url()).pathname).toBe(`/tag/${slug}/who-to-follow`);
  expect(watch.graphqlRequests.length).toBe(requestsBefore + 1);

  expect(watch.consoleErrors).toEqual([]);
  await page.close();
});

it('a profile pages its stories with Show more, without repeating one', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const watch = watchPage(page);
  await open(page, '/@ada', watch, 'user-profile');
  const firstPage = await page.locator('main .story-card').count();
  expect(firstPage).toBe(10);
  await page.locator('.show-more button').click();
  await page.waitForFunction(() => document.querySelectorAll('main .story-card').length > 10);
  expect(watch.graphqlRequests).toHaveLength(1);
  expect(watch.graphqlRequests[0]).toContain('UserStoriesPageQuery');
  const ids = await page.locator('main .story-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-post-id')));
  expect(new Set(ids).size).toBe(ids.length);
  expect(watch.consoleErrors).toEqual([]);
  await page.close();
});
