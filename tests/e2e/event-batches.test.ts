// Issue 27 point 1 in Chromium: the batches a page sends while a reader opens Home, opens a story
// in place, claps, follows and opens the avatar menu (docs/events.md). Every event is the spec's
// record { key, data, type: "e", timestamp, eventId } with the common data (service lite,
// location, browserWidth, referrer, referrerSource); the story's view names Home as its referrer
// and arrives after the load-event delay; the events arrive in the order they were raised, each
// once, and every batch is answered ok. Clapping and following raise no event of their own (the
// spec names none) and do not disturb the queue.
import { expect, inject, it } from 'vitest';
import type { Browser, Request } from 'playwright-core';
import { READER_AGENT, useBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
// A demo account no other browser test signs in with, so its claps and follows are this test's own.
const READER = 'failed';
const browser = useBrowser();

interface Sent {
  key: string;
  data: Record<string, unknown>;
  type: string;
  timestamp: number;
  eventId: string;
}

it('a reader’s home, story, clap, follow and avatar menu go out as spec records, in order, each once', { timeout: 120_000 }, async () => {
  const session = createDemoSessions([READER])[READER]!;
  const context = await browser.newContext({ userAgent: READER_AGENT, viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  const batches: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/_/batch') batches.push(request);
  });

  // Home, then a story opened in place from a card.
  await page.goto(`${baseURL}/?source=newsletter`);
  await waitForHydration(page);
  const homeUrl = page.url();
  const card = page.locator('[data-feed="FOR_YOU"] .story-card').filter({ has: page.locator('a.story-card-link[href^="/"]') }).first();
  const href = (await card.locator('.story-card-link').getAttribute('href'))!;
  const postId = (await card.getAttribute('data-post-id'))!;
  await card.locator('.story-card-link').click();
  await page.waitForURL(baseURL + href);
  await page.locator(`article.story[data-post-id="${postId}"]`).waitFor();

  // A clap and a follow (or unfollow: whatever the button offers), each settled by the server.
  const clapped = page.waitForResponse((r) => r.url().endsWith('/_/graphql') && (r.request().postData() ?? '').includes('ClapMutation'));
  await page.locator('.story-header .clap-button').click();
  expect((await clapped).status()).toBe(200);
  const follow = page.locator('.story-header .follow-button');
  if ((await follow.count()) > 0) {
    const followed = page.waitForResponse((r) => r.url().endsWith('/_/graphql') && /Follow/.test(r.request().postData() ?? ''));
    await follow.first().click();
    expect((await followed).status()).toBe(200);
  }

  // Then the avatar menu: the last event raised; wait until a batch carrying it was answered.
  await page.click('[data-testid="avatar-menu-button"]');
  await page.waitForSelector('[data-testid="avatar-menu"][data-state="open"]');
  await expect
    .poll(async () => {
      for (const request of batches) if ((request.postData() ?? '').includes('"nav.avatarMenuOpened"') && (await request.response())) return true;
      return false;
    }, { timeout: 30_000, interval: 500 })
    .toBe(true);

  // Every batch was answered ok, and carried only spec records.
  const events: Sent[] = [];
  for (const request of batches) {
    expect((await request.response())?.status()).toBe(204);
    expect(request.headers()['x-xsrf-token']).toBeTruthy();
    const body = JSON.parse(request.postData()!) as Sent[];
    expect(Array.isArray(body)).toBe(true);
    events.push(...body);
  }
  for (const event of events) {
    expect(Object.keys(event).sort(), event.key).toEqual(['data', 'eventId', 'key', 'timestamp', 'type']);
    expect(event.type).toBe('e');
    expect(event.eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.data).toMatchObject({ service: 'lite', browserWidth: 1280 });
    expect(typeof event.data.location).toBe('string');
    expect(typeof event.data.referrer).toBe('string');
  }
  // Each event sent once (a batch is removed once answered ok), in the order raised.
  expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
  const times = events.map((e) => e.timestamp);
  expect(times).toEqual([...times].sort((a, b) => a - b));

  const keys = events.map((e) => e.key);
  const viewed = events.filter((e) => e.key === 'story.viewed');
  expect(viewed).toHaveLength(1);
  expect(keys.indexOf('story.viewed')).toBeLessThan(keys.indexOf('nav.avatarMenuOpened'));
  expect(keys.filter((k) => k === 'nav.avatarMenuOpened')).toHaveLength(1);
  // The story's view: on the story's address, Home (with its source) as its referrer.
  expect(viewed[0]!.data).toMatchObject({ postId, location: baseURL + href, referrer: homeUrl, referrerSource: null });
  // Events raised on Home name Home and its source parameter.
  for (const event of events.slice(0, keys.indexOf('story.viewed'))) {
    if (event.data.location === homeUrl) expect(event.data.referrerSource).toBe('newsletter');
  }
  // The avatar menu was opened on the story: it names the story, Home still the referrer.
  expect(events[keys.indexOf('nav.avatarMenuOpened')]!.data).toMatchObject({ location: baseURL + href, referrer: homeUrl });
  // Only names the spec gives (docs/events.md): clapping and following added none.
  expect(keys.every((k) => /^(story|button|search|nav|upsell|openInApp|homepage|susi|membership)\./.test(k))).toBe(true);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});
