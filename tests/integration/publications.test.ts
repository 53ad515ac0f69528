// Making and staffing a publication (issue 12 item 7): an editor creates a publication (its
// address never shadows the site's own), invites a writer by username; the writer submits a
// story; the editor approves it and it is in the publication. Nobody else manages it.
import { beforeAll, describe, expect, it } from 'vitest';
import { listDevMailbox } from '../../worker/mail/dev-mailbox.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { signedIn, type Caller } from './helpers/signed-in.ts';

const CREATE = `mutation($name: String!, $slug: String!, $tagline: String) { createPublication(name: $name, slug: $slug, tagline: $tagline) {
  __typename ... on Collection { id slug name description } ... on BadRequest { message } ... on AlreadyExists { message } } }`;
const SET = `mutation($c: ID!, $u: String!, $r: String!) { setPublicationMember(collectionId: $c, username: $u, role: $r) {
  __typename ... on Collection { members { role user { username } } } ... on BadRequest { message } ... on NotFound { message } } }`;
const SAVE = `mutation($title: String!) { saveDraft(postId: null, baseRev: 0, title: $title, subtitle: "", contentJson: "{\\"paragraphs\\":[{\\"name\\":\\"0001\\",\\"type\\":\\"P\\",\\"text\\":\\"Words.\\",\\"markups\\":[]}]}") { ... on DraftSaved { post { id } } } }`;
const PUBLISH = `mutation($p: ID!, $c: ID) { publishPost(postId: $p, tags: [], memberOnly: false, unlisted: false, collectionId: $c) { __typename ... on Post { statusForCollection } } }`;
const APPROVE = `mutation($p: ID!) { approveSubmission(postId: $p) { __typename ... on Post { statusForCollection collection { slug } } } }`;

let editor: Caller;
let writer: Caller;
let outsider: Caller;
let writerName: string;
beforeAll(async () => {
  await seedWorld(testDb);
  editor = await signedIn(USERS.member);
  writer = await signedIn(USERS.reader);
  outsider = await signedIn(USERS.friend);
  writerName = (await testDb.prepare('SELECT username FROM users WHERE id = ?').bind(USERS.reader).first<{ username: string }>())!.username;
});

describe('publications', () => {
  it.each([
    ['search', 'is taken by the site'],
    ['tag', 'is taken by the site'],
    ['latest', 'is taken by the site'],
    ['the-quill', 'is taken: choose another'],
    ['A B', '3 to 40 lowercase letters'],
    ['x', '3 to 40 lowercase letters'],
  ])('refuses the address %j', async (slug, message) => {
    const answer = (await editor.gql(CREATE, { name: 'Tidal', slug })).data!.createPublication;
    // An address another publication holds is AlreadyExists (docs/outcomes.md); a malformed or reserved one BadRequest.
    expect(answer.__typename).toBe(slug === 'the-quill' ? 'AlreadyExists' : 'BadRequest');
    expect(answer.message).toContain(message);
  });

  it('an editor creates a publication, invites a writer; the writer submits; the editor approves', async () => {
    const created = (await editor.gql(CREATE, { name: ' Tidal  Notes ', slug: 'tidal-notes', tagline: 'Shores and estuaries' })).data!.createPublication;
    expect(created).toMatchObject({ __typename: 'Collection', slug: 'tidal-notes', name: 'Tidal Notes', description: 'Shores and estuaries' });

    // Nobody else manages it.
    expect((await outsider.gql(SET, { c: created.id, u: writerName, r: 'EDITOR' })).data!.setPublicationMember.__typename).toBe('NotFound');
    const cookie = `sid=${(await createSession(testDb, USERS.friend)).token}`;
    expect((await workerFetch('http://localhost:8787/tidal-notes/permissions', { headers: { cookie } })).status).toBe(404);

    const invited = (await editor.gql(SET, { c: created.id, u: `@${writerName}`, r: 'WRITER' })).data!.setPublicationMember;
    expect(invited.members).toEqual(expect.arrayContaining([{ role: 'WRITER', user: { username: writerName } }]));
    expect((await editor.gql(SET, { c: created.id, u: 'nobody-at-all', r: 'WRITER' })).data!.setPublicationMember.__typename).toBe('BadRequest');

    const draft = (await writer.gql(SAVE, { title: 'Low water' })).data!.saveDraft.post.id;
    expect((await writer.gql(PUBLISH, { p: draft, c: created.id })).data!.publishPost.statusForCollection).toBe('PENDING');
    expect((await editor.gql(APPROVE, { p: draft })).data!.approveSubmission).toEqual({ __typename: 'Post', statusForCollection: 'APPROVED', collection: { slug: 'tidal-notes' } });
    const page = await (await workerFetch('http://localhost:8787/tidal-notes', { headers: { 'user-agent': 'Mozilla/5.0' } })).text();
    expect(page).toContain('Low water');
  });

  it('tells a person by email when they are added or their role changes, never twice for the same role; a deleted account cannot be added', async () => {
    const created = (await editor.gql(CREATE, { name: 'Harbour Lights', slug: 'harbour-lights' })).data!.createPublication;
    const email = (await testDb.prepare('SELECT email FROM users WHERE id = ?').bind(USERS.reader).first<{ email: string }>())!.email;
    const mails = async () => (await listDevMailbox(testDb, email)).filter((m) => m.subject.includes('Harbour Lights'));

    await editor.gql(SET, { c: created.id, u: writerName, r: 'WRITER' });
    const [added, ...none] = await mails();
    expect(none).toEqual([]);
    expect(added!.subject).toBe('You are a writer of Harbour Lights');
    expect(added!.text).toContain('added you as a writer of Harbour Lights');
    expect(added!.text).toContain('http://localhost:8787/harbour-lights');
    // The same role again: nothing new to tell.
    await editor.gql(SET, { c: created.id, u: writerName, r: 'WRITER' });
    expect(await mails()).toHaveLength(1);
    await editor.gql(SET, { c: created.id, u: writerName, r: 'EDITOR' });
    expect((await mails()).map((m) => m.subject)).toEqual(['You are an editor of Harbour Lights', 'You are a writer of Harbour Lights']);

    // A deleted account is no one.
    await testDb.prepare("INSERT INTO users (id, username, name, created_at, deleted_at) VALUES ('d0d0d0d0d0d0', 'gone_writer', 'Gone', 0, 1)").run();
    const refused = (await editor.gql(SET, { c: created.id, u: 'gone_writer', r: 'WRITER' })).data!.setPublicationMember;
    expect(refused).toEqual({ __typename: 'BadRequest', message: 'No one is called @gone_writer.' });
  });
});

