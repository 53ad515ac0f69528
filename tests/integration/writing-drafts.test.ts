// Drafts, revisions and publishing through /_/graphql (issue 12 items 3 and 4): autosaves make
// numbered revisions, a save based on an older revision is refused and changes nothing, hostile
// content is stored as inert structured content or refused with a clear message, and a writer
// cannot save, publish, unpublish or change what is not theirs (NotFound, nothing changed).
// Publishing applies the newest revision, sets tags and visibility and purges the cache tags.
import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';
import { MAX_PARAGRAPH_LENGTH } from '../../shared/editor/story-content-rules.ts';

const SAVE = `mutation($postId: ID, $baseRev: Int!, $title: String!, $subtitle: String!, $contentJson: String!, $inResponseToPostId: ID) {
  saveDraft(postId: $postId, baseRev: $baseRev, title: $title, subtitle: $subtitle, contentJson: $contentJson, inResponseToPostId: $inResponseToPostId) {
    __typename
    ... on DraftSaved { rev post { id isPublished } }
    ... on Conflict { message currentRev }
    ... on NotFound { message }
    ... on BadRequest { message }
  }
}`;
const PUBLISH = `mutation($postId: ID!, $tags: [String!]!, $memberOnly: Boolean!, $unlisted: Boolean!, $collectionId: ID) {
  publishPost(postId: $postId, tags: $tags, memberOnly: $memberOnly, unlisted: $unlisted, collectionId: $collectionId) {
    __typename
    ... on Post { id isPublished visibility title tags { slug displayTitle } collection { id } submittedCollection { id } }
    ... on NotFound { message }
    ... on BadRequest { message }
    ... on Forbidden { message }
  }
}`;
const UNPUBLISH = `mutation($postId: ID!) { unpublishPost(postId: $postId) { __typename ... on Post { id isPublished } ... on NotFound { message } ... on BadRequest { message } } }`;
const SETTINGS = `mutation($postId: ID!, $canonicalUrl: String, $responsesLocked: Boolean!, $memberOnly: Boolean!) {
  updatePostSettings(postId: $postId, canonicalUrl: $canonicalUrl, responsesLocked: $responsesLocked, memberOnly: $memberOnly) {
    __typename ... on Post { id responsesLocked canonicalUrl visibility } ... on NotFound { message } ... on BadRequest { message }
  }
}`;
const DRAFT = `query($id: ID!, $rev: Int) { post(id: $id) { id title draft(rev: $rev) { rev title contentJson hasUnpublishedChanges } revisions { rev } } }`;
const YOUR_STORIES = `query($filter: YourStoriesFilter!) { viewer { yourStoriesConnection(filter: $filter) { posts { id } } } }`;

const content = (...texts: string[]) => JSON.stringify({ paragraphs: texts.map((text, i) => ({ name: `00a${i}`, type: 'P', text, markups: [] })) });

let writer: Caller;
let member: Caller;
beforeAll(async () => {
  await seedWorld(testDb);
  writer = await signedIn(USERS.writer);
  member = await signedIn(USERS.member);
});

async function newDraft(caller: Caller, title = 'A new story', text = 'First words.') {
  const saved = (await caller.gql(SAVE, { postId: null, baseRev: 0, title, subtitle: '', contentJson: content(text) })).data!.saveDraft;
  expect(saved.__typename).toBe('DraftSaved');
  return saved.post.id as string;
}

const storedContent = async (postId: string) => (await testDb.prepare('SELECT content, title, latest_rev FROM posts WHERE id = ?').bind(postId).first<{ content: string; title: string; latest_rev: number }>())!;

describe('saveDraft', () => {
  it('creates a draft at revision 1 and saves each change as the next revision', async () => {
    const id = await newDraft(writer);
    const second = (await writer.gql(SAVE, { postId: id, baseRev: 1, title: 'Renamed', subtitle: 'Sub', contentJson: content('First words.', 'More.') })).data!.saveDraft;
    expect(second).toMatchObject({ __typename: 'DraftSaved', rev: 2, post: { id, isPublished: false } });
    const draft = (await writer.gql(DRAFT, { id })).data!.post;
    expect(draft.draft.rev).toBe(2);
    expect(JSON.parse(draft.draft.contentJson).paragraphs.map((p: { text: string }) => p.text)).toEqual(['First words.', 'More.']);
    expect(draft.revisions.map((r: { rev: number }) => r.rev)).toEqual([2, 1]);
    // An earlier revision opens for a revert.
    const first = (await writer.gql(DRAFT, { id, rev: 1 })).data!.post.draft;
    expect(JSON.parse(first.contentJson).paragraphs).toHaveLength(1);
    expect((await writer.gql(YOUR_STORIES, { filter: 'DRAFTS' })).data!.viewer.yourStoriesConnection.posts.map((p: { id: string }) => p.id)).toContain(id);
  });

  it('refuses a save based on an older revision, and changes nothing', async () => {
    const id = await newDraft(writer, 'Two tabs');
    await writer.gql(SAVE, { postId: id, baseRev: 1, title: 'Two tabs', subtitle: '', contentJson: content('From tab B.') });
    const before = await storedContent(id);
    const stale = (await writer.gql(SAVE, { postId: id, baseRev: 1, title: 'Two tabs', subtitle: '', contentJson: content('From tab A.') })).data!.saveDraft;
    expect(stale).toEqual({
      __typename: 'Conflict',
      currentRev: 2,
      message: 'This story was changed in another tab or window since you opened it. Your text is still here: copy it, then reload to see the newer version.',
    });
    expect(await storedContent(id)).toEqual(before);
    // Two saves from the same base at once: exactly one wins.
    const racing = await Promise.all(
      ['X', 'Y'].map((tab) => writer.gql(SAVE, { postId: id, baseRev: 2, title: 'Two tabs', subtitle: '', contentJson: content(`From tab ${tab}.`) })),
    );
    expect(racing.map((r) => r.data!.saveDraft.__typename).sort()).toEqual(['Conflict', 'DraftSaved']);
    expect((await storedContent(id)).latest_rev).toBe(3);
  });

  it('stores hostile text as inert text and rebuilds content from the known fields only', async () => {
    const hostile = {
      paragraphs: [
        { name: 'beef', type: 'P', text: '<script>alert(1)</script><img src=x onerror=alert(2)>', markups: [], html: '<script>alert(3)</script>', onclick: 'x' },
        { name: 'beef', type: 'P', text: 'duplicate name', markups: [{ type: 'STRONG', start: 0, end: 9, style: 'color:red' }] },
      ],
    };
    const id = await newDraft(writer);
    const saved = (await writer.gql(SAVE, { postId: id, baseRev: 1, title: '<b>Title</b>', subtitle: '', contentJson: JSON.stringify(hostile) })).data!.saveDraft;
    expect(saved.__typename).toBe('DraftSaved');
    const stored = JSON.parse((await storedContent(id)).content);
    expect(stored.paragraphs[0]).toEqual({ name: 'beef', type: 'P', text: '<script>alert(1)</script><img src=x onerror=alert(2)>', markups: [] });
    expect(stored.paragraphs[1].name).not.toBe('beef');
    expect(stored.paragraphs[1].markups).toEqual([{ type: 'STRONG', start: 0, end: 9 }]);
    // The author's page shows it as text: no element of the writer's making.
    const page = await (await workerFetch(`http://localhost:8787/p/${id}/edit`)).text();
    expect(page).not.toContain('<script>alert(1)');
  });

  it.each([
    ['a javascript: link', { type: 'P', text: 'click', markups: [{ type: 'A', start: 0, end: 5, href: 'javascript:alert(1)' }] }, 'Links must be web (http, https) or mail (mailto) addresses.'],
    ['a data: link', { type: 'P', text: 'click', markups: [{ type: 'A', start: 0, end: 5, href: 'data:text/html,<script>alert(1)</script>' }] }, 'Links must be web'],
    ['an unknown paragraph type', { type: 'SCRIPT', text: 'x', markups: [] }, 'unknown paragraph type'],
    ['a markup outside its text', { type: 'P', text: 'abc', markups: [{ type: 'EM', start: 0, end: 99 }] }, 'outside its text'],
    ['a huge paragraph', { type: 'P', text: 'x'.repeat(MAX_PARAGRAPH_LENGTH + 1), markups: [] }, `longer than ${MAX_PARAGRAPH_LENGTH}`],
    ['a javascript: embed', { type: 'IFRAME', text: 'x', markups: [], href: 'javascript:alert(1)' }, 'an embed needs a web address'],
    ['an image that is not an upload', { type: 'IMG', text: '', markups: [], metadata: { id: '../../etc/passwd' } }, 'uploaded image id'],
  ])('refuses %s with a clear message and keeps the stored text', async (_what, paragraph, message) => {
    const id = await newDraft(writer, 'Kept', 'Kept words.');
    const answer = (await writer.gql(SAVE, { postId: id, baseRev: 1, title: 'Kept', subtitle: '', contentJson: JSON.stringify({ paragraphs: [{ name: '0001', ...paragraph }] }) })).data!.saveDraft;
    expect(answer.__typename).toBe('BadRequest');
    expect(answer.message).toContain(message);
    expect(JSON.parse((await storedContent(id)).content).paragraphs[0].text).toBe('Kept words.');
  });

  it("cannot save someone else's story, and a logged-out caller is told to sign in", async () => {
    const before = await storedContent(POSTS.draft);
    const answer = (await member.gql(SAVE, { postId: POSTS.draft, baseRev: 0, title: 'Taken', subtitle: '', contentJson: content('Mine now.') })).data!.saveDraft;
    expect(answer).toEqual({ __typename: 'NotFound', message: 'This story does not exist.' });
    expect(await storedContent(POSTS.draft)).toEqual(before);
    expect((await member.gql(DRAFT, { id: POSTS.open })).data!.post.draft).toBeNull();
    const anonymous = await loggedOut.gql(SAVE, { postId: null, baseRev: 0, title: 'x', subtitle: '', contentJson: content('x') });
    expect(anonymous.errors?.[0]).toMatchObject({ message: 'Sign in to save a story.' });
  });
});

describe('publishPost, unpublishPost, updatePostSettings', () => {
  it('publishes the newest revision with its tags, and purges the pages that show it', async () => {
    const id = await newDraft(writer, 'Going live', 'Live words.');
    const published = (await writer.gql(PUBLISH, { postId: id, tags: ['Field Notes', 'field notes', 'Rivers'], memberOnly: false, unlisted: false })).data!.publishPost;
    expect(published).toMatchObject({ __typename: 'Post', isPublished: true, visibility: 'PUBLIC', title: 'Going live' });
    expect(published.tags.map((t: { slug: string }) => t.slug)).toEqual(['field-notes', 'rivers']);
    const tags = ((await testDb.prepare('SELECT tag FROM cache_tag_invalidations').all<{ tag: string }>()).results ?? []).map((r) => r.tag);
    expect(tags).toEqual(expect.arrayContaining([`post:${id}`, 'home', `user:${USERS.writer}`, 'topic:field-notes', 'topic:rivers']));

    // A saved change is not live until published again.
    await writer.gql(SAVE, { postId: id, baseRev: 1, title: 'Going live', subtitle: '', contentJson: content('Changed words.') });
    expect(JSON.parse((await storedContent(id)).content).paragraphs[0].text).toBe('Live words.');
    expect((await writer.gql(DRAFT, { id })).data!.post.draft.hasUnpublishedChanges).toBe(true);
    await writer.gql(PUBLISH, { postId: id, tags: ['Rivers'], memberOnly: false, unlisted: false });
    expect(JSON.parse((await storedContent(id)).content).paragraphs[0].text).toBe('Changed words.');

    const unpublished = (await writer.gql(UNPUBLISH, { postId: id })).data!.unpublishPost;
    expect(unpublished).toMatchObject({ __typename: 'Post', isPublished: false });
  });

  it('refuses more than 5 tags, member-only for writers outside the Partner Program, and both member-only and unlisted', async () => {
    const id = await newDraft(member, 'Member writes');
    expect((await member.gql(PUBLISH, { postId: id, tags: ['a', 'b', 'c', 'd', 'e', 'f'], memberOnly: false, unlisted: false })).data!.publishPost).toEqual({
      __typename: 'BadRequest',
      message: 'Add up to 5 tags.',
    });
    expect((await member.gql(PUBLISH, { postId: id, tags: [], memberOnly: true, unlisted: false })).data!.publishPost.message).toBe(
      'Only writers in the Partner Program can make a story member-only.',
    );
    expect((await member.gql(PUBLISH, { postId: id, tags: [], memberOnly: true, unlisted: true })).data!.publishPost.__typename).toBe('BadRequest');
    expect((await testDb.prepare('SELECT status FROM posts WHERE id = ?').bind(id).first<{ status: string }>())!.status).toBe('DRAFT');
  });

  it("cannot publish, unpublish or change someone else's story, nor publish into a publication one does not write for", async () => {
    const before = await testDb.prepare('SELECT * FROM posts WHERE id = ?').bind(POSTS.open).first();
    expect((await member.gql(PUBLISH, { postId: POSTS.draft, tags: [], memberOnly: false, unlisted: false })).data!.publishPost.__typename).toBe('NotFound');
    expect((await member.gql(UNPUBLISH, { postId: POSTS.open })).data!.unpublishPost.__typename).toBe('NotFound');
    expect((await member.gql(SETTINGS, { postId: POSTS.open, responsesLocked: true, memberOnly: false })).data!.updatePostSettings.__typename).toBe('NotFound');
    expect(await testDb.prepare('SELECT * FROM posts WHERE id = ?').bind(POSTS.open).first()).toEqual(before);

    const id = await newDraft(member, 'Outsider');
    const member_of = await testDb.prepare('SELECT count(*) AS n FROM collection_members WHERE collection_id = ? AND user_id = ?').bind(COLLECTIONS.quill, USERS.member).first<{ n: number }>();
    expect(member_of!.n).toBe(0);
    expect((await member.gql(PUBLISH, { postId: id, tags: [], memberOnly: false, unlisted: false, collectionId: COLLECTIONS.quill })).data!.publishPost).toEqual({
      __typename: 'Forbidden',
      message: 'You are not a writer or editor of this publication.',
    });
  });

  it('a response drafted in the editor joins the thread only when published, and its story’s author is notified', async () => {
    const draft = (await member.gql(SAVE, { postId: null, baseRev: 0, title: '', subtitle: '', contentJson: content('A considered reply.'), inResponseToPostId: POSTS.open })).data!.saveDraft;
    expect(draft.__typename).toBe('DraftSaved');
    const notified = () => testDb.prepare("SELECT count(*) AS n FROM notifications WHERE type = 'RESPONSE' AND post_id = ?").bind(draft.post.id).first<{ n: number }>();
    expect((await notified())!.n).toBe(0);
    const published = (await member.gql(PUBLISH, { postId: draft.post.id, tags: ['ignored'], memberOnly: false, unlisted: false })).data!.publishPost;
    expect(published).toMatchObject({ __typename: 'Post', isPublished: true, tags: [] });
    expect((await notified())!.n).toBe(1);
    expect((await member.gql(YOUR_STORIES, { filter: 'RESPONSES' })).data!.viewer.yourStoriesConnection.posts.map((p: { id: string }) => p.id)).toContain(draft.post.id);
  });

  it('changes settings: a canonical web link only, responses closed', async () => {
    const id = await newDraft(writer, 'Settings');
    expect((await writer.gql(SETTINGS, { postId: id, canonicalUrl: 'javascript:alert(1)', responsesLocked: false, memberOnly: false })).data!.updatePostSettings.__typename).toBe('BadRequest');
    const changed = (await writer.gql(SETTINGS, { postId: id, canonicalUrl: 'https://example.com/first', responsesLocked: true, memberOnly: false })).data!.updatePostSettings;
    expect(changed).toMatchObject({ responsesLocked: true, canonicalUrl: 'https://example.com/first' });
  });
});
