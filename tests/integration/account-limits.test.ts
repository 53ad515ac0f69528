// A staff "limit" (docs/adr/0084-limited-accounts.md; worker/accounts/account-limits.ts) holds on every
// way a story or response goes public: the editor's publish, a response in a story's thread, a
// response on a list, and a /v1 post — each refused with the same message, nothing written; once
// restored, the same calls work.
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITED_ACCOUNT_MESSAGE } from '../../worker/accounts/account-limits.ts';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { signedIn, type Caller } from './helpers/signed-in.ts';

const PUBLISH = `mutation($postId: ID!) {
  publishPost(postId: $postId, tags: [], memberOnly: false, unlisted: false) { __typename ... on Post { id isPublished } ... on Forbidden { message } ... on BadRequest { message } }
}`;
const RESPOND = `mutation($id: ID!) { publishPostThreadedResponse(inResponseToPostId: $id, text: "A limited reply") { id } }`;
const RESPOND_ON_LIST = `mutation($id: ID!) { publishCatalogResponse(catalogId: $id, text: "A limited reply") { id } }`;
const CREATE_LIST = `mutation($input: CreateCatalogInput!) { createCatalog(input: $input) { ... on Catalog { id } } }`;
const CREATE_TOKEN = `mutation { createIntegrationToken(description: "tool") { ... on CreatedIntegrationToken { token } } }`;

let writer: Caller;
let token: string;
let listId: string;

const limit = (on: boolean) => testDb.prepare('UPDATE users SET limited_at = ? WHERE id = ?').bind(on ? Date.now() : null, USERS.writer).run();
const writersPosts = async () => (await testDb.prepare('SELECT count(*) AS n FROM posts WHERE creator_id = ?').bind(USERS.writer).first<{ n: number }>())!.n;
const postViaApi = () =>
  workerFetch(`http://localhost:8787/v1/users/${USERS.writer}/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'From a tool', contentFormat: 'markdown', content: '# From a tool\n\nHello.', publishStatus: 'public' }),
  });

beforeAll(async () => {
  await seedWorld(testDb);
  writer = await signedIn(USERS.writer);
  token = (await writer.gql(CREATE_TOKEN)).data.createIntegrationToken.token;
  const member = await signedIn(USERS.member);
  listId = (await member.gql(CREATE_LIST, { input: { name: 'Open to responses', visibility: 'PUBLIC' } })).data.createCatalog.id;
  await limit(true);
});

describe('a limited account', () => {
  it('cannot publish from the editor: Forbidden with the message, the draft stays a draft', async () => {
    expect((await writer.gql(PUBLISH, { postId: POSTS.draft })).data?.publishPost).toEqual({ __typename: 'Forbidden', message: LIMITED_ACCOUNT_MESSAGE });
    expect(await testDb.prepare('SELECT status FROM posts WHERE id = ?').bind(POSTS.draft).first()).toEqual({ status: 'DRAFT' });
  });

  it("cannot respond in a story's thread nor on a list, and nothing is written", async () => {
    const before = await writersPosts();
    for (const [query, id] of [
      [RESPOND, POSTS.open],
      [RESPOND_ON_LIST, listId],
    ] as const) {
      const answer = await writer.gql(query, { id });
      expect(answer.data).toBeNull();
      expect(answer.errors?.[0]).toMatchObject({ message: LIMITED_ACCOUNT_MESSAGE, extensions: { code: 'FORBIDDEN' } });
    }
    expect(await writersPosts()).toBe(before);
  });

  it('cannot post through /v1: 403 6026 with the same message', async () => {
    const before = await writersPosts();
    const response = await postViaApi();
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ errors: [{ message: LIMITED_ACCOUNT_MESSAGE, code: 6026 }] });
    expect(await writersPosts()).toBe(before);
  });
});

describe('restored', () => {
  it('publishes, responds and posts again', async () => {
    await limit(false);
    expect((await writer.gql(PUBLISH, { postId: POSTS.draft })).data?.publishPost).toMatchObject({ __typename: 'Post', isPublished: true });
    expect((await writer.gql(RESPOND, { id: POSTS.open })).errors).toBeUndefined();
    expect((await writer.gql(RESPOND_ON_LIST, { id: listId })).errors).toBeUndefined();
    expect((await postViaApi()).status).toBe(201);
  });
});
