// Topic curators in Chromium (issue 15; docs/reader.md, "Topic curators"): staff open a topic's
// edit page, write a description and feature a story through the form, and the topic's page
// shows both at once (its cached copy purged); a signed-in reader gets the 404 page. The topic
// is put back as it was at the end (the browser tests share one database).
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let sessions: Record<string, DemoSession>;

beforeAll(async () => {
  browser = await launchBrowser();
  sessions = createDemoSessions(['staff', 'reader']);
});
afterAll(async () => {
  await browser?.close();
});

/** A topic with stories: its slug, description and newest story (from the site's own API). */
async function aTopic(): Promise<{ slug: string; description: string; storyId: string; storyTitle: string }> {
  const response = await fetch(`${baseURL}/_/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': '1' },
    body: JSON.stringify({ query: '{ tag(slug: "writing") { slug description postsConnection(paging: { limit: 10 }) { posts { id title } } } }' }),
  });
  const tag = ((await response.json()) as { data: { tag: { slug: string; description: string; postsConnection: { posts: { id: string; title: string }[] } } | null } }).data.tag;
  const story = tag?.postsConnection.posts[0];
  if (!tag || !story) throw new Error('no topic "writing" with a story');
  return { slug: tag.slug, description: tag.description, storyId: story.id, storyTitle: story.title };
}

it('staff edit a topic: the description and a featured story show on the topic page; a reader gets 404', async () => {
  const topic = await aTopic();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'sid', value: sessions.staff!.token, url: baseURL }]);
    const page = await context.newPage();
    await page.goto(`${baseURL}/topic/${topic.slug}/edit`);
    expect(await page.locator('h1').textContent()).toBeTruthy();
    await page.fill('#description', 'Stories about the craft of writing, picked by our editors.');
    await page.fill('#featured', `/p/${topic.storyId}`);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${baseURL}/topic/${topic.slug}/edit?saved=1`);
    expect(await page.locator('[role="status"]').textContent()).toBe('Saved.');
    await page.screenshot({ path: '.tmp/e2e-topic-edit.png' });

    const watch = watchPage(page);
    await page.goto(`${baseURL}/tag/${topic.slug}`);
    await waitForHydration(page);
    expect(await page.locator('.tag-heading-description').textContent()).toBe('Stories about the craft of writing, picked by our editors.');
    const shelf = page.locator('[data-testid="tag-featured"]');
    expect(await shelf.locator('#tag-featured-heading').textContent()).toBe('Featured');
    expect(await shelf.locator(`.story-card[data-post-id="${topic.storyId}"]`).count()).toBe(1);
    expect(await page.locator(`main .story-card[data-post-id="${topic.storyId}"]`).count()).toBe(1); // not listed twice
    await page.screenshot({ path: '.tmp/e2e-topic-featured.png' });
    expect(watch.consoleErrors).toEqual([]);
    await context.close();

    const readerContext = await browser.newContext();
    await readerContext.addCookies([{ name: 'sid', value: sessions.reader!.token, url: baseURL }]);
    const response = await (await readerContext.newPage()).goto(`${baseURL}/topic/${topic.slug}/edit`);
    expect(response?.status()).toBe(404);
    await readerContext.close();
  } finally {
    // Back as it was, through the form, so the topic's cached pages are purged again.
    const restored = await fetch(`${baseURL}/topic/${topic.slug}/edit`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: baseURL, cookie: `sid=${sessions.staff!.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: sessions.staff!.xsrf, description: topic.description, featured: '' }).toString(),
    });
    expect(restored.status).toBe(303);
  }
});
