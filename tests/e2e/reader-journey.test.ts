// Issue 6's reader journey in Chromium on the seeded site, in one go, as one signed-in reader:
// from Home a story is opened in place; the reader claps it three times (the count moves by
// three and survives a reload, with the reader's own claps shown), responds, saves it to a
// NEW list (found on /me/lists holding the story), follows its writer (the button flips
// before the server answers: FollowUser is held with page.route; the writer's profile then
// shows one follower more), mutes ANOTHER writer from a Home card's menu (their stories
// leave Home, also after a reload) and finds the story on top of Reading history.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
// A plain demo account (Member through a gift) that no other browser test signs in with,
// so its claps, lists, follows and mutes are this journey's own.
const READER = 'gifted';
let browser: Browser;
let session: DemoSession;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  session = createDemoSessions([READER])[READER]!;
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
});
afterAll(async () => {
  await browser?.close();
});

async function open(page: Page, path: string) {
  const response = await page.goto(baseURL + path);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
}

const header = (page: Page) => page.locator('.story-header');
/** The exact total (the visible text is abbreviated: 1.2K). */
const clapTotal = async (page: Page) => Number((await header(page).locator('.clap-count').getAttribute('aria-label'))!.replace(/ claps$/, ''));
const viewerClaps = async (page: Page) => {
  const badge = header(page).locator('[data-testid="viewer-claps"]');
  return (await badge.count()) ? Number((await badge.textContent())!.replace(/^\+/, '')) : 0;
};

/** Holds back GraphQL calls of one operation until release() is called. */
async function holdOperation(page: Page, operationName: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: () => void;
  const arrived = new Promise<void>((resolve) => (seen = resolve));
  await page.route('**/_/graphql', async (route: Route) => {
    const body = route.request().postData() ?? '';
    if (body.includes(`"operationName":"${operationName}"`) || body.includes(`mutation ${operationName}`)) {
      seen();
      await released;
    }
    await route.continue();
  });
  return { release, arrived };
}

async function profileFollowerCount(page: Page, username: string): Promise<number> {
  await open(page, `/@${username}`);
  return Number(await page.locator('aside .profile-follower-count .follower-count').getAttribute('data-count'));
}

interface Picked {
  href: string;
  postId: string;
  title: string;
  writerHref: string;
}

/**
 * Opens, in place from a Home card, a story by a writer the reader does not follow, that the
 * reader has not clapped and that takes responses; the state is read from the story page.
 */
async function openStoryFromHome(page: Page): Promise<Picked> {
  await open(page, '/');
  const cards = page.locator('[data-feed="FOR_YOU"] .story-card');
  const count = await cards.count();
  expect(count).toBeGreaterThan(3);
  for (let i = 0; i < count; i++) {
    if (i > 0) await open(page, '/');
    const card = page.locator('[data-feed="FOR_YOU"] .story-card').nth(i);
    const href = (await card.locator('.story-card-link').getAttribute('href'))!;
    if (!href.startsWith('/')) continue; // on a custom domain, off the local site
    const writerHref = (await card.locator('.story-card-writer').getAttribute('href'))!;
    const postId = (await card.getAttribute('data-post-id'))!;
    const title = (await card.locator('.story-card-title').textContent())!.trim();
    if (writerHref === `/@${READER}`) continue;
    await card.locator('.story-card-link').click();
    await page.waitForURL(baseURL + href);
    await page.locator(`article.story[data-post-id="${postId}"]`).waitFor();
    expect(await page.locator('.story-title').textContent()).toBe(title);
    const follow = header(page).locator('.follow-button');
    const candidate =
      (await follow.count()) === 1 &&
      (await follow.getAttribute('aria-pressed')) === 'false' &&
      (await viewerClaps(page)) === 0 &&
      (await page.locator('.responses-closed').count()) === 0 &&
      (await header(page).locator('.clap-button').getAttribute('aria-disabled')) === 'false';
    if (candidate) return { href, postId, title, writerHref };
  }
  throw new Error('No story on Home is by an unfollowed writer, unclapped and open to responses');
}

it('a reader claps, responds, saves to a new list, follows the writer, mutes another writer and finds the story in Reading history', { timeout: 150_000 }, async () => {
  const page = await context.newPage();
  const watch = watchPage(page);

  // 1. From Home (For you), a story opened in place.
  const story = await openStoryFromHome(page);
  const writer = story.writerHref.slice(2);

  // 2. Three claps: the count moves by three at once, one ClapMutation(3) settles it.
  const totalBefore = await clapTotal(page);
  const clapped = page.waitForResponse((r) => r.url().endsWith('/_/graphql') && (r.request().postData() ?? '').includes('ClapMutation'));
  const clapButton = header(page).locator('.clap-button');
  await clapButton.click();
  await clapButton.click();
  await clapButton.click();
  expect(await viewerClaps(page)).toBe(3);
  expect(await clapTotal(page)).toBe(totalBefore + 3);
  const clapBody = (await (await clapped).json()) as { data: { clap: { clapCount: number; viewerEdge: { clapCount: number } } } };
  expect(clapBody.data.clap.viewerEdge.clapCount).toBe(3);
  expect(clapBody.data.clap.clapCount).toBe(totalBefore + 3);
  expect(watch.graphqlRequests.filter((r) => r.includes('ClapMutation')).map((r) => JSON.parse(r).variables.numClaps)).toEqual([3]);
  await expect.poll(() => clapTotal(page)).toBe(totalBefore + 3);

  // …and they survive a reload (a server render).
  await page.reload();
  await waitForHydration(page);
  expect(page.url()).toBe(baseURL + story.href);
  expect(await clapTotal(page)).toBe(totalBefore + 3);
  expect(await viewerClaps(page)).toBe(3);
  expect(await header(page).locator('.clap-button').getAttribute('class')).toContain('clap-button-clapped');

  // 3. A response, shown in the thread under the reader's name, and there after a reload.
  const viewerName = await page.evaluate(() => (window as any).__PRELOADED_STATE__.viewer.name as string);
  const firstLine = `Journey response ${Date.now().toString(36)}: three claps well spent.`;
  const editor = page.locator('section#responses form[aria-label="Write a response"]').first();
  await editor.locator('textarea').fill(`${firstLine}\n\nA second paragraph.`);
  await editor.locator('button[type="submit"]').click();
  const written = page.locator('[data-testid="response"]', { hasText: firstLine });
  await written.waitFor();
  expect(await written.locator('.story-p').allTextContents()).toEqual([firstLine, 'A second paragraph.']);
  expect(await written.locator('.response-author').textContent()).toBe(viewerName);
  await expect.poll(() => editor.locator('textarea').inputValue()).toBe('');
  await page.reload();
  await waitForHydration(page);
  await page.locator('[data-testid="response"]', { hasText: firstLine }).waitFor();
  expect(await page.locator('[data-testid="response"]', { hasText: firstLine }).locator('.response-author').textContent()).toBe(viewerName);

  // 4. Saved to a NEW list from the story's bookmark popover.
  const bookmark = header(page).locator('[data-testid="save-to-list"]');
  await bookmark.click();
  const popover = header(page).locator('[data-testid="save-to-list-popover"]');
  await popover.locator('.save-to-list-option').first().waitFor();
  const listName = `Journey ${Date.now().toString(36)}`;
  expect(await popover.locator('.save-to-list-option', { hasText: listName }).count()).toBe(0);
  await popover.getByRole('button', { name: 'Create new list' }).click();
  await popover.locator('[data-testid="catalog-name"]').fill(listName);
  await popover.locator('[data-testid="catalog-submit"]').click();
  const created = popover.locator('.save-to-list-option', { hasText: listName });
  await created.waitFor();
  expect(await created.locator('input[type="checkbox"]').isChecked()).toBe(true);
  expect(await bookmark.getAttribute('aria-pressed')).toBe('true');

  const lists = await context.newPage();
  const listsWatch = watchPage(lists);
  await open(lists, '/me/lists');
  const listCard = lists.locator('.catalog-card', { hasText: listName });
  expect(await listCard.textContent()).toContain('1 story');
  await listCard.locator('.catalog-card-link').click();
  await lists.locator('.catalog-page').waitFor();
  expect(await lists.locator('.catalog-page .library-title').textContent()).toBe(listName);
  expect(await lists.locator(`.catalog-page [data-post-id="${story.postId}"] .story-card-title`).textContent()).toBe(story.title);
  expect(await lists.locator('.catalog-page .story-card').count()).toBe(1);

  // 5. Follow the writer from the story page: the button (and the writer's follower count on
  // the page) flip while FollowUser is still held; the profile then counts one more.
  const profile = await context.newPage();
  const profileWatch = watchPage(profile);
  const followersBefore = await profileFollowerCount(profile, writer);
  await page.keyboard.press('Escape');
  const followButton = header(page).locator('.follow-button');
  const followTarget = (await followButton.getAttribute('data-follow-target'))!;
  const pageFollowerCount = page.locator(`[data-follower-count="${followTarget}"]`).first();
  const pageCountBefore = Number(await pageFollowerCount.getAttribute('data-count'));
  expect(pageCountBefore).toBe(followersBefore);
  expect(await followButton.innerText()).toBe('Follow');
  const held = await holdOperation(page, 'FollowUser');
  const followed = page.waitForResponse((r) => r.url().endsWith('/_/graphql') && (r.request().postData() ?? '').includes('FollowUser'));
  await followButton.click();
  await held.arrived;
  expect(await followButton.innerText()).toBe('Following');
  expect(await followButton.getAttribute('aria-pressed')).toBe('true');
  // Every button of the same writer on the page (byline and footer) flipped with it.
  expect(await page.locator(`.follow-button[data-follow-target="${followTarget}"]`).evaluateAll((buttons) => buttons.map((b) => b.textContent))).toEqual([
    'Following',
    'Following',
  ]);
  expect(Number(await pageFollowerCount.getAttribute('data-count'))).toBe(pageCountBefore + 1);
  held.release();
  expect((await followed).ok()).toBe(true);
  await page.locator('[data-testid="toast"][data-style="SUBSCRIBE_SUCCESS"]').waitFor();
  expect(await followButton.innerText()).toBe('Following');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  expect(await profileFollowerCount(profile, writer)).toBe(followersBefore + 1);
  expect(await profile.locator('aside .profile-sidebar .follow-button').innerText()).toBe('Following');

  // 6. Mute ANOTHER writer from a Home card's menu: their stories leave Home, also after a reload.
  await open(page, '/');
  const forYou = page.locator('[data-feed="FOR_YOU"]');
  const writerHrefs = await forYou.locator('.story-card-writer').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const mutedHref = writerHrefs.find((href) => href !== story.writerHref && href !== `/@${READER}`);
  if (!mutedHref) throw new Error('Home shows no story by a second writer');
  const byMuted = () => forYou.locator(`.story-card-writer[href="${mutedHref}"]`);
  expect(await byMuted().count()).toBeGreaterThan(0);
  const mutedName = (await byMuted().first().innerText()).trim();
  const item = forYou.locator('.home-feed-item').filter({ has: page.locator(`.story-card-writer[href="${mutedHref}"]`) }).first();
  await item.locator('button[aria-label="More"]').click();
  await page.locator('[role="menuitem"]', { hasText: 'Mute author' }).click();
  await page.locator('[data-testid="toast"][data-style="MUTE_ENTITY"]').waitFor();
  expect(await page.locator('[data-testid="toast"][data-style="MUTE_ENTITY"]').innerText()).toContain(`You muted ${mutedName}`);
  expect(await byMuted().count()).toBe(0);
  await page.reload();
  await waitForHydration(page);
  expect(await forYou.locator('.story-card').count()).toBeGreaterThan(3);
  expect(await byMuted().count()).toBe(0);

  // 7. Reading history: the story, read last, is on top.
  await open(page, '/me/lists/reading-history');
  const first = page.locator('[data-testid="reading-history"] .library-item').first();
  expect(await first.getAttribute('data-post-id')).toBe(story.postId);
  expect(await first.locator('.story-card-title').textContent()).toBe(story.title);

  expect([...watch.consoleErrors, ...listsWatch.consoleErrors, ...profileWatch.consoleErrors]).toEqual([]);
  await page.screenshot({ path: '.tmp/e2e-reader-journey.png' });
  await lists.close();
  await profile.close();
  await page.close();
});
