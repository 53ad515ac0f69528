// Publication roles on stories (issue 28 point 7; docs/adr/0146-publication-editors-change-stories.md):
// an editor of a publication edits a contributor's story in it, publishes the change and
// unpublishes it, and the story's history names the editor for each; another contributor of the
// same publication and an outsider are refused (NotFound, as for any story not theirs) and
// nothing changes. The editor keeps the story where it is and leaves its settings to the writer.
import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { signedIn, type Caller } from './helpers/signed-in.ts';

const SAVE = `mutation($postId: ID, $baseRev: Int!, $title: String!, $contentJson: String!) {
  saveDraft(postId: $postId, baseRev: $baseRev, title: $title, subtitle: "", contentJson: $contentJson) {
    __typename ... on DraftSaved { rev post { id } } ... on NotFound { message } ... on BadRequest { message } ... on Conflict { message }
  }
}`;
const PUBLISH = `mutation($postId: ID!, $collectionId: ID) {
  publishPost(postId: $postId, tags: [], memberOnly: false, unlisted: false, collectionId: $collectionId) {
    __typename ... on Post { id isPublished collection { id } submittedCollection { id } } ... on NotFound { message } ... on BadRequest { message } ... on Forbidden { message }
  }
}`;
const APPROVE = `mutation($postId: ID!) { approveSubmission(postId: $postId) { __typename ... on Post { id } } }`;
const UNPUBLISH = `mutation($postId: ID!) { unpublishPost(postId: $postId) { __typename ... on Post { id isPublished } ... on NotFound { message } ... on BadRequest { message } } }`;
const SETTINGS = `mutation($postId: ID!) { updatePostSettings(postId: $postId, canonicalUrl: null, responsesLocked: true, memberOnly: false) { __typename ... on Post { id } ... on NotFound { message } } }`;
const TITLE = `mutation($id: ID!, $title: String!) { updatePostContent(targetPostId: $id, title: $title) { id title } }`;
const OPEN = `query($id: ID!) { post(id: $id) { id viewerEditorRole draft { rev title contentJson } revisions { rev savedBy { username } } history { change rev actor { username } } } }`;
const READ = `query($id: ID!) { post(id: $id) { __typename isPublished content { bodyModel { paragraphs { text } } } } }`;

const content = (...texts: string[]) => JSON.stringify({ paragraphs: texts.map((text, i) => ({ name: `00b${i}`, type: 'P', text, markups: [] })) });

// The Quill: the writer owns it; friend edits it; member and reader are its contributors.
let owner: Caller;
let editor: Caller;
let contributor: Caller;
let otherContributor: Caller;
let outsider: Caller;
let storyId: string;
const usernameOf = async (id: string) => (await testDb.prepare('SELECT username FROM users WHERE id = ?').bind(id).first<{ username: string }>())!.username;

const stored = async () =>
  (await testDb.prepare('SELECT status, title, content, latest_rev, collection_id, responses_locked, (SELECT count(*) FROM post_history h WHERE h.post_id = posts.id) AS changes FROM posts WHERE id = ?').bind(storyId).first())!;

beforeAll(async () => {
  await seedWorld(testDb);
  const member = (id: string, role: string) =>
    testDb.prepare('INSERT INTO collection_members (collection_id, user_id, role, created_at) VALUES (?, ?, ?, 0) ON CONFLICT DO NOTHING').bind(COLLECTIONS.quill, id, role).run();
  await member(USERS.friend, 'EDITOR');
  await member(USERS.member, 'WRITER');
  await member(USERS.reader, 'WRITER');
  owner = await signedIn(USERS.writer);
  editor = await signedIn(USERS.friend);
  contributor = await signedIn(USERS.member);
  otherContributor = await signedIn(USERS.reader);
  outsider = await signedIn(USERS.cancelled);

  // The contributor writes a story, submits it to The Quill, and its owner takes it in.
  const saved = (await contributor.gql(SAVE, { postId: null, baseRev: 0, title: 'Harbour lights', contentJson: content('The first sentence.', 'The boats came in at dusk.') })).data!.saveDraft;
  storyId = saved.post.id;
  expect((await contributor.gql(PUBLISH, { postId: storyId, collectionId: COLLECTIONS.quill })).data!.publishPost.submittedCollection).toEqual({ id: COLLECTIONS.quill });
  expect((await owner.gql(APPROVE, { postId: storyId })).data!.approveSubmission.__typename).toBe('Post');
}, 60_000);

describe("a publication's editor and its contributors' stories", () => {
  it('the editor opens, edits and republishes the story; readers see the edit; its history names the editor', async () => {
    const [editorName, contributorName] = await Promise.all([usernameOf(USERS.friend), usernameOf(USERS.member)]);
    const opened = (await editor.gql(OPEN, { id: storyId })).data!.post;
    expect(opened.viewerEditorRole).toBe('PUBLICATION_EDITOR');
    expect(opened.draft.title).toBe('Harbour lights');

    const saved = (await editor.gql(SAVE, { postId: storyId, baseRev: opened.draft.rev, title: 'Harbour lights', contentJson: content('The first sentence, edited.', 'The boats came in at dusk.') })).data!.saveDraft;
    expect(saved.__typename).toBe('DraftSaved');
    const published = (await editor.gql(PUBLISH, { postId: storyId, collectionId: COLLECTIONS.quill })).data!.publishPost;
    expect(published).toMatchObject({ __typename: 'Post', isPublished: true, collection: { id: COLLECTIONS.quill } });

    const read = (await outsider.gql(READ, { id: storyId })).data!.post;
    expect(read.content.bodyModel.paragraphs.map((p: { text: string }) => p.text)).toEqual(['The first sentence, edited.', 'The boats came in at dusk.']);

    const after = (await contributor.gql(OPEN, { id: storyId })).data!.post;
    expect(after.viewerEditorRole).toBe('AUTHOR');
    expect(after.revisions.map((r: { savedBy: { username: string } }) => r.savedBy.username)).toEqual([editorName, contributorName]);
    expect(after.history.slice(0, 2)).toEqual([
      { change: 'republished', rev: saved.rev, actor: { username: editorName } },
      { change: 'saved', rev: saved.rev, actor: { username: editorName } },
    ]);
    expect(after.history.at(-1)).toEqual({ change: 'saved', rev: 1, actor: { username: contributorName } });
  });

  it('another contributor and an outsider are refused everything, and nothing changes', async () => {
    const before = await stored();
    for (const caller of [otherContributor, outsider]) {
      const opened = (await caller.gql(OPEN, { id: storyId })).data!.post;
      expect(opened).toMatchObject({ viewerEditorRole: null, draft: null, revisions: null, history: null });
      expect((await caller.gql(SAVE, { postId: storyId, baseRev: before.latest_rev, title: 'Taken', contentJson: content('Mine now.') })).data!.saveDraft).toEqual({ __typename: 'NotFound', message: 'This story does not exist.' });
      expect((await caller.gql(PUBLISH, { postId: storyId, collectionId: COLLECTIONS.quill })).data!.publishPost.__typename).toBe('NotFound');
      expect((await caller.gql(UNPUBLISH, { postId: storyId })).data!.unpublishPost.__typename).toBe('NotFound');
      const title = await caller.gql(TITLE, { id: storyId, title: 'Taken' });
      expect(title.errors?.[0]?.message).toBe('Story not found.');
    }
    expect(await stored()).toEqual(before);
  });

  it('the editor keeps the story in the publication and leaves its settings to the writer', async () => {
    const before = await stored();
    expect((await editor.gql(PUBLISH, { postId: storyId, collectionId: null })).data!.publishPost).toEqual({
      __typename: 'BadRequest',
      message: 'Only the writer can move this story to another publication or out of it.',
    });
    expect((await editor.gql(SETTINGS, { postId: storyId })).data!.updatePostSettings.__typename).toBe('NotFound');
    expect(await stored()).toEqual(before);
  });

  it('the editor unpublishes the story; it is a draft readers cannot open, and its history says who', async () => {
    const editorName = await usernameOf(USERS.friend);
    expect((await editor.gql(UNPUBLISH, { postId: storyId })).data!.unpublishPost).toEqual({ __typename: 'Post', id: storyId, isPublished: false });
    expect((await stored()).status).toBe('DRAFT');
    expect((await outsider.gql(READ, { id: storyId })).data!.post).toBeNull();
    expect((await otherContributor.gql(OPEN, { id: storyId })).data!.post).toBeNull();
    // The editor still reaches the draft (to publish it again); so does its writer, who sees why it went.
    expect((await editor.gql(OPEN, { id: storyId })).data!.post.viewerEditorRole).toBe('PUBLICATION_EDITOR');
    const history = (await contributor.gql(OPEN, { id: storyId })).data!.post.history;
    expect(history[0]).toEqual({ change: 'unpublished', rev: null, actor: { username: editorName } });
  });
});
