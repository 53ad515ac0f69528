// The read side of profiles, publications and topics over POST /_/graphql (fixture world):
// followers and following, lists and their privacy, a publication's tagged stories, a
// topic's top stories and top writers, and every topic.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTHORS, COLLECTIONS, SECRET_MARKER, seedWorld, TAGS, USERS, type World } from './helpers/fixtures.ts';
import { graphql } from './helpers/graphql-client.ts';

let world: World;

beforeAll(async () => {
  world = await seedWorld(env.DB);
});

const DAY = 24 * 60 * 60 * 1000;

describe('followers and following', () => {
  it('lists who follows a writer and a publication, and whom a reader follows', async () => {
    const { data } = await graphql(`
      query {
        writer: user(username: "writer") { followersConnection { users { id } pagingInfo { next { to } } } }
        reader: user(username: "reader") { followingConnection { users { id } } }
        quill: collection(slug: "the-quill") { followersConnection { users { id } } }
      }
    `);
    expect(data.writer.followersConnection.users.map((u: { id: string }) => u.id)).toEqual([USERS.member]);
    expect(data.writer.followersConnection.pagingInfo.next).toBeNull();
    expect(new Set(data.reader.followingConnection.users.map((u: { id: string }) => u.id))).toEqual(new Set([AUTHORS[0], AUTHORS[2]]));
    expect(data.quill.followersConnection.users.map((u: { id: string }) => u.id)).toEqual([USERS.member]);
  });

  it('pages with a cursor, without repeating anyone', async () => {
    const query = `query ($to: String) { user(username: "reader") { followingConnection(paging: { limit: 1, to: $to }) { users { id } pagingInfo { next { limit to } } } } }`;
    const first = (await graphql(query)).data.user.followingConnection;
    expect(first.users).toHaveLength(1);
    const second = (await graphql(query, { to: first.pagingInfo.next.to })).data.user.followingConnection;
    expect(second.users).toHaveLength(1);
    expect(second.users[0].id).not.toBe(first.users[0].id);
    expect(second.pagingInfo.next).toBeNull();
  });

  it('leaves out suspended and deleted followers', async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO follows (follower_id, target_type, target_id, created_at) VALUES (?, 'USER', ?, ?)").bind(USERS.suspendedWriter, AUTHORS[5], world.now),
      env.DB.prepare("INSERT INTO follows (follower_id, target_type, target_id, created_at) VALUES (?, 'USER', ?, ?)").bind(USERS.deletedWriter, AUTHORS[5], world.now),
      env.DB.prepare("INSERT INTO follows (follower_id, target_type, target_id, created_at) VALUES (?, 'USER', ?, ?)").bind(USERS.friend, AUTHORS[5], world.now),
    ]);
    const { data } = await graphql(`query { user(username: "author6") { followersConnection { users { id } } } }`);
    expect(data.user.followersConnection.users.map((u: { id: string }) => u.id)).toEqual([USERS.friend]);
  });
});

describe('lists', () => {
  const LISTS = `
    query ($username: String!) {
      user(username: $username) { catalogsConnection { catalogs { id name visibility predefined itemCount: postItemsCount } } }
      userCatalog: catalogBySlugId(username: $username, catalogSlugId: "reading-list") {
        id name visibility creator { username }
        postsConnection { posts { id content { bodyModel { paragraphs { text } } } } }
      }
    }
  `;

  it('a private list exists only for its creator', async () => {
    const anonymous = await graphql(LISTS, { username: 'member' });
    expect(anonymous.data.user.catalogsConnection.catalogs).toEqual([]);
    expect(anonymous.data.userCatalog).toBeNull();
    const someoneElse = await graphql(LISTS, { username: 'member' }, world.sessions.reader);
    expect(someoneElse.data.user.catalogsConnection.catalogs).toEqual([]);
    expect(someoneElse.data.userCatalog).toBeNull();
    expect(someoneElse.text).not.toContain('Reading list');

    const owner = await graphql(LISTS, { username: 'member' }, world.sessions.member);
    expect(owner.data.user.catalogsConnection.catalogs).toEqual([{ id: `predefined:${USERS.member}:READING_LIST`, name: 'Reading list', visibility: 'PRIVATE', predefined: 'READING_LIST', itemCount: 1 }]);
    expect(owner.data.userCatalog.creator.username).toBe('member');
    expect(owner.data.userCatalog.postsConnection.posts.map((p: { id: string }) => p.id)).toHaveLength(1);
  });

  it('a public list is open to everyone by "{name}-{id}", and its locked stories stay previews', async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO catalogs (id, creator_id, name, type, visibility, item_count, created_at, updated_at) VALUES ('ca00000000f1', ?, 'Good Reads', 'LISTS', 'PUBLIC', 1, ?, ?)",
      ).bind(USERS.reader, world.now, world.now),
      env.DB.prepare("INSERT INTO catalog_items (id, catalog_id, post_id, created_at) VALUES ('c100000000f1', 'ca00000000f1', 'ee0000000002', ?)").bind(world.now),
    ]);
    const result = await graphql(`
      query { userCatalog: catalogBySlugId(username: "reader", catalogSlugId: "good-reads-ca00000000f1") {
        name postsConnection { posts { id content { isLockedPreviewOnly bodyModel { paragraphs { text } } } } } } }
    `);
    expect(result.data.userCatalog.name).toBe('Good Reads');
    expect(result.data.userCatalog.postsConnection.posts[0].content.isLockedPreviewOnly).toBe(true);
    expect(result.text).not.toContain(SECRET_MARKER);
    // Another user's name in the address does not open the list.
    expect((await graphql(`query { userCatalog: catalogBySlugId(username: "writer", catalogSlugId: "good-reads-ca00000000f1") { id } }`)).data.userCatalog).toBeNull();
  });
});

describe('publications and topics', () => {
  it("a publication's stories with a tag, newest first", async () => {
    const { data } = await graphql(`query { collection(slug: "the-quill") { taggedPostsConnection(tagSlug: "writing", paging: { limit: 50 }) { posts { id } } } }`);
    const expected = world.listedNewestFirst.filter((p) => p.collectionId === COLLECTIONS.quill && p.tagSlugs.includes('writing')).map((p) => p.id);
    expect(data.collection.taggedPostsConnection.posts.map((p: { id: string }) => p.id)).toEqual(expected);
    const unknown = await graphql(`query { collection(slug: "the-quill") { taggedPostsConnection(tagSlug: "nope") { posts { id } } } }`);
    expect(unknown.data.collection.taggedPostsConnection.posts).toEqual([]);
  });

  it('top stories: most clapped first within the window', async () => {
    const poetry = world.bulk.filter((p) => p.tagSlugs.includes('poetry')).map((p) => p.id);
    expect(poetry.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = poetry as [string, string, string];
    await env.DB.batch([
      env.DB.prepare('UPDATE posts SET clap_count = 500 WHERE id = ?').bind(b),
      env.DB.prepare('UPDATE posts SET clap_count = 300 WHERE id = ?').bind(c),
      // Clapped most of all, but first published 40 days ago: outside TOP_MONTH.
      env.DB.prepare('UPDATE posts SET clap_count = 900, first_published_at = ? WHERE id = ?').bind(world.now - 40 * DAY, a),
    ]);
    const query = `query ($range: TopPostsTimeRange) { tag(slug: "poetry") { topPostsConnection(timeRange: $range, paging: { limit: 3 }) { posts { id clapCount } } } }`;
    const month = (await graphql(query, { range: 'TOP_MONTH' })).data.tag.topPostsConnection.posts;
    expect(month.slice(0, 2).map((p: { id: string }) => p.id)).toEqual([b, c]);
    expect(month.map((p: { id: string }) => p.id)).not.toContain(a);
    const allTime = (await graphql(query, { range: 'TOP_ALL_TIME' })).data.tag.topPostsConnection.posts;
    expect(allTime.slice(0, 3).map((p: { id: string }) => p.id)).toEqual([a, b, c]);
  });

  it('top writers: most stories in the topic first; the limit is checked', async () => {
    const { data } = await graphql(`query { tag(slug: "${TAGS.writing.slug}") { topWriters(limit: 3) { postCount user { id } } } }`);
    const counts = new Map<string, number>();
    for (const post of world.listedNewestFirst.filter((p) => p.tagSlugs.includes('writing'))) counts.set(post.creatorId, (counts.get(post.creatorId) ?? 0) + 1);
    const top = data.tag.topWriters as { postCount: number; user: { id: string } }[];
    expect(top).toHaveLength(3);
    for (const writer of top) expect(writer.postCount).toBe(counts.get(writer.user.id));
    expect(top.map((w) => w.postCount)).toEqual([...counts.values()].sort((x, y) => y - x).slice(0, 3));
    const tooMany = await graphql(`query { tag(slug: "writing") { topWriters(limit: 500) { postCount } } }`);
    expect(tooMany.errors[0].message).toBe('limit must be between 1 and 25 (got 500).');
  });

  it('explore topics: topics with stories, most stories first', async () => {
    await env.DB.prepare("INSERT INTO tags (id, slug, display_title, post_count) VALUES ('dd00000000ff', 'empty-topic', 'Empty', 0)").run();
    await env.DB.prepare("UPDATE tags SET post_count = 12 WHERE slug = 'poetry'").run();
    const { data } = await graphql(`query { exploreTopics { slug postCount } }`);
    expect(data.exploreTopics.map((t: { slug: string }) => t.slug)).toEqual(['poetry', 'technology', 'writing']);
  });
});
