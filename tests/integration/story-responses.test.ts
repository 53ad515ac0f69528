// Responses (issue 6 item 3; docs/product/2-sign-in-notices-cache-routing.md §3
// threadedPostResponses, §4.4 HIDE_POST_RESPONSE, §8): writing one from plain text, paging a thread
// (RefetchThreadedPostResponsesQuery), replies, hiding and unhiding by the parent's author only,
// closed discussions, cache purges.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DISCUSSION_CLOSED_MESSAGE } from '../../worker/stories/discussion.ts';
import { POSTS, seedWorld } from './helpers/fixtures.ts';
import { clearEdgeCache } from './helpers/edge-cache.ts';
import { call, page, sessionOf, type TestSession } from './helpers/story.ts';

const PUBLISH = /* GraphQL */ `
  mutation PublishPostThreadedResponse($inResponseToPostId: ID!, $text: String!) {
    publishPostThreadedResponse(inResponseToPostId: $inResponseToPostId, text: $text) {
      id type creator { username } inResponseToPost { id }
      content { bodyModel { paragraphs { type text markups { type } } } }
    }
  }
`;
const REFETCH = /* GraphQL */ `
  query RefetchThreadedPostResponsesQuery($postId: ID!, $postResponsesPaging: PagingOptions, $sortType: ResponseSortType) {
    post(id: $postId) {
      id
      responsesCount
      postResponses { count }
      threadedPostResponses(paging: $postResponsesPaging, sortType: $sortType) {
        pagingInfo { next { limit to } }
        posts { id postResponses { count } }
      }
    }
  }
`;
const HIDE = `mutation HidePostResponseOnParentPost($parentPostId: ID!, $postResponseId: ID!) {
  hidePostResponseOnParentPost(parentPostId: $parentPostId, postResponseId: $postResponseId) { id postResponses { count } } }`;
const UNHIDE = `mutation UnhidePostResponseOnParentPost($parentPostId: ID!, $postResponseId: ID!) {
  unhidePostResponseOnParentPost(parentPostId: $parentPostId, postResponseId: $postResponseId) { id postResponses { count } } }`;

/** The newest bulk stories (public): threads of their own for each test. */
const BULK = (n: number) => `f000000000${n.toString(16).padStart(2, '0')}`;

let reader: TestSession;
let member: TestSession;
let writer: TestSession;
let author1: TestSession;

beforeAll(async () => {
  await seedWorld(env.DB);
  [reader, member, writer] = await Promise.all([sessionOf('reader'), sessionOf('member'), sessionOf('writer')]);
  // Author 1 wrote BULK(1); sessions for people outside USERS are made directly.
  const { createSession } = await import('../../worker/session/session-store.ts');
  const made = await createSession(env.DB, 'ab0000000001');
  author1 = { token: made.token, xsrf: made.xsrf };
});
beforeEach(async () => {
  await clearEdgeCache();
});

async function respond(session: TestSession, parentId: string, text: string) {
  const answer = await call(PUBLISH, { inResponseToPostId: parentId, text }, { session });
  expect(answer.errors).toBeUndefined();
  return answer.data.publishPostThreadedResponse as { id: string };
}

describe('publishPostThreadedResponse', () => {
  it('writes a response from plain text: paragraphs split on blank lines, never markup', async () => {
    const text = '  First thought, <b>not bold</b>.\n\n\nSecond paragraph\nwith a line break.\n \n';
    const answer = await call(PUBLISH, { inResponseToPostId: POSTS.open, text }, { session: reader });
    expect(answer.errors).toBeUndefined();
    const response = answer.data.publishPostThreadedResponse;
    expect(response).toMatchObject({ type: 'response', creator: { username: 'reader' }, inResponseToPost: { id: POSTS.open } });
    expect(response.content.bodyModel.paragraphs).toEqual([
      { type: 'P', text: 'First thought, <b>not bold</b>.', markups: [] },
      { type: 'P', text: 'Second paragraph\nwith a line break.', markups: [] },
    ]);
    const html = (await page(`/p/${POSTS.open}`)).text;
    expect(html).toContain('First thought, &lt;b&gt;not bold&lt;/b&gt;.');
    expect(html).not.toContain('<b>not bold</b>');
    const thread = await call(REFETCH, { postId: POSTS.open, postResponsesPaging: { limit: 10 } });
    expect(thread.data.post.threadedPostResponses.posts.map((p: { id: string }) => p.id)).toContain(response.id);
    expect(thread.data.post.responsesCount).toBe(thread.data.post.postResponses.count);
    const notice = await env.DB.prepare("SELECT user_id FROM notifications WHERE type = 'RESPONSE' AND post_id = ?").bind(response.id).first<{ user_id: string }>();
    const author = await env.DB.prepare('SELECT creator_id FROM posts WHERE id = ?').bind(POSTS.open).first<{ creator_id: string }>();
    expect(notice?.user_id).toBe(author!.creator_id);
  });

  it('refuses visitors, empty text, too much text, and calls without the anti-forgery value', async () => {
    expect((await call(PUBLISH, { inResponseToPostId: POSTS.open, text: 'Hi' })).errors?.[0]?.message).toBe('Sign in to respond.');
    expect((await call(PUBLISH, { inResponseToPostId: POSTS.open, text: ' \n\n ' }, { session: reader })).errors?.[0]?.message).toBe(
      'Write something before you respond.',
    );
    expect((await call(PUBLISH, { inResponseToPostId: POSTS.open, text: 'x'.repeat(10_001) }, { session: reader })).errors?.[0]?.message).toBe(
      'A response is at most 10,000 characters.',
    );
    const forged = await call(PUBLISH, { inResponseToPostId: POSTS.open, text: 'Forged' }, { session: reader, xsrf: 'nope' });
    expect(forged.errors?.[0]?.message).toMatch(/anti-forgery/);
    expect((await call(PUBLISH, { inResponseToPostId: POSTS.draft, text: 'Hi' }, { session: reader })).errors?.[0]?.message).toBe('This story does not exist.');
  });

  it('fails with the spec’s message when the author closed discussion, on the story and on replies in its thread', async () => {
    const reply = await respond(reader, BULK(2), 'Before the discussion closed.');
    await env.DB.prepare('UPDATE posts SET responses_locked = 1 WHERE id = ?').bind(BULK(2)).run();
    for (const parent of [BULK(2), reply.id]) {
      const answer = await call(PUBLISH, { inResponseToPostId: parent, text: 'Too late.' }, { session: member });
      expect(answer.errors?.[0]?.message).toBe(DISCUSSION_CLOSED_MESSAGE);
    }
    expect(DISCUSSION_CLOSED_MESSAGE).toBe('The author has closed discussion for this story/list. We are unable to save changes to your response.');
    const html = (await page(`/p/${BULK(2)}`)).text;
    expect(html).toContain('The author has closed discussion for this story.');
  });

  it('purges the story’s cached page and threads replies under a response', async () => {
    const path = `/p/${BULK(3)}`;
    expect((await page(path)).cacheStatus).toBe('MISS');
    expect((await page(path)).cacheStatus).toBe('HIT');
    const response = await respond(reader, BULK(3), 'A response worth replying to.');
    const after = await page(path);
    expect(after.cacheStatus).toBe('MISS');
    expect(after.text).toContain('A response worth replying to.');

    const reply = await respond(member, response.id, 'A reply in the thread.');
    // The story's page shows the reply count: the reply purged it too.
    const withReply = await page(path);
    expect(withReply.cacheStatus).not.toBe('HIT');
    expect(withReply.text).toContain('1 reply');
    const thread = await call(REFETCH, { postId: BULK(3) });
    expect(thread.data.post.threadedPostResponses.posts).toEqual([{ id: response.id, postResponses: { count: 1 } }]);
    const replies = await call(REFETCH, { postId: response.id });
    expect(replies.data.post.threadedPostResponses.posts).toEqual([{ id: reply.id, postResponses: { count: 0 } }]);
    // The focused reply: the response's own page shows its thread, and no editor for a new reply at once.
    const focused = (await page(`/p/${response.id}`, reader)).text;
    expect(focused).toContain('Response to');
    expect(focused).toContain('A reply in the thread.');
    expect(focused).not.toContain('aria-label="Write a response"');
    const noReplies = (await page(`/p/${reply.id}`, reader)).text;
    expect(noReplies).toContain('aria-label="Write a response"');
  });
});

describe('threadedPostResponses paging', () => {
  it('pages through every response once, newest first, with pagingInfo.next { limit, to }', async () => {
    const written: string[] = [];
    for (let i = 0; i < 7; i++) written.push((await respond(i % 2 ? reader : member, BULK(4), `Response number ${i}.`)).id);
    const seen: string[] = [];
    let paging: { limit: number; to?: string } | null = { limit: 3 };
    let pages = 0;
    while (paging) {
      const answer: { data?: any; errors?: unknown } = await call(REFETCH, { postId: BULK(4), postResponsesPaging: paging, sortType: 'NEWEST' });
      expect(answer.errors).toBeUndefined();
      const thread: { posts: { id: string }[]; pagingInfo: { next: { limit: number; to: string } | null } } = answer.data.post.threadedPostResponses;
      seen.push(...thread.posts.map((p: { id: string }) => p.id));
      paging = thread.pagingInfo.next;
      if (paging) expect(paging.limit).toBe(3);
      pages++;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(7);
    expect(seen.sort()).toEqual([...written].sort());
    const first = await call(REFETCH, { postId: BULK(4), postResponsesPaging: { limit: 1 } });
    expect(first.data.post.threadedPostResponses.posts[0].id).toBe(written.at(-1));
    expect(first.data.post.postResponses.count).toBe(7);
  });

  it('refuses a bad limit or cursor', async () => {
    expect((await call(REFETCH, { postId: BULK(4), postResponsesPaging: { limit: 51 } })).errors?.[0]?.message).toMatch(/between 1 and 50/);
    expect((await call(REFETCH, { postId: BULK(4), postResponsesPaging: { to: '!!' } })).errors?.[0]?.message).toBe('paging.to is not a cursor from this list.');
  });
});

describe('hiding a response', () => {
  it('only the story’s author hides and unhides it; the thread and the cached page follow', async () => {
    const response = await respond(reader, BULK(1), 'A response to hide.');
    const ids = async () => (await call(REFETCH, { postId: BULK(1) })).data.post.threadedPostResponses.posts.map((p: { id: string }) => p.id);
    expect(await ids()).toContain(response.id);

    for (const session of [reader, member, writer]) {
      const refused = await call(HIDE, { parentPostId: BULK(1), postResponseId: response.id }, { session });
      expect(refused.errors?.[0]?.message).toBe('Only the author of the story can hide or show its responses.');
    }
    expect((await call(HIDE, { parentPostId: BULK(1), postResponseId: response.id })).errors?.[0]?.message).toBe('Sign in to hide a response.');
    expect((await call(HIDE, { parentPostId: BULK(1), postResponseId: POSTS.response }, { session: author1 })).errors?.[0]?.message).toBe(
      'That response does not answer this story.',
    );

    expect((await page(`/p/${BULK(1)}`)).cacheStatus).toBe('MISS');
    const hidden = await call(HIDE, { parentPostId: BULK(1), postResponseId: response.id }, { session: author1 });
    expect(hidden.errors).toBeUndefined();
    expect(await ids()).not.toContain(response.id);
    const cached = await page(`/p/${BULK(1)}`);
    expect(cached.cacheStatus).toBe('MISS');
    expect(cached.text).not.toContain('A response to hide.');

    const refusedUndo = await call(UNHIDE, { parentPostId: BULK(1), postResponseId: response.id }, { session: reader });
    expect(refusedUndo.errors?.[0]?.message).toBe('Only the author of the story can hide or show its responses.');
    const shown = await call(UNHIDE, { parentPostId: BULK(1), postResponseId: response.id }, { session: author1 });
    expect(shown.errors).toBeUndefined();
    expect(await ids()).toContain(response.id);
  });

  it('offers the author “Hide response” on the page, and nobody else', async () => {
    // Bulk story 7 is author 1's too.
    await respond(member, BULK(7), 'Visible to all.');
    expect((await page(`/p/${BULK(7)}`, author1)).text).toContain('Hide response');
    expect((await page(`/p/${BULK(7)}`, reader)).text).not.toContain('Hide response');
  });
});

describe('the responses page', () => {
  it('/p/{postId}/responses/show redirects to /p/{postId}/responses, the story with its responses', async () => {
    await respond(member, BULK(8), 'Seen on the responses page.');
    const show = await page(`/p/${BULK(8)}/responses/show`);
    expect(show.status).toBe(301);
    expect(new URL(show.headers.get('location')!, 'http://localhost:8787').pathname).toBe(`/p/${BULK(8)}/responses`);
    const responses = await page(`/p/${BULK(8)}/responses`);
    expect(responses.status).toBe(200);
    expect(responses.headers.get('x-page-name')).toBe('post-responses');
    expect(responses.text).toContain('id="responses"');
    expect(responses.text).toContain('Seen on the responses page.');
    expect((await page(`/p/ffffffffffff/responses`)).status).toBe(404);
  });
});
