// Publication submissions (issue 12 item 7): a publication's writer publishing into it submits
// the story; only the publication's owner and editors see the submissions and approve or decline
// them; an approved story joins the publication (statusForCollection APPROVED) and its page is
// purged; anyone else gets NotFound or a 404 page, and nothing changes.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../worker/session/session-store.ts';
import { COLLECTIONS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { signedIn, type Caller } from './helpers/signed-in.ts';

const SAVE = `mutation($title: String!, $contentJson: String!) { saveDraft(postId: null, baseRev: 0, title: $title, subtitle: "", contentJson: $contentJson) { __typename ... on DraftSaved { post { id } } } }`;
const PUBLISH = `mutation($postId: ID!, $collectionId: ID) { publishPost(postId: $postId, tags: [], memberOnly: false, unlisted: false, collectionId: $collectionId) {
  __typename ... on Post { id isPublished statusForCollection collection { id } submittedCollection { id } } ... on Forbidden { message } } }`;
const APPROVE = `mutation($postId: ID!) { approveSubmission(postId: $postId) { __typename ... on Post { id statusForCollection collection { id } } ... on NotFound { message } } }`;
const DECLINE = `mutation($postId: ID!) { declineSubmission(postId: $postId) { __typename ... on Post { id statusForCollection } ... on NotFound { message } } }`;
const SUBMISSIONS = `query($slug: String!) { collection(slug: $slug) { viewerIsEditor submissions { id } } }`;

let owner: Caller; // the writer owns The Quill and writes for Daily Bytes
let dailyOwner: Caller;
let member: Caller;
beforeAll(async () => {
  await seedWorld(testDb);
  owner = await signedIn(USERS.writer);
  const dailyOwnerId = (await testDb.prepare('SELECT creator_id FROM collections WHERE id = ?').bind(COLLECTIONS.dailyBytes).first<{ creator_id: string }>())!.creator_id;
  await testDb.prepare("INSERT INTO collection_members (collection_id, user_id, role, created_at) VALUES (?, ?, 'OWNER', 0) ON CONFLICT DO NOTHING").bind(COLLECTIONS.dailyBytes, dailyOwnerId).run();
  dailyOwner = await signedIn(dailyOwnerId);
  member = await signedIn(USERS.member);
});

async function publishedInto(caller: Caller, title: string, collectionId: string) {
  const saved = (await caller.gql(SAVE, { title, contentJson: JSON.stringify({ paragraphs: [{ name: '0001', type: 'P', text: 'Words.', markups: [] }] }) })).data!.saveDraft;
  return (await caller.gql(PUBLISH, { postId: saved.post.id, collectionId })).data!.publishPost;
}

describe('submissions', () => {
  it('an owner publishes straight into their publication', async () => {
    const post = await publishedInto(owner, 'Straight in', COLLECTIONS.quill);
    expect(post).toMatchObject({ isPublished: true, statusForCollection: 'APPROVED', collection: { id: COLLECTIONS.quill }, submittedCollection: null });
  });

  it('a writer submits; an editor approves; the story joins the publication and its page is purged', async () => {
    const post = await publishedInto(owner, 'Submitted piece', COLLECTIONS.dailyBytes);
    expect(post).toMatchObject({ isPublished: true, statusForCollection: 'PENDING', collection: null, submittedCollection: { id: COLLECTIONS.dailyBytes } });

    // Nobody but the publication's editors sees or decides on it.
    expect((await member.gql(SUBMISSIONS, { slug: 'daily-bytes' })).data!.collection).toEqual({ viewerIsEditor: false, submissions: null });
    expect((await member.gql(APPROVE, { postId: post.id })).data!.approveSubmission.__typename).toBe('NotFound');
    expect((await owner.gql(APPROVE, { postId: post.id })).data!.approveSubmission.__typename).toBe('NotFound');
    const cookie = `sid=${(await createSession(testDb, USERS.member)).token}`;
    expect((await workerFetch('http://localhost:8787/daily-bytes/submissions', { headers: { cookie } })).status).toBe(404);

    expect((await dailyOwner.gql(SUBMISSIONS, { slug: 'daily-bytes' })).data!.collection.submissions.map((p: { id: string }) => p.id)).toContain(post.id);
    await testDb.prepare('DELETE FROM cache_tag_invalidations').run();
    const approved = (await dailyOwner.gql(APPROVE, { postId: post.id })).data!.approveSubmission;
    expect(approved).toEqual({ __typename: 'Post', id: post.id, statusForCollection: 'APPROVED', collection: { id: COLLECTIONS.dailyBytes } });
    const tags = ((await testDb.prepare('SELECT tag FROM cache_tag_invalidations').all<{ tag: string }>()).results ?? []).map((r) => r.tag);
    expect(tags).toEqual(expect.arrayContaining([`post:${post.id}`, `collection:${COLLECTIONS.dailyBytes}`]));
  });

  it('a declined submission stays on its writer’s profile only', async () => {
    const post = await publishedInto(owner, 'Declined piece', COLLECTIONS.dailyBytes);
    const declined = (await dailyOwner.gql(DECLINE, { postId: post.id })).data!.declineSubmission;
    expect(declined).toEqual({ __typename: 'Post', id: post.id, statusForCollection: null });
    expect((await testDb.prepare('SELECT status, collection_id FROM posts WHERE id = ?').bind(post.id).first())).toEqual({ status: 'PUBLISHED', collection_id: null });
  });

  it('someone who neither writes nor edits for a publication cannot publish into it', async () => {
    const answer = await publishedInto(member, 'Outsider', COLLECTIONS.quill);
    expect(answer).toEqual({ __typename: 'Forbidden', message: 'You are not a writer or editor of this publication.' });
  });
});
