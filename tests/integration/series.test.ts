// Series through /_/graphql (docs/series.md): a writer creates a series, adds and orders their
// stories and publishes it; a reader reads its parts in order (a member-only part stays locked,
// a draft part stays hidden), follows it and is told of a new part; another writer cannot change
// it; hostile addresses and titles are refused with nothing stored.
import { beforeAll, describe, expect, it } from 'vitest';
import { POSTS, SECRET_MARKER, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';

const SERIES = 'id slug title description publishedAt followerCount viewerEdge { isCreator isFollowing } parts { id isLocked content { isLockedPreviewOnly } }';
const RESULT = `__typename ... on Series { ${SERIES} } ... on BadRequest { message } ... on NotFound { message } ... on Forbidden { message } ... on AlreadyExists { message }`;
const CREATE = `mutation($input: SeriesInput!) { createSeries(input: $input) { ${RESULT} } }`;
const UPDATE = `mutation($id: ID!, $input: SeriesInput!) { updateSeries(seriesId: $id, input: $input) { ${RESULT} } }`;
const ADD = `mutation($id: ID!, $postId: ID!) { addSeriesPart(seriesId: $id, postId: $postId) { ${RESULT} } }`;
const MOVE = `mutation($id: ID!, $postId: ID!, $d: SeriesMoveDirection!) { moveSeriesPart(seriesId: $id, postId: $postId, direction: $d) { ${RESULT} } }`;
const PUBLISH = `mutation($id: ID!) { publishSeries(seriesId: $id) { ${RESULT} } }`;
const FOLLOW = `mutation($id: ID!) { followSeries(seriesId: $id) { ${RESULT} } }`;
const BY_SLUG = `query($slug: String!) { seriesBySlug(slug: $slug) { ${SERIES} } }`;
const PLACE = `query($id: ID!) { post(id: $id) { seriesPlace { partNumber partCount series { slug } previous { id } next { id } } } }`;

let writer: Caller;
let reader: Caller;
let otherWriter: Caller;
let seriesId: string;

beforeAll(async () => {
  await seedWorld(testDb);
  writer = await signedIn(USERS.writer);
  reader = await signedIn(USERS.reader);
  otherWriter = await signedIn(USERS.member);
}, 60_000);

async function seriesCount(): Promise<number> {
  return (await testDb.prepare('SELECT count(*) AS n FROM series').first<{ n: number }>())!.n;
}

describe('a writer builds a series', () => {
  it('creates a draft that only its writer sees', async () => {
    const created = (await writer.gql(CREATE, { input: { title: 'The Long Walk', slug: 'the-long-walk', description: 'A walk in parts.' } })).data.createSeries;
    expect(created).toMatchObject({ __typename: 'Series', slug: 'the-long-walk', title: 'The Long Walk', publishedAt: null, viewerEdge: { isCreator: true } });
    seriesId = created.id;
    expect((await reader.gql(BY_SLUG, { slug: 'the-long-walk' })).data.seriesBySlug).toBeNull();
    expect((await loggedOut.gql(BY_SLUG, { slug: 'the-long-walk' })).data.seriesBySlug).toBeNull();
  });

  it('adds stories as parts in order and moves them', async () => {
    for (const postId of [POSTS.locked, POSTS.open, POSTS.draft]) {
      expect((await writer.gql(ADD, { id: seriesId, postId })).data.addSeriesPart.__typename).toBe('Series');
    }
    const moved = (await writer.gql(MOVE, { id: seriesId, postId: POSTS.open, d: 'UP' })).data.moveSeriesPart;
    expect(moved.parts.map((p: { id: string }) => p.id)).toEqual([POSTS.open, POSTS.locked, POSTS.draft]);
    // At the top it stays.
    const again = (await writer.gql(MOVE, { id: seriesId, postId: POSTS.open, d: 'UP' })).data.moveSeriesPart;
    expect(again.parts.map((p: { id: string }) => p.id)).toEqual([POSTS.open, POSTS.locked, POSTS.draft]);
  });

  it('publishes it; a reader then reads the published parts in order, the member-only one locked', async () => {
    expect((await writer.gql(PUBLISH, { id: seriesId })).data.publishSeries.publishedAt).toEqual(expect.any(Number));
    const seen = (await reader.gql(BY_SLUG, { slug: 'the-long-walk' })).data.seriesBySlug;
    expect(seen.parts.map((p: { id: string }) => p.id)).toEqual([POSTS.open, POSTS.locked]);
    expect(seen.parts[1]).toMatchObject({ isLocked: true, content: { isLockedPreviewOnly: true } });
    const place = (await reader.gql(PLACE, { id: POSTS.locked })).data.post.seriesPlace;
    expect(place).toEqual({ partNumber: 2, partCount: 2, series: { slug: 'the-long-walk' }, previous: { id: POSTS.open }, next: null });
  });

  it('is followed by a reader, who is told of a new part', async () => {
    expect((await reader.gql(FOLLOW, { id: seriesId })).data.followSeries.viewerEdge.isFollowing).toBe(true);
    expect((await writer.gql(ADD, { id: seriesId, postId: POSTS.unlisted })).data.addSeriesPart.__typename).toBe('Series');
    const notes = (await reader.gql(`{ viewer { notificationsConnection { notifications { notificationType post { id } } } } }`)).data.viewer.notificationsConnection.notifications;
    expect(notes).toContainEqual({ notificationType: 'SERIES_PART', post: { id: POSTS.unlisted } });
  });
});

describe('the series feed', () => {
  it('gives a published series\' parts, newest first, the member-only one cut', async () => {
    const response = await workerFetch('http://localhost:8787/feed/s/the-long-walk');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/rss+xml');
    const xml = await response.text();
    expect(xml).toContain('<title>The Long Walk, a series by');
    const links = [...xml.matchAll(/<guid[^>]*>([^<]+)<\/guid>/g)].map((m) => m[1]!);
    expect(links).toHaveLength(3);
    expect(links[0]).toContain(POSTS.unlisted);
    expect(links.at(-1)).toContain(POSTS.open);
    expect(xml).not.toContain(SECRET_MARKER);
  });

  it('is missing for a draft or unknown series', async () => {
    expect((await workerFetch('http://localhost:8787/feed/s/no-such-series')).status).toBe(404);
  });
});

describe('who may change a series', () => {
  it('refuses another writer, and their stories', async () => {
    expect((await otherWriter.gql(UPDATE, { id: seriesId, input: { title: 'Mine now' } })).data.updateSeries).toEqual({
      __typename: 'Forbidden',
      message: "Only the series' writer can change it.",
    });
    expect((await otherWriter.gql(ADD, { id: seriesId, postId: POSTS.response })).data.addSeriesPart.__typename).toBe('Forbidden');
    expect((await otherWriter.gql(MOVE, { id: seriesId, postId: POSTS.open, d: 'DOWN' })).data.moveSeriesPart.__typename).toBe('Forbidden');
    const still = (await reader.gql(BY_SLUG, { slug: 'the-long-walk' })).data.seriesBySlug;
    expect(still.title).toBe('The Long Walk');
    expect(still.parts[0].id).toBe(POSTS.open);
  });

  it('offers the writer alone their stories in no series as new parts', async () => {
    const CANDIDATES = `query($id: ID!) { series(id: $id) { candidateStories { id } } }`;
    const offered = (await writer.gql(CANDIDATES, { id: seriesId })).data.series.candidateStories.map((p: { id: string }) => p.id);
    expect(offered.length).toBeGreaterThan(0);
    for (const part of [POSTS.open, POSTS.locked, POSTS.draft, POSTS.unlisted]) expect(offered).not.toContain(part);
    expect((await reader.gql(CANDIDATES, { id: seriesId })).data.series.candidateStories).toEqual([]);
  });

  it('asks a logged-out caller to sign in', async () => {
    const answer = await loggedOut.gql(CREATE, { input: { title: 'Anon', slug: 'anon-series' } });
    expect(answer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('hostile input', () => {
  it.each([
    ['../admin', 'lowercase letters, digits and single hyphens'],
    ['<script>alert(1)</script>', 'lowercase letters, digits and single hyphens'],
    ['new', 'cannot be a series address'],
    ['a--b', 'lowercase letters, digits and single hyphens'],
    ['the-long-walk', 'is taken'],
  ])('refuses the address %s', async (slug, message) => {
    const before = await seriesCount();
    const answer = (await writer.gql(CREATE, { input: { title: 'Fine title', slug } })).data.createSeries;
    // An address another series holds is AlreadyExists (docs/outcomes.md); a malformed one BadRequest.
    expect(answer.__typename).toBe(message === 'is taken' ? 'AlreadyExists' : 'BadRequest');
    expect(answer.message).toContain(message);
    expect(await seriesCount()).toBe(before);
  });

  it.each([
    ['', 'Give your series a title.'],
    ['Admin\u202Egnp.exe', 'cannot hold control or direction characters'],
    ['x'.repeat(101), 'at most 100 characters'],
  ])('refuses the title %j', async (title, message) => {
    const before = await seriesCount();
    const answer = (await writer.gql(CREATE, { input: { title, slug: 'some-series' } })).data.createSeries;
    expect(answer.__typename).toBe('BadRequest');
    expect(answer.message).toContain(message);
    expect(await seriesCount()).toBe(before);
  });
});
