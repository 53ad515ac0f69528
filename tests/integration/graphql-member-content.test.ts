// Member-only stories: paragraphs past the preview reach only active members, the
// author and staff, through every query shape. The fixtures put the marker SECRET in
// those paragraphs and nowhere else, so "the response never holds SECRET" is the check.

import { beforeAll, describe, expect, it } from 'vitest';
import {
  COLLECTIONS,
  LOCKED_PARAGRAPHS,
  LOCKED_PREVIEW_PARAGRAPHS,
  POSTS,
  SECRET_MARKER,
  seedWorld,
  type PersonKey,
  type World,
} from './helpers/fixtures.ts';
import { graphql, postGraphQL, testDb, workerFetch } from './helpers/graphql-client.ts';

let world: World;
beforeAll(async () => {
  world = await seedWorld(testDb);
});

const as = (who: PersonKey | null) => (who ? world.sessions[who] : undefined);

const BODY = 'bodyModel { paragraphs { name text } }';
/** Text every viewer may read of the locked story (its second paragraph). */
const PREVIEW_TEXT = 'Paragraph 1 of Members Story.';

interface Shape {
  query: string;
  variables?: Record<string, unknown>;
  /** Readable text the answer must hold (proof the shape reached a locked story). */
  reaches?: string;
}

const SHAPES: Record<string, Shape> = {
  post: { query: `query($id: ID!) { post(id: $id) { content { isLockedPreviewOnly ${BODY} } } }`, variables: { id: POSTS.locked } },
  postResult: {
    query: `query($id: ID!) { postResult(id: $id) { __typename ... on Post { content { isLockedPreviewOnly ${BODY} } } } }`,
    variables: { id: POSTS.locked },
  },
  aliases: {
    query: `{ a: post(id: "${POSTS.locked}") { c1: content { b: bodyModel { p: paragraphs { t: text } } } c2: content { ${BODY} } }
      b: post(id: "${POSTS.locked}") { content { ${BODY} } } }`,
  },
  'named fragments': {
    query: `fragment Body on RichText { paragraphs { text } } fragment Story on Post { content { bodyModel { ...Body } } }
      query { post(id: "${POSTS.locked}") { ...Story } }`,
  },
  'inline fragments': {
    query: `{ postResult(id: "${POSTS.locked}") { ... on Post { ... on Post { content { ... on PostContent { ${BODY} } } } } } }`,
  },
  previews: {
    query: `{ post(id: "${POSTS.locked}") { previewContent { isFullContent ${BODY} } extendedPreviewContent { isFullContent ${BODY} } } }`,
  },
  homeFeed: {
    query: `{ homeFeed(paging: { limit: 50 }) { items { post { id content { ${BODY} } extendedPreviewContent { ${BODY} } } } } }`,
    // The reader mutes The Quill (home of Members Story); Bulk Story 5 is member-only too.
    reaches: 'Paragraph 1 of Bulk Story 5.',
  },
  'user.postsConnection': { query: `{ user(username: "writer") { postsConnection(paging: { limit: 50 }) { posts { content { ${BODY} } } } } }` },
  'collection.postsConnection': {
    query: `{ collection(id: "${COLLECTIONS.quill}") { postsConnection(paging: { limit: 50 }) { posts { content { ${BODY} } } } } }`,
  },
  'tag.postsConnection': { query: `{ tag(slug: "writing") { postsConnection(paging: { limit: 50 }) { posts { content { ${BODY} } } } } }` },
  'a response to it': { query: `{ post(id: "${POSTS.response}") { inResponseToPost { content { ${BODY} } } } }` },
  // The story page's threads: its responses, and from them back up to the story.
  'threadedPostResponses': {
    query: `query RefetchThreadedPostResponsesQuery($id: ID!) { post(id: $id) { threadedPostResponses(paging: { limit: 50 }) {
      posts { content { ${BODY} } inResponseToPost { content { ${BODY} } extendedPreviewContent { ${BODY} } } } } } }`,
    variables: { id: POSTS.locked },
  },
};

async function ask(shape: Shape, who: PersonKey | null) {
  const answer = await graphql(shape.query, shape.variables ?? {}, as(who));
  expect(answer.errors).toBeUndefined();
  // The shape did reach a locked story's readable paragraphs.
  expect(answer.text).toContain(shape.reaches ?? PREVIEW_TEXT);
  return answer;
}

describe.each([
  ['logged out', null],
  ['a signed-in non-member', 'reader'],
  ['a member whose payment failed', 'paymentFailed'],
  ['a member whose period ended', 'expired'],
] as const)('%s', (_label, who) => {
  it.each(Object.keys(SHAPES))('never receives paragraphs past the preview via %s', async (shape) => {
    const answer = await ask(SHAPES[shape]!, who);
    expect(answer.text).not.toContain(SECRET_MARKER);
  });

  it('gets the preview, marked as such', async () => {
    const { data } = await ask(SHAPES.post!, who);
    expect(data.post.content.isLockedPreviewOnly).toBe(true);
    expect(data.post.content.bodyModel.paragraphs).toHaveLength(LOCKED_PREVIEW_PARAGRAPHS);
    const previews = (await ask(SHAPES.previews!, who)).data.post;
    expect(previews.previewContent.isFullContent).toBe(false);
    expect(previews.extendedPreviewContent).toMatchObject({ isFullContent: false });
    expect(previews.extendedPreviewContent.bodyModel.paragraphs).toHaveLength(LOCKED_PREVIEW_PARAGRAPHS);
  });

  it('still reads public stories whole', async () => {
    const { data } = await graphql(`{ post(id: "${POSTS.open}") { content { isLockedPreviewOnly ${BODY} } } }`, {}, as(who));
    expect(data.post.content.isLockedPreviewOnly).toBe(false);
    expect(data.post.content.bodyModel.paragraphs).toHaveLength(5);
  });

  it('never receives them through a batch either', async () => {
    const answer = await postGraphQL(
      Object.values(SHAPES).map(({ query, variables }) => ({ query, variables })),
      { sessionToken: as(who) },
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(PREVIEW_TEXT);
    expect(answer.text).not.toContain(SECRET_MARKER);
  });
});

describe.each([
  ['an active member', 'member'],
  ['a friend-tier member', 'friend'],
  ['a cancelled member within the paid period', 'cancelled'],
  ['the author', 'writer'],
  ['staff', 'staff'],
] as const)('%s', (_label, who) => {
  it('reads the whole story', async () => {
    const { data } = await ask(SHAPES.post!, who);
    expect(data.post.content.isLockedPreviewOnly).toBe(false);
    expect(data.post.content.bodyModel.paragraphs).toHaveLength(LOCKED_PARAGRAPHS);
    expect(data.post.content.bodyModel.paragraphs.at(-1).text).toContain(SECRET_MARKER);
  });

  it.each(['postResult', 'aliases', 'named fragments', 'homeFeed', 'user.postsConnection', 'a response to it'])('reads it via %s', async (shape) => {
    const answer = await ask(SHAPES[shape]!, who);
    expect(answer.text).toContain(`${SECRET_MARKER} paragraph ${LOCKED_PARAGRAPHS - 1} of Members Story.`);
  });
});

it("lets one request mix viewers' answers only by its own session", async () => {
  // Loaders are per request: a member's request does not unlock a later non-member's.
  await ask(SHAPES.post!, 'member');
  const reader = await ask(SHAPES.post!, 'reader');
  expect(reader.text).not.toContain(SECRET_MARKER);
});

describe('the story page of a member-only story', () => {
  const path = `/p/${POSTS.locked}`;
  const pageAs = (who: PersonKey | null) =>
    workerFetch(`http://localhost:8787${path}`, { headers: who ? { cookie: `sid=${world.sessions[who]}` } : {} }).then(async (r) => ({
      status: r.status,
      html: await r.text(),
    }));

  it.each([
    ['logged out', null],
    ['a signed-in non-member', 'reader'],
    ['a member whose payment failed', 'paymentFailed'],
  ] as const)('%s: the preview and the paywall, nothing past it in the HTML or the seeded cache state', async (_label, who) => {
    const { status, html } = await pageAs(who);
    expect(status).toBe(200);
    expect(html).toContain(PREVIEW_TEXT);
    expect(html).toContain('window.__APOLLO_STATE__=');
    expect(html).not.toContain(SECRET_MARKER);
    for (const text of ['Member-only story', 'Get unlimited access', 'Learn more']) expect(html).toContain(text);
    expect(html).not.toContain('eligible to earn money');
  });

  it('a member reads it whole, without the paywall', async () => {
    const { html } = await pageAs('member');
    expect(html).toContain(`${SECRET_MARKER} paragraph ${LOCKED_PARAGRAPHS - 1} of Members Story.`);
    expect(html).toContain('Member-only story');
    expect(html).not.toContain('Get unlimited access');
  });

  it('the author reads it whole and is told it is behind the paywall and eligible to earn money', async () => {
    const { html } = await pageAs('writer');
    expect(html).toContain(`${SECRET_MARKER} paragraph ${LOCKED_PARAGRAPHS - 1} of Members Story.`);
    expect(html).toContain('This story is behind the paywall and is eligible to earn money.');
    expect(html).not.toContain('Get unlimited access');
  });
});
