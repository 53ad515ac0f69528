// Reserved and deceptive names (issue 29 item 3): one function decides usernames on every path
// that makes one (sign-up, a username change, a confirmed newsletter invitation), and one rule
// (shared/user-text.ts) cleans every user-visible text field of control and bidirectional
// characters on every path that writes one.
import { beforeAll, describe, expect, it } from 'vitest';
import { confirmInvitation } from '../../worker/newsletters/invitations.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { signedIn, type Caller } from './helpers/signed-in.ts';

const ORIGIN = 'http://localhost:8787';
/** A display name that reads "Vellum STAFF" with the override, and hides a NUL and an isolate. */
const DECEPTIVE = 'Vellum \u202EFFATS\u202C\u0000\u2066!\u2069';
const CLEAN = 'Vellum FFATS!';
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

let writer: Caller;
beforeAll(async () => {
  await seedWorld(testDb);
  writer = await signedIn(USERS.writer);
});

const row = <T>(sql: string, ...params: unknown[]) => testDb.prepare(sql).bind(...params).first<T>();

describe('usernames', () => {
  it('a confirmed newsletter invitation never makes a reserved username, and cleans the name', async () => {
    let n = 0;
    for (const name of ['www', 'Vellum', DECEPTIVE]) {
      n++;
      const email = `invitee${n}@elsewhere.test`;
      await confirmInvitation(testDb, { id: `inv_hostile_${n}`, email, name, newsletterId: USERS.writer, confirmedAt: null }, Date.now());
      const user = (await row<{ username: string; name: string }>('SELECT username, name FROM users WHERE email = ?', email))!;
      expect(['www', 'vellum']).not.toContain(user.username.toLowerCase());
      expect(user.username).toMatch(/^[a-z0-9_]+$/);
      expect(user.name).not.toMatch(UNSAFE);
    }
    expect((await row<{ name: string }>('SELECT name FROM users WHERE email = ?', 'invitee3@elsewhere.test'))!.name).toBe(CLEAN);
  });

  it('a username change to www or Vellum is refused', async () => {
    for (const username of ['www', 'Vellum']) {
      const answer = await writer.gql(`mutation($u: String!) { changeUsername(username: $u) { __typename ... on BadRequest { message } } }`, { u: username });
      expect(answer.data.changeUsername).toEqual({ __typename: 'BadRequest', message: 'That username is already taken.' });
    }
  });
});

describe('user-visible text is cleaned on every write path', () => {
  it('display name and bio', async () => {
    const answer = await writer.gql(`mutation($n: String!, $b: String!) { updateProfile(name: $n, bio: $b) { __typename } }`, { n: DECEPTIVE, b: `Writes\u0000 \u202Eelbisivni` });
    expect(answer.data.updateProfile.__typename).toBe('AccountSettings');
    const user = (await row<{ name: string; bio: string }>('SELECT name, bio FROM users WHERE id = ?', USERS.writer))!;
    expect(user).toEqual({ name: CLEAN, bio: 'Writes elbisivni' });
  });

  it('story title, subtitle and paragraphs (responses are stories too)', async () => {
    const content = { paragraphs: [{ name: '', type: 'P', text: `Text\u0000 with \u202Eoverride\u202C`, markups: [] }] };
    const answer = await writer.gql(
      `mutation($t: String!, $s: String!, $c: String!) { saveDraft(postId: null, baseRev: 0, title: $t, subtitle: $s, contentJson: $c) { __typename ... on DraftSaved { post { id } } ... on BadRequest { message } } }`,
      { t: `Title\u0000\u202E`, s: `Sub\u2066title\u2069`, c: JSON.stringify(content) },
    );
    expect(answer.data.saveDraft.__typename).toBe('DraftSaved');
    const post = (await row<{ title: string; subtitle: string; content: string }>('SELECT title, subtitle, content FROM posts WHERE id = ?', answer.data.saveDraft.post.id))!;
    expect([post.title, post.subtitle]).toEqual(['Title', 'Subtitle']);
    expect(JSON.parse(post.content).paragraphs[0].text).toBe('Text with override');
  });

  it('list name and description', async () => {
    const answer = await writer.gql(`mutation($i: CreateCatalogInput!) { createCatalog(input: $i) { __typename ... on Catalog { id } } }`, {
      i: { name: `My \u202Elist`, description: `About\u0000 it` },
    });
    expect(answer.data.createCatalog.__typename).toBe('Catalog');
    expect(await row('SELECT name, description FROM catalogs WHERE id = ?', answer.data.createCatalog.id)).toEqual({ name: 'My list', description: 'About it' });
  });

  it('publication name and tagline, made and changed', async () => {
    const made = await writer.gql(`mutation { createPublication(name: "The \u202EGazette", slug: "hostile-gazette", tagline: "News\u0000 daily") { __typename ... on Collection { id } ... on BadRequest { message } } }`);
    expect(made.data.createPublication.__typename).toBe('Collection');
    const id = made.data.createPublication.id;
    expect(await row('SELECT name, description FROM collections WHERE id = ?', id)).toEqual({ name: 'The Gazette', description: 'News daily' });
    const changed = await writer.gql(`mutation($id: ID!) { updatePublication(collectionId: $id, name: "The \u2066Herald\u2069", tagline: "Every\u202D day") { __typename } }`, { id });
    expect(changed.data.updatePublication.__typename).toBe('Collection');
    expect(await row('SELECT name, description FROM collections WHERE id = ?', id)).toEqual({ name: 'The Herald', description: 'Every day' });
  });

  it('a story posted through /v1', async () => {
    const created = await writer.gql(`mutation { createIntegrationToken(description: "names") { ... on CreatedIntegrationToken { token } } }`);
    const response = await workerFetch(`${ORIGIN}/v1/users/${USERS.writer}/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${created.data.createIntegrationToken.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `API\u0000 \u202Etitle`, contentFormat: 'markdown', content: `Body \u202Etext`, publishStatus: 'draft' }),
    });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { id: string } };
    const post = (await row<{ title: string; content: string }>('SELECT title, content FROM posts WHERE id = ?', data.id))!;
    expect(post.title).toBe('API title');
    expect(post.content).not.toMatch(UNSAFE);
  });
});
