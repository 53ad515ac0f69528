// Onboarding's topics in Chromium (docs/adr/0135-onboarding-offers-topics-to-follow.md; issue 29,
// point 9): /get-started/topics offers the topics to follow, not a stray tag a writer typed on one
// story; a chosen topic reads as chosen (pressed, a check mark, dark, named below) at 390 px, and
// Continue follows it.
import { expect, inject, it } from 'vitest';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, executeSql } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

it('offers the topics to follow, not a stray tag, and shows a chosen topic as chosen and follows it', async () => {
  const stamp = Date.now().toString(36);
  const straySlug = `stray-${stamp}`;
  const strayTitle = `Stray ${stamp}`;
  // The lapsed member (a demo account no other browser test follows topics with) and a writer's
  // stray tag on one published story: a tag with a story, but no topic to follow.
  const { lapsed } = createDemoSessions(['lapsed'], [
    `INSERT INTO tags (id, slug, display_title, post_count, follower_count) VALUES ('${stamp}', '${straySlug}', '${strayTitle}', 1, 0)`,
    `INSERT INTO post_tags (post_id, tag_slug, position, published_at) SELECT id, '${straySlug}', 9, latest_published_at FROM posts WHERE status = 'PUBLISHED' AND deleted_at IS NULL LIMIT 1`,
  ]);
  // Explore-topics lists the stray tag (so its absence below means something).
  const explore = await fetch(`${baseURL}/_/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': '1' }, body: JSON.stringify({ query: '{ exploreTopics { slug } }' }) });
  expect(((await explore.json()) as { data: { exploreTopics: { slug: string }[] } }).data.exploreTopics.map((t) => t.slug)).toContain(straySlug);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: 'sid', value: lapsed!.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(`${baseURL}/get-started/topics?redirect=%2Fme%2Ffollowing`);
  await waitForHydration(page);

  const chips = page.locator('.onboarding-topics button.topic-chip');
  const offered = await chips.allInnerTexts();
  for (const topic of ['Programming', 'Writing', 'Design', 'Science']) expect(offered.some((text) => text.includes(topic)), topic).toBe(true);
  expect(offered.some((text) => text.includes(strayTitle))).toBe(false);
  expect(await page.locator(`[data-tag-slug="${straySlug}"]`).count()).toBe(0);
  const picked = page.locator('[data-testid="onboarding-picked"]');
  expect(await picked.innerText()).toBe('No topics chosen yet.');

  const chip = (slug: string) => page.locator(`.onboarding-topics button.topic-chip[data-tag-slug="${slug}"]`);
  const text = async (slug: string) => (await chip(slug).innerText()).replace(/\s+/g, ' ').trim();
  const background = (slug: string) => chip(slug).evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await chip('writing').getAttribute('aria-pressed')).toBe('false');
  expect(await text('writing')).toBe('+ Writing');
  await chip('writing').click();
  expect(await chip('writing').getAttribute('aria-pressed')).toBe('true');
  expect(await text('writing')).toBe('\u2713 Writing');
  expect(await picked.innerText()).toBe('Chosen (1): Writing. Choose 2 more.');
  expect(await background('writing')).not.toBe(await background('design'));
  // Pressing again un-chooses it.
  await chip('writing').click();
  expect(await chip('writing').getAttribute('aria-pressed')).toBe('false');
  expect(await picked.innerText()).toBe('No topics chosen yet.');

  const continueButton = page.locator('button:text-is("Continue")');
  for (const slug of ['writing', 'design', 'programming']) {
    expect(await continueButton.isDisabled()).toBe(true);
    await chip(slug).click();
    expect(await chip(slug).getAttribute('aria-pressed')).toBe('true');
  }
  expect(await picked.innerText()).toBe('Chosen (3): Writing, Design, Programming.');
  await continueButton.click();
  await page.waitForSelector('[data-testid="onboarding-writers"]');
  await Promise.all([page.waitForURL(`${baseURL}/me/following`), page.locator('button:text-is("Continue")').click()]);
  await waitForHydration(page);
  // Following lists the chosen topics.
  for (const slug of ['writing', 'design', 'programming']) expect(await page.locator(`main [href$="/tag/${slug}"]`).count(), slug).toBeGreaterThan(0);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
}, 180_000);
