// Hosted search's per-viewer rules (docs/search.md, "Hosted app: per-viewer keys"), proven end to
// end against the local service, which checks secured keys as the hosted app does, with the
// official algoliasearch client and no session cookie — only the key speaks for the viewer:
// - /_/search-key gives a visitor the high-quality key and a signed-in viewer their own (mutes,
//   blocks, an hour of validity), never cached;
// - a viewer's key leaves out the writer they muted and the person they blocked; the plain
//   search-only key (no session) does not;
// - a key whose restrictions were edited, or one past its validUntil, is refused with the
//   provider's 403;
// - the records pushed to a hosted app carry the attributes those filters use, and a story's
//   public lists (never a private one).
import { beforeAll, describe, expect, it } from 'vitest';
import type { EndRequest, Requester, Response } from '@algolia/client-common';
import { algoliasearch } from 'algoliasearch';
import { rebuildSearchIndex } from '../../worker/search/indexing.ts';
import { pushRecordsToHostedIndex } from '../../worker/search/hosted-index.ts';
import { POST_BY_ID, USER_BY_ID } from '../../worker/search/index-sql.ts';
import { securedKey } from '../../worker/search/secured-key.ts';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testEnv, workerFetch } from './helpers/graphql-client.ts';
import { indexName, searchClient } from './helpers/search-client.ts';
import { call, sessionOf } from './helpers/story.ts';

type Hit = Record<string, any> & { objectID: string };

beforeAll(async () => {
  await seedWorld(testEnv.DB);
  await rebuildSearchIndex(testEnv);
});

async function keyFor(cookie?: string): Promise<{ apiKey: string; validUntil: number | null; cacheControl: string | null }> {
  const response = await workerFetch('http://localhost:8787/_/search-key', cookie ? { headers: { cookie } } : {});
  expect(response.status).toBe(200);
  return { ...((await response.json()) as { apiKey: string; validUntil: number | null }), cacheControl: response.headers.get('cache-control') };
}

/** Story and people hits for a query, searching with `apiKey` and no cookie. */
async function searchWith(apiKey: string, query: string): Promise<{ posts: string[]; users: string[] }> {
  const { results } = await searchClient({ apiKey }).search<Hit>({
    requests: [
      { indexName: indexName('post'), query, hitsPerPage: 20 },
      { indexName: indexName('user'), query, hitsPerPage: 20 },
    ],
  });
  const [posts, users] = results as { hits: Hit[] }[];
  return { posts: posts!.hits.map((h) => h.objectID), users: users!.hits.map((h) => h.objectID) };
}

/** The provider's answer to a search made with `apiKey`. */
async function rawSearch(apiKey: string): Promise<{ status: number; body: any }> {
  const response = await workerFetch(`http://localhost:8787/1/indexes/${indexName('post')}/query`, {
    method: 'POST',
    headers: { 'x-algolia-application-id': testEnv.SEARCH_APP_ID, 'x-algolia-api-key': apiKey, 'content-type': 'text/plain' },
    body: JSON.stringify({ query: 'story' }),
  });
  return { status: response.status, body: await response.json() };
}

describe('secured search keys', () => {
  it('a visitor gets the high-quality key, not cached, with no expiry', async () => {
    const key = await keyFor();
    expect(key.cacheControl).toBe('private, no-store');
    expect(key.validUntil).toBeNull();
    expect(key.apiKey).not.toBe(testEnv.SEARCH_API_KEY);
    expect(atob(key.apiKey).slice(64)).toBe('filters=highQuality%3Atrue');
    // Every visitor gets the same string (safe in a shared page).
    expect((await keyFor()).apiKey).toBe(key.apiKey);
  });

  it("a viewer's key leaves out the writer they muted, without any session", async () => {
    const reader = await sessionOf('friend');
    const cookie = `sid=${reader.token}`;
    const before = await searchWith((await keyFor(cookie)).apiKey, 'open story');
    expect(before.posts).toContain(POSTS.open);

    const muted = await call(`mutation ($id: ID!) { muteAuthor(targetUserId: $id) { __typename } }`, { id: USERS.writer }, { session: reader });
    expect(muted.errors).toBeUndefined();
    const key = await keyFor(cookie);
    expect(key.validUntil! * 1000).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(atob(key.apiKey)).toContain(`ownerId%3A${USERS.writer}`);
    const after = await searchWith(key.apiKey, 'open story');
    expect(after.posts).not.toContain(POSTS.open);
    // The plain search-only key without a session still finds it: the rule is the key's.
    expect((await searchWith(testEnv.SEARCH_API_KEY, 'open story')).posts).toContain(POSTS.open);

    await call(`mutation ($id: ID!) { unmuteAuthor(targetUserId: $id) { __typename } }`, { id: USERS.writer }, { session: reader });
    expect((await searchWith((await keyFor(cookie)).apiKey, 'open story')).posts).toContain(POSTS.open);
  });

  it("a key leaves out the stories of a publication its viewer muted (the reader muted The Quill)", async () => {
    const reader = await sessionOf('reader');
    const key = (await keyFor(`sid=${reader.token}`)).apiKey;
    expect(atob(key)).toContain('publicationId');
    const found = await searchWith(key, 'open story');
    expect(found.posts).not.toContain(POSTS.open);
    // The Quill's writer is not muted: their record is still found.
    expect((await searchWith(key, 'wren')).users).toContain(USERS.writer);
  });

  it("a block leaves out the other person's record and stories, on both sides", async () => {
    const member = await sessionOf('member');
    const blocked = await call(`mutation ($id: ID!) { blockUser(targetUserId: $id) { __typename } }`, { id: USERS.writer }, { session: member });
    expect(blocked.errors).toBeUndefined();
    const memberKey = (await keyFor(`sid=${member.token}`)).apiKey;
    const seen = await searchWith(memberKey, 'wren');
    expect(seen.users).not.toContain(USERS.writer);
    expect((await searchWith(memberKey, 'open story')).posts).not.toContain(POSTS.open);
    // The blocked writer's key leaves the member out too.
    const writer = await sessionOf('writer');
    expect((await searchWith((await keyFor(`sid=${writer.token}`)).apiKey, 'mia')).users).not.toContain(USERS.member);
    expect((await searchWith(testEnv.SEARCH_API_KEY, 'wren')).users).toContain(USERS.writer);
    await call(`mutation ($id: ID!) { unblockUser(targetUserId: $id) { __typename } }`, { id: USERS.writer }, { session: member });
  });

  it('refuses a key whose restrictions were edited, and an expired key, in the provider’s shape', async () => {
    const reader = await sessionOf('reader');
    await call(`mutation ($id: ID!) { muteAuthor(targetUserId: $id) { __typename } }`, { id: USERS.writer }, { session: reader });
    const { apiKey } = await keyFor(`sid=${reader.token}`);
    const decoded = atob(apiKey);
    // Dropping the mute from the restrictions while keeping the signature.
    const edited = btoa(decoded.slice(0, 64) + decoded.slice(64).replace(/filters=[^&]*/, 'filters='));
    expect(await rawSearch(edited)).toEqual({ status: 403, body: { message: 'Invalid Application-ID or API key', status: 403 } });
    // A key derived from another parent key.
    const forged = await securedKey({ SEARCH_APP_ID: testEnv.SEARCH_APP_ID, SEARCH_API_KEY: 'not-our-key' }, { filters: '' });
    expect((await rawSearch(forged)).status).toBe(403);
    const expired = await securedKey(testEnv, { validUntil: Math.floor(Date.now() / 1000) - 1 });
    expect(await rawSearch(expired)).toEqual({ status: 403, body: { message: 'The provided API key has expired', status: 403 } });
    expect((await rawSearch('not base64 at all!')).status).toBe(403);
    // The unedited key works.
    expect((await rawSearch(apiKey)).status).toBe(200);
    await call(`mutation ($id: ID!) { unmuteAuthor(targetUserId: $id) { __typename } }`, { id: USERS.writer }, { session: reader });
  });
});

describe('records pushed to a hosted app', () => {
  /** A client whose requester records the write requests instead of sending them anywhere. */
  function recordingClient() {
    const sent: { url: string; body: any }[] = [];
    const requester: Requester = {
      async send(request: EndRequest): Promise<Response> {
        sent.push({ url: request.url, body: request.data ? JSON.parse(request.data as string) : null });
        return { content: JSON.stringify({ taskID: 1, objectIDs: [] }), status: 200, isTimedOut: false };
      },
    };
    return { sent, client: algoliasearch('HOSTEDAPP', 'admin-key', { requester }) };
  }

  it('carry the filter attributes, and a story’s public lists only', async () => {
    const writer = await sessionOf('writer');
    const make = async (name: string, visibility: string) => {
      const created = await call(`mutation ($input: CreateCatalogInput!) { createCatalog(input: $input) { ... on Catalog { id } } }`, { input: { name, visibility } }, { session: writer });
      const id = created.data.createCatalog.id as string;
      await call(`mutation ($c: ID!, $p: ID!) { addToCatalog(catalogId: $c, postId: $p) { __typename } }`, { c: id, p: POSTS.open }, { session: writer });
      return (await testEnv.DB.prepare('SELECT id FROM catalogs WHERE name = ?').bind(name).first<{ id: string }>())!.id;
    };
    const shown = await make('Public shelf', 'PUBLIC');
    const hidden = await make('Private shelf', 'PRIVATE');
    const { sent, client } = recordingClient();
    await pushRecordsToHostedIndex(
      { ...testEnv, SEARCH_ADMIN_KEY: 'admin-key' },
      [
        { kind: 'post', filter: POST_BY_ID, id: POSTS.open },
        { kind: 'user', filter: USER_BY_ID, id: USERS.writer },
      ],
      client,
    );
    const objects = sent.flatMap((request) => (request.body?.requests ?? []).map((r: { body: Record<string, unknown> }) => r.body));
    const story = objects.find((o: Record<string, unknown>) => o.objectID === POSTS.open);
    expect(story).toMatchObject({ ownerId: USERS.writer, highQuality: expect.any(Boolean) });
    expect(story.catalogIds).toContain(shown);
    expect(story.catalogIds).not.toContain(hidden);
    const person = objects.find((o: Record<string, unknown>) => o.objectID === USERS.writer);
    expect(person).toMatchObject({ personId: USERS.writer });
    expect(person.ownerId).toBeUndefined();
  });
});
