// Issue 27 point 3 (docs/product/2-sign-in-notices-cache-routing.md §3; docs/adr/0110-normalized-cache.md):
// the browser's cache holds entities, so a change shows everywhere the entity is on the page.
// - A story S whose "More from {writer}" and "More from {publication}" both show another story T:
//   the reader opens T from one card, claps, and comes back — both cards of T show the new count
//   at once, read from the cache (S's page query is not sent again), and hydration sent nothing.
// - On a story page the writer has two Follow buttons (byline and footer): following in one and
//   unfollowing in the other moves both.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
// A demo account no other browser test signs in with: its claps and follows are its own.
const READER = 'failed';
let browser: Browser;
let session: DemoSession;

beforeAll(async () => {
  browser = await launchBrowser();
  session = createDemoSessions([READER])[READER]!;
});
afterAll(async () => {
  await browser?.close();
});

interface FeedPost {
  id: string;
  creator: { id: string; username: string; customDomainState: { live: { domain: string } | null } | null; postsConnection: { posts: { id: string }[] } };
  collection: { id: string; domain: string | null; postsConnection: { posts: { id: string }[] } } | null;
}

/** A story whose page shows another story T under both "More from" lists (4 newest each, as PostPageQuery asks). */
async function storyWithTwiceShownCard(): Promise<{ storyId: string; twiceId: string; writerId: string }> {
  const query = `query FindStories {
    homeFeed(mode: LATEST, paging: { limit: 50 }) { items { post {
      id
      creator { id username customDomainState { live { domain } } postsConnection(paging: { limit: 4 }) { posts { id } } }
      collection { id domain postsConnection(paging: { limit: 4 }) { posts { id } } }
    } } }
  }`;
  const response = await fetch(`${baseURL}/_/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': '1' },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data: { homeFeed: { items: { post: FeedPost }[] } } };
  for (const { post } of body.data.homeFeed.items) {
    if (!post.collection || post.collection.domain || post.creator.customDomainState?.live || post.creator.username === READER) continue;
    const byWriter = new Set(post.creator.postsConnection.posts.map((p) => p.id).filter((id) => id !== post.id).slice(0, 3));
    const inPublication = post.collection.postsConnection.posts.map((p) => p.id).filter((id) => id !== post.id).slice(0, 3);
    const twice = inPublication.find((id) => byWriter.has(id));
    if (twice) return { storyId: post.id, twiceId: twice, writerId: post.creator.id };
  }
  throw new Error('no story in the demo world shows another story under both of its "More from" lists');
}

async function signedIn(path: string): Promise<{ context: BrowserContext; page: Page; watch: ReturnType<typeof watchPage> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  const response = await page.goto(baseURL + path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  return { context, page, watch };
}

/** The clap count each card of one story shows (0 when it shows none). */
async function cardCounts(page: Page, postId: string): Promise<number[]> {
  const cards = page.locator(`.more-from .story-card:has(a[href*="${postId}"])`);
  const count = await cards.count();
  const counts: number[] = [];
  for (let i = 0; i < count; i++) {
    const title = await cards.nth(i).locator('.story-card-claps').getAttribute('title', { timeout: 1_000 }).catch(() => null);
    counts.push(title ? Number(/(\d+)/.exec(title.replace(/,/g, ''))?.[1] ?? 'NaN') : 0);
  }
  return counts;
}

it('one clap on a story shows on both of its cards, from the cache', { timeout: 120_000 }, async () => {
  const { storyId, twiceId } = await storyWithTwiceShownCard();
  const { context, page, watch } = await signedIn(`/p/${storyId}`);
  try {
    // Hydration read the server's results: no GraphQL call went out.
    expect(watch.graphqlRequests.filter((body) => body.includes('PostPageQuery'))).toEqual([]);
    const before = await cardCounts(page, twiceId);
    expect(before).toHaveLength(2);
    expect(before[0]).toBe(before[1]);

    // Open T from one of its cards (a navigation in place) and clap once.
    await page.locator(`.more-from .story-card a[href*="${twiceId}"]`).first().click();
    await page.waitForSelector(`article.story[data-post-id="${twiceId}"]`, { timeout: 20_000 });
    const clapAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/_/graphql' && (r.request().postData() ?? '').includes('ClapMutation'), { timeout: 20_000 });
    await page.locator(`article.story[data-post-id="${twiceId}"] .story-actions [data-testid="clap"] .clap-button`).first().click();
    await clapAnswer;

    // Back on S: both cards of T show one more clap, and S's page query was not sent again.
    const sentBefore = watch.graphqlRequests.filter((body) => body.includes('PostPageQuery')).length;
    await page.goBack();
    await page.waitForSelector(`article.story[data-post-id="${storyId}"]`, { timeout: 20_000 });
    await expect.poll(() => cardCounts(page, twiceId), { timeout: 10_000 }).toEqual([before[0]! + 1, before[0]! + 1]);
    expect(watch.graphqlRequests.filter((body) => body.includes('PostPageQuery')).length).toBe(sentBefore);
    expect(watch.consoleErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

it('following a writer in the byline and unfollowing in the footer moves every Follow button of that writer', { timeout: 120_000 }, async () => {
  const { storyId } = await storyWithTwiceShownCard();
  const { context, page, watch } = await signedIn(`/p/${storyId}`);
  try {
    const buttons = page.locator(`article.story .story-byline .follow-button, article.story .story-footer:not(.story-footer-publication) .follow-button`);
    await expect.poll(() => buttons.count()).toBe(2);
    const labels = () => buttons.allInnerTexts();
    // Start from "not following" whatever an earlier run left.
    if ((await labels())[0] === 'Following') {
      await buttons.nth(0).click();
      await expect.poll(labels, { timeout: 10_000 }).toEqual(['Follow', 'Follow']);
    }
    await buttons.nth(0).click();
    await expect.poll(labels, { timeout: 10_000 }).toEqual(['Following', 'Following']);
    const answered = page.waitForResponse((r) => (r.request().postData() ?? '').includes('UnfollowUser'), { timeout: 20_000 });
    await buttons.nth(1).click();
    await expect.poll(labels, { timeout: 10_000 }).toEqual(['Follow', 'Follow']);
    await answered;
    await expect.poll(labels, { timeout: 10_000 }).toEqual(['Follow', 'Follow']);
    expect(watch.consoleErrors).toEqual([]);
  } finally {
    await context.close();
  }
});
