// Responses on lists (issue 6 item 3; docs/product/2-sign-in-notices-cache-routing.md §3
// Catalog.responsesCount, threadedCatalogResponses; §7 RefetchThreadedCatalogResponsesQuery,
// ShowCatalogResponseOnParent; §8 closed discussion): writing one from plain text, paging,
// private lists, closed discussion, hiding and showing by the list's creator only, and the
// list page (user-catalog) showing them.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DISCUSSION_CLOSED_MESSAGE } from '../../worker/stories/discussion.ts';
import { POSTS, seedWorld } from './helpers/fixtures.ts';
import { clearEdgeCache } from './helpers/edge-cache.ts';
import { call, page, sessionOf, type TestSession } from './helpers/story.ts';

const PUBLISH = /* GraphQL */ `
  mutation PublishCatalogResponse($catalogId: ID!, $text: String!) {
    publishCatalogResponse(catalogId: $catalogId, text: $text) {
      id type creator { username } inResponseToPost { id }
      content { bodyModel { paragraphs { type text markups { type } } } }
    }
  }
`;
const REFETCH = /* GraphQL */ `
  query RefetchThreadedCatalogResponsesQuery($catalogId: ID!, $catalogResponsesPagingOptions: PagingOptions, $sortType: ResponseSortType) {
    catalog(id: $catalogId) {
      id
      responsesCount
      responsesLocked
      threadedCatalogResponses(paging: $catalogResponsesPagingOptions, sortType: $sortType) {
        pagingInfo { next { limit to } }
        posts { id }
      }
    }
  }
`;
const HIDE = `mutation HideCatalogResponseOnParent($parentCatalogId: ID!, $catalogResponseId: ID!) {
  hideCatalogResponseOnParent(parentCatalogId: $parentCatalogId, catalogResponseId: $catalogResponseId) { id responsesCount } }`;
const SHOW = `mutation ShowCatalogResponseOnParent($parentCatalogId: ID!, $catalogResponseId: ID!) {
  showCatalogResponseOnParent(parentCatalogId: $parentCatalogId, catalogResponseId: $catalogResponseId) { id responsesCount } }`;
const LOCK = `mutation SetCatalogResponsesLocked($catalogId: ID!, $responsesLocked: Boolean!) {
  setCatalogResponsesLocked(catalogId: $catalogId, responsesLocked: $responsesLocked) { id responsesLocked } }`;
const CREATE = `mutation($input: CreateCatalogInput!) { createCatalog(input: $input) { ... on Catalog { id slugId creator { username } } } }`;
const REPLY = `mutation($inResponseToPostId: ID!, $text: String!) { publishPostThreadedResponse(inResponseToPostId: $inResponseToPostId, text: $text) { id } }`;

interface List {
  id: string;
  slugId: string;
  creator: { username: string };
}

let reader: TestSession;
let member: TestSession;
let writer: TestSession;

beforeAll(async () => {
  await seedWorld(env.DB);
  [reader, member, writer] = await Promise.all([sessionOf('reader'), sessionOf('member'), sessionOf('writer')]);
});
beforeEach(async () => {
  await clearEdgeCache();
});

/** A new list by the writer (public unless said otherwise). */
async function newList(name: string, visibility: 'PUBLIC' | 'PRIVATE' = 'PUBLIC', session = writer): Promise<List> {
  const answer = await call(CREATE, { input: { name, visibility } }, { session });
  expect(answer.errors).toBeUndefined();
  return answer.data.createCatalog as List;
}

async function respond(session: TestSession, catalogId: string, text: string) {
  const answer = await call(PUBLISH, { catalogId, text }, { session });
  expect(answer.errors).toBeUndefined();
  return answer.data.publishCatalogResponse as { id: string };
}

const listPath = (list: List) => `/@${list.creator.username}/list/${list.slugId}`;

describe('publishCatalogResponse', () => {
  it('writes a response from plain text: paragraphs, never markup; the list counts it and its creator is notified', async () => {
    const list = await newList('Responses here');
    const text = 'A good list, <i>really</i>.\n\nSecond thought.';
    const answer = await call(PUBLISH, { catalogId: list.id, text }, { session: reader });
    expect(answer.errors).toBeUndefined();
    const response = answer.data.publishCatalogResponse;
    expect(response).toMatchObject({ type: 'response', creator: { username: 'reader' }, inResponseToPost: null });
    expect(response.content.bodyModel.paragraphs).toEqual([
      { type: 'P', text: 'A good list, <i>really</i>.', markups: [] },
      { type: 'P', text: 'Second thought.', markups: [] },
    ]);
    const thread = await call(REFETCH, { catalogId: list.id, catalogResponsesPagingOptions: { limit: 10 } });
    expect(thread.data.catalog).toMatchObject({ responsesCount: 1, responsesLocked: false, threadedCatalogResponses: { posts: [{ id: response.id }] } });
    const notice = await env.DB.prepare("SELECT user_id FROM notifications WHERE type = 'RESPONSE' AND post_id = ?").bind(response.id).first<{ user_id: string }>();
    expect(notice?.user_id).toBe('aa0000000001');
    const stored = await env.DB.prepare('SELECT response_count FROM catalogs WHERE id = ?').bind(list.id).first<{ response_count: number }>();
    expect(stored?.response_count).toBe(1);
  });

  it('shows the responses on the list page, as text, and not in the writer\'s stories', async () => {
    const list = await newList('Shown on the page');
    const response = await respond(writer, list.id, 'Loved <script>alert(1)</script> these picks');
    // React separates text parts with <!-- --> in server HTML.
    const html = (await page(listPath(list))).text.replaceAll('<!-- -->', '');
    expect(html).toContain('Responses (1)');
    expect(html).toContain('Loved &lt;script&gt;alert(1)&lt;/script&gt; these picks');
    expect(html).not.toContain('<script>alert(1)</script>');
    // A list response is no story: it is not on its writer's profile.
    const profile = await call(`{ user(username: "writer") { postsConnection(paging: { limit: 50 }) { posts { id title } } } }`);
    expect(profile.errors).toBeUndefined();
    const ids = profile.data.user.postsConnection.posts.map((p: { id: string }) => p.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(response.id);
  });

  it('shows them to the creator on their own list page (/me/list/…), where they manage them', async () => {
    const list = await newList('Mine to manage');
    await respond(reader, list.id, 'A reply for the owner');
    const html = (await page(`/me/list/${list.slugId}`, writer)).text.replaceAll('<!-- -->', '');
    expect(html).toContain('Responses (1)');
    expect(html).toContain('A reply for the owner');
    expect(html).toContain('Close discussion');
  });

  it('pages with RefetchThreadedCatalogResponsesQuery: newest first, no repeats', async () => {
    const list = await newList('Many responses');
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await respond(i % 2 ? reader : member, list.id, `Response ${i}`)).id);
    const first = await call(REFETCH, { catalogId: list.id, catalogResponsesPagingOptions: { limit: 3 }, sortType: 'NEWEST' });
    const page1 = first.data.catalog.threadedCatalogResponses;
    expect(page1.posts).toHaveLength(3);
    expect(page1.pagingInfo.next).not.toBeNull();
    const second = await call(REFETCH, { catalogId: list.id, catalogResponsesPagingOptions: page1.pagingInfo.next, sortType: 'NEWEST' });
    const page2 = second.data.catalog.threadedCatalogResponses;
    expect(page2.pagingInfo.next).toBeNull();
    const seen = [...page1.posts, ...page2.posts].map((p: { id: string }) => p.id);
    expect(new Set(seen).size).toBe(5);
    expect([...seen].sort()).toEqual([...ids].sort());
    expect(first.data.catalog.responsesCount).toBe(5);
  });

  it('refuses visitors, calls without the anti-forgery value, empty text and replies to list responses', async () => {
    const list = await newList('Guarded');
    const visitor = await call(PUBLISH, { catalogId: list.id, text: 'Hello' });
    expect(visitor.errors?.[0]?.message).toBe('Sign in to respond.');
    const forged = await call(PUBLISH, { catalogId: list.id, text: 'Forged' }, { session: reader, xsrf: 'nope' });
    expect(forged.errors?.[0]?.message).toMatch(/anti-forgery/);
    const empty = await call(PUBLISH, { catalogId: list.id, text: ' \n\n ' }, { session: reader });
    expect(empty.errors?.[0]?.message).toBe('Write something before you respond.');
    const response = await respond(reader, list.id, 'Flat');
    const reply = await call(REPLY, { inResponseToPostId: response.id, text: 'A reply' }, { session: member });
    expect(reply.errors?.[0]?.message).toBe('Responses on a list take no replies.');
    const thread = await call(REFETCH, { catalogId: list.id });
    expect(thread.data.catalog.responsesCount).toBe(1);
  });

  it('refuses a private list to anyone but its creator, as if it did not exist', async () => {
    const list = await newList('Secret', 'PRIVATE');
    const refused = await call(PUBLISH, { catalogId: list.id, text: 'Peeking' }, { session: reader });
    expect(refused.errors?.[0]?.message).toBe('This list does not exist.');
    expect((await call(REFETCH, { catalogId: list.id }, { session: reader })).data.catalog).toBeNull();
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM posts WHERE in_response_to_catalog_id = ?').bind(list.id).first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it('refuses a response once the creator closed discussion, with the spec\'s message; the page shows no editor', async () => {
    const list = await newList('Closed');
    expect((await call(LOCK, { catalogId: list.id, responsesLocked: true }, { session: reader })).errors?.[0]?.message).toBe(
      "Only the list's creator can hide, show or close its responses.",
    );
    const locked = await call(LOCK, { catalogId: list.id, responsesLocked: true }, { session: writer });
    expect(locked.data.setCatalogResponsesLocked.responsesLocked).toBe(true);
    const refused = await call(PUBLISH, { catalogId: list.id, text: 'Too late' }, { session: reader });
    expect(refused.errors?.[0]?.message).toBe(DISCUSSION_CLOSED_MESSAGE);
    expect(DISCUSSION_CLOSED_MESSAGE).toBe('The author has closed discussion for this story/list. We are unable to save changes to your response.');
    const html = (await page(listPath(list), reader)).text;
    expect(html).toContain('The author has closed discussion for this list.');
    expect(html).not.toContain('aria-label="Write a response"');
    await call(LOCK, { catalogId: list.id, responsesLocked: false }, { session: writer });
    await respond(reader, list.id, 'Open again');
  });
});

describe('hiding and showing a list response', () => {
  it('lets the list creator hide a response and show it again (ShowCatalogResponseOnParent); nobody else', async () => {
    const list = await newList('Moderated');
    const response = await respond(reader, list.id, 'Hide me');
    const visitor = await call(HIDE, { parentCatalogId: list.id, catalogResponseId: response.id });
    expect(visitor.errors?.[0]?.message).toBe('Sign in to hide a response.');
    const stranger = await call(HIDE, { parentCatalogId: list.id, catalogResponseId: response.id }, { session: member });
    expect(stranger.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const forged = await call(HIDE, { parentCatalogId: list.id, catalogResponseId: response.id }, { session: writer, xsrf: null });
    expect(forged.errors?.[0]?.message).toMatch(/anti-forgery/);
    expect((await call(REFETCH, { catalogId: list.id })).data.catalog.responsesCount).toBe(1);

    const hidden = await call(HIDE, { parentCatalogId: list.id, catalogResponseId: response.id }, { session: writer });
    expect(hidden.data.hideCatalogResponseOnParent.responsesCount).toBe(0);
    const thread = await call(REFETCH, { catalogId: list.id });
    expect(thread.data.catalog.threadedCatalogResponses.posts).toEqual([]);
    expect((await page(listPath(list))).text).not.toContain('Hide me');

    const shown = await call(SHOW, { parentCatalogId: list.id, catalogResponseId: response.id }, { session: writer });
    expect(shown.data.showCatalogResponseOnParent.responsesCount).toBe(1);
    expect((await page(listPath(list))).text).toContain('Hide me');
  });

  it('refuses a response that does not answer the list', async () => {
    const list = await newList('One');
    const other = await newList('Two');
    const response = await respond(reader, other.id, 'Elsewhere');
    const wrong = await call(HIDE, { parentCatalogId: list.id, catalogResponseId: response.id }, { session: writer });
    expect(wrong.errors?.[0]?.message).toBe('That response does not answer this list.');
    const story = await call(HIDE, { parentCatalogId: list.id, catalogResponseId: POSTS.open }, { session: writer });
    expect(story.errors?.[0]?.message).toBe('That response does not answer this list.');
  });
});
