// Lists of stories: home feed LATEST and FOLLOWING, a writer's, a publication's and a
// tag's stories; keyset paging; and the D1 cost of a feed staying flat as it grows.

import { beforeAll, describe, expect, it } from 'vitest';
import { AUTHORS, COLLECTIONS, POSTS, seedWorld, TAGS, type PersonKey, type World } from './helpers/fixtures.ts';
import { graphql, postGraphQL, testDb } from './helpers/graphql-client.ts';

let world: World;
beforeAll(async () => {
  world = await seedWorld(testDb);
});

const as = (who: PersonKey | null) => (who ? world.sessions[who] : undefined);

const HOME = `query($mode: HomeFeedMode, $paging: PagingOptions) {
  homeFeed(mode: $mode, paging: $paging) { items { post { id } } pagingInfo { next { limit to } } } }`;

type Page = { ids: string[]; next: { limit: number; to: string } | null };

async function homePage(mode: 'LATEST' | 'FOLLOWING', paging: Record<string, unknown> | undefined, who: PersonKey | null): Promise<Page> {
  const answer = await graphql(HOME, { mode, paging }, as(who));
  expect(answer.errors).toBeUndefined();
  return { ids: answer.data.homeFeed.items.map((item: { post: { id: string } }) => item.post.id), next: answer.data.homeFeed.pagingInfo.next };
}

/** Walks a feed to its end, page by page. */
async function allPages(mode: 'LATEST' | 'FOLLOWING', limit: number, who: PersonKey | null): Promise<Page[]> {
  const pages: Page[] = [];
  let to: string | undefined;
  do {
    const page = await homePage(mode, { limit, to }, who);
    pages.push(page);
    to = page.next?.to;
  } while (to && pages.length < 10);
  return pages;
}

describe('homeFeed LATEST', () => {
  it('pages through every listed story, newest first, without overlap, ending with next null', async () => {
    const expected = world.listedNewestFirst.map((p) => p.id);
    expect(expected).toHaveLength(32);
    const [first, second, ...rest] = await allPages('LATEST', 20, null);
    expect(rest).toEqual([]);
    expect(first!.ids).toEqual(expected.slice(0, 20));
    expect(first!.next).toEqual({ limit: 20, to: expect.any(String) });
    expect(second!.ids).toEqual(expected.slice(20));
    expect(second!.next).toBeNull();
    expect(new Set([...first!.ids, ...second!.ids]).size).toBe(32);
  });

  it('has no next page when the last page is exactly full', async () => {
    const [first, second, ...rest] = await allPages('LATEST', 16, null);
    expect(rest).toEqual([]);
    expect(first!.ids).toHaveLength(16);
    expect(second!.ids).toHaveLength(16);
    expect(second!.next).toBeNull();
  });

  it('never lists drafts, trash, unlisted, suspended stories, responses or stories of suspended or deleted accounts', async () => {
    const [page] = await allPages('LATEST', 50, 'writer');
    for (const id of [POSTS.draft, POSTS.trashed, POSTS.trashedDraft, POSTS.unlisted, POSTS.suspended, POSTS.response, POSTS.bySuspendedWriter, POSTS.byDeletedWriter]) {
      expect(page!.ids).not.toContain(id);
    }
    expect(page!.ids).toHaveLength(32);
  });

  it('uses 25 by default', async () => {
    const page = await homePage('LATEST', undefined, null);
    expect(page.ids).toHaveLength(25);
    expect(page.next).toEqual({ limit: 25, to: expect.any(String) });
  });

  it('leaves out the muted writers and publications of a signed-in viewer', async () => {
    const [page] = await allPages('LATEST', 50, 'reader');
    const expected = world.listedNewestFirst.filter((p) => p.creatorId !== AUTHORS[1] && p.collectionId !== COLLECTIONS.quill).map((p) => p.id);
    expect(page!.ids).toEqual(expected);
  });

  it('refuses a limit over 50 or under 1, and a cursor it did not make', async () => {
    for (const [paging, message] of [
      [{ limit: 51 }, 'paging.limit must be between 1 and 50 (got 51).'],
      [{ limit: 0 }, 'paging.limit must be between 1 and 50 (got 0).'],
      [{ limit: 5, to: 'bm90IGEgY3Vyc29y' }, 'paging.to is not a cursor from this list.'],
      [{ limit: 5, to: '%%%' }, 'paging.to is not a cursor from this list.'],
    ] as const) {
      const answer = await graphql(HOME, { mode: 'LATEST', paging });
      expect(answer.data).toBeNull();
      expect(answer.errors).toEqual([{ message, locations: expect.any(Array), path: ['homeFeed'], extensions: { code: 'BAD_REQUEST' } }]);
    }
  });
});

describe('homeFeed FOLLOWING', () => {
  it("lists stories of the viewer's followed writers, publications and tags, minus mutes", async () => {
    // The reader follows authors 1 and 3, Daily Bytes and #poetry; mutes author 2 and The Quill.
    const followed = (p: World['listedNewestFirst'][number]) =>
      p.creatorId === AUTHORS[0] || p.creatorId === AUTHORS[2] || p.collectionId === COLLECTIONS.dailyBytes || p.tagSlugs.includes('poetry');
    const muted = (p: World['listedNewestFirst'][number]) => p.creatorId === AUTHORS[1] || p.collectionId === COLLECTIONS.quill;
    const expected = world.listedNewestFirst.filter((p) => followed(p) && !muted(p)).map((p) => p.id);
    expect(expected.length).toBeGreaterThan(5);

    const pages = await allPages('FOLLOWING', 5, 'reader');
    expect(pages.flatMap((p) => p.ids)).toEqual(expected);
    expect(pages.at(-1)!.next).toBeNull();
    // Every reason contributes: a followed author outside followed publications and tags,
    // a Daily Bytes story by an unfollowed author, a #poetry story by an unfollowed author.
    const ids = new Set(expected);
    const listed = world.listedNewestFirst;
    expect(listed.some((p) => ids.has(p.id) && p.creatorId === AUTHORS[2] && p.collectionId === null && !p.tagSlugs.includes('poetry'))).toBe(true);
    expect(listed.some((p) => ids.has(p.id) && p.collectionId === COLLECTIONS.dailyBytes && ![AUTHORS[0], AUTHORS[2]].includes(p.creatorId as never))).toBe(true);
    expect(listed.some((p) => ids.has(p.id) && p.tagSlugs.includes('poetry') && p.collectionId === null && ![AUTHORS[0], AUTHORS[2]].includes(p.creatorId as never))).toBe(true);
  });

  it("includes the member's followed writer's stories", async () => {
    const [page] = await allPages('FOLLOWING', 50, 'member');
    expect(page!.ids.slice(0, 2)).toEqual([POSTS.open, POSTS.locked]);
  });

  it('is an empty list, not an error, when logged out', async () => {
    const answer = await graphql(HOME, { mode: 'FOLLOWING' });
    expect(answer).toMatchObject({ data: { homeFeed: { items: [], pagingInfo: { next: null } } } });
    expect(answer.errors).toBeUndefined();
  });
});

describe('postsConnection', () => {
  const ids = (posts: { id: string }[]) => posts.map((p) => p.id);

  it("lists a writer's published stories, and their unlisted and suspended ones only to themselves", async () => {
    const query = '{ user(username: "writer") { postsConnection(paging: { limit: 10 }) { posts { id } pagingInfo { next { to } } } } }';
    const everyone = await graphql(query, {}, as('reader'));
    expect(ids(everyone.data.user.postsConnection.posts)).toEqual([POSTS.open, POSTS.locked]);
    expect(everyone.data.user.postsConnection.pagingInfo.next).toBeNull();
    const own = await graphql(query, {}, as('writer'));
    expect(ids(own.data.user.postsConnection.posts)).toEqual([POSTS.unlisted, POSTS.suspended, POSTS.open, POSTS.locked]);
  });

  it("pages through a publication's stories", async () => {
    const query = `query($to: String) { collection(slug: "the-quill") { postsConnection(paging: { limit: 6, to: $to }) { posts { id } pagingInfo { next { limit to } } } } }`;
    const expected = world.listedNewestFirst.filter((p) => p.collectionId === COLLECTIONS.quill).map((p) => p.id);
    const first = (await graphql(query)).data.collection.postsConnection;
    const second = (await graphql(query, { to: first.pagingInfo.next.to })).data.collection.postsConnection;
    expect([...ids(first.posts), ...ids(second.posts)]).toEqual(expected);
    expect(second.pagingInfo.next).toBeNull();
  });

  it("lists a tag's stories, newest first, with paging", async () => {
    const query = `query($to: String) { tag(slug: "poetry") { postsConnection(paging: { limit: 4, to: $to }) { posts { id tags { slug } } pagingInfo { next { to } } } } }`;
    const expected = world.listedNewestFirst.filter((p) => p.tagSlugs.includes('poetry')).map((p) => p.id);
    const seen: string[] = [];
    let to: string | undefined;
    do {
      const page = (await graphql(query, { to })).data.tag.postsConnection;
      seen.push(...ids(page.posts));
      for (const post of page.posts) expect(post.tags.map((t: { slug: string }) => t.slug)).toContain(TAGS.poetry.slug);
      to = page.pagingInfo.next?.to;
    } while (to);
    expect(seen).toEqual(expected);
  });
});

describe('D1 cost of a feed', () => {
  const FEED = `query($paging: PagingOptions) { viewer { id }
    homeFeed(paging: $paging) { items { post { id title uniqueSlug mediumUrl isLocked readingTime
      creator { id name username mediumMemberAt viewerEdge { isFollowing isMuting } }
      collection { id name slug viewerEdge { isFollowing } }
      tags { slug } primaryTopic { slug }
      previewImage { id } extendedPreviewContent { isFullContent bodyModel { paragraphs { text } } }
      inResponseToPost { id }
      viewerEdge { clapCount isBookmarked } } } pagingInfo { next { to } } } }`;

  const queriesFor = async (limit: number, who: PersonKey | null) => {
    const answer = await postGraphQL({ query: FEED, variables: { paging: { limit } } }, { sessionToken: as(who) });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.homeFeed.items).toHaveLength(limit);
    return Number(answer.headers.get('x-d1-queries'));
  };

  it('is the same for 25 stories as for 5 (loaders batch per level)', async () => {
    for (const who of ['member', null] as const) {
      const five = await queriesFor(5, who);
      const twentyFive = await queriesFor(25, who);
      expect(five).toBeGreaterThan(0);
      expect(twentyFive).toBe(five);
    }
    // A reasonable absolute bound too: session (2) + feed + per-level lookups.
    expect(await queriesFor(25, 'member')).toBeLessThanOrEqual(14);
  });
});
