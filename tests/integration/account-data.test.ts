// The reader's own data (docs/adr/0079-account-settings.md and docs/adr/0085-download-my-data.md photo, §6 export):
//   - SetProfilePhoto takes only an image the viewer uploaded (POST /_/upload); another reader's
//     upload and made-up ids are refused; the search record shows the new photo at once;
//   - POST /me/export builds a ZIP of the profile, every story (JSON + Markdown) and the lists;
//     only its owner can download it (anyone else, signed out, or a forged request gets nothing).
import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { signedIn } from './helpers/signed-in.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { EXPORT_MAX_BYTES } from '../../worker/accounts/account-export.ts';
import { storyMarkdown } from '../../worker/accounts/story-markdown.ts';

const ORIGIN = 'http://localhost:8787';
// A 2×2 PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

const SET_PHOTO = /* GraphQL */ `
  mutation ($imageId: String) {
    setProfilePhoto(imageId: $imageId) {
      __typename
      ... on AccountSettings { imageId }
      ... on BadRequest { message }
    }
  }
`;

async function sessionHeaders(userId: string): Promise<Record<string, string>> {
  const session = await createSession(testDb, userId);
  return { cookie: `sid=${session.token}`, 'x-xsrf-token': session.xsrf };
}

async function upload(headers: Record<string, string>): Promise<string> {
  const body = new FormData();
  body.append('file', new File([PNG as Uint8Array<ArrayBuffer>], 'me.png', { type: 'image/png' }));
  const response = await workerFetch(`${ORIGIN}/_/upload`, { method: 'POST', headers, body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

beforeAll(async () => {
  await seedWorld(testDb);
});

describe('SetProfilePhoto', () => {
  it("sets an image the viewer uploaded, and the user's search record shows it", async () => {
    const headers = await sessionHeaders(USERS.writer);
    const imageId = await upload(headers);
    const caller = await signedIn(USERS.writer);
    const answer = await caller.gql(SET_PHOTO, { imageId });
    expect(answer.data?.setProfilePhoto).toEqual({ __typename: 'AccountSettings', imageId });
    expect((await testDb.prepare('SELECT image_id FROM users WHERE id = ?').bind(USERS.writer).first<{ image_id: string }>())?.image_id).toBe(imageId);
    const record = await testDb
      .prepare("SELECT record FROM search_records WHERE index_kind = 'user' AND object_id = ?")
      .bind(USERS.writer)
      .first<{ record: string }>();
    expect(JSON.parse(record!.record).imageId).toBe(imageId);
    // null goes back to the initial.
    expect((await caller.gql(SET_PHOTO, { imageId: null })).data?.setProfilePhoto).toEqual({ __typename: 'AccountSettings', imageId: null });
  });

  it("refuses another reader's upload and ids that were never uploaded, changing nothing", async () => {
    const theirs = await upload(await sessionHeaders(USERS.friend));
    const caller = await signedIn(USERS.reader);
    const before = await testDb.prepare('SELECT image_id FROM users WHERE id = ?').bind(USERS.reader).first();
    for (const imageId of [theirs, 'aaaaaaaaaaaaaaaaaaaaaaaa.png', '../../etc/passwd']) {
      const answer = await caller.gql(SET_PHOTO, { imageId });
      expect(answer.data?.setProfilePhoto.__typename).toBe('BadRequest');
    }
    expect(await testDb.prepare('SELECT image_id FROM users WHERE id = ?').bind(USERS.reader).first()).toEqual(before);
  });

  it('is refused to a signed-out caller', async () => {
    const response = await workerFetch(`${ORIGIN}/_/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': '1' },
      body: JSON.stringify({ query: SET_PHOTO, variables: { imageId: null } }),
    });
    const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('Download my data (/me/export)', () => {
  async function requestExport(headers: Record<string, string>): Promise<Response> {
    return workerFetch(`${ORIGIN}/me/export`, { method: 'POST', headers });
  }

  it("builds a ZIP of the writer's profile, stories (JSON and Markdown) and lists that only they can fetch", async () => {
    await testDb
      .prepare("INSERT OR IGNORE INTO catalogs (id, creator_id, name, description, type, visibility, created_at, updated_at) VALUES ('cf0000000001', ?, 'Export list', '', 'LISTS', 'PRIVATE', 1, 1)")
      .bind(USERS.writer)
      .run();
    await testDb.prepare("INSERT OR IGNORE INTO catalog_items (id, catalog_id, post_id, note, created_at) VALUES ('cf0000000002', 'cf0000000001', ?, 'keep', 2)").bind(POSTS.open).run();

    const headers = await sessionHeaders(USERS.writer);
    const created = await requestExport(headers);
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toContain('no-store');
    const summary = (await created.json()) as { id: string; url: string; storyCount: number; byteSize: number };
    expect(summary.url).toBe(`/me/export/${summary.id}`);
    const { n } = (await testDb.prepare('SELECT count(*) AS n FROM posts WHERE creator_id = ?').bind(USERS.writer).first<{ n: number }>())!;
    expect(summary.storyCount).toBe(n);

    const download = await workerFetch(ORIGIN + summary.url, { headers });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="vellum-[\w-]+-\d{4}-\d{2}-\d{2}\.zip"$/);
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(bytes.byteLength).toBe(summary.byteSize);
    const files = unzipSync(bytes);
    const names = Object.keys(files);
    expect(names).toEqual(expect.arrayContaining(['profile.json', 'lists.json', 'stories/index.json', 'README.txt']));
    const profile = JSON.parse(strFromU8(files['profile.json']!));
    const user = await testDb.prepare('SELECT username, name FROM users WHERE id = ?').bind(USERS.writer).first<{ username: string; name: string }>();
    expect(profile).toMatchObject({ id: USERS.writer, username: user!.username, name: user!.name });

    // Every story twice: structured content and Markdown, drafts and the trash included.
    const story = await testDb.prepare('SELECT title, content FROM posts WHERE id = ?').bind(POSTS.open).first<{ title: string; content: string }>();
    const jsonName = names.find((name) => name.endsWith(`-${POSTS.open}.json`))!;
    const storyJson = JSON.parse(strFromU8(files[jsonName]!));
    expect(storyJson.content).toEqual(JSON.parse(story!.content));
    expect(storyJson.title).toBe(story!.title);
    const markdown = strFromU8(files[jsonName.replace(/\.json$/, '.md')]!);
    expect(markdown.startsWith('# ')).toBe(true);
    expect(names.some((name) => name.endsWith(`-${POSTS.draft}.md`))).toBe(true);
    expect(names.some((name) => name.endsWith(`-${POSTS.trashed}.md`))).toBe(true);
    // No story of someone else.
    expect(names.some((name) => name.includes(POSTS.response))).toBe(false);

    const lists = JSON.parse(strFromU8(files['lists.json']!)) as { name: string; items: { postId: string; note: string }[] }[];
    expect(lists.find((list) => list.name === 'Export list')?.items).toEqual([expect.objectContaining({ postId: POSTS.open, note: 'keep' })]);

    // Anyone else: the 404 page, whether signed in as another reader or as a staff member.
    for (const other of [await sessionHeaders(USERS.reader), await sessionHeaders(USERS.staff)]) {
      const refused = await workerFetch(ORIGIN + summary.url, { headers: other });
      expect(refused.status).toBe(404);
      expect(refused.headers.get('content-type')).not.toBe('application/zip');
    }
    // Signed out: sent to sign in (a /me page), never the file.
    const signedOut = await workerFetch(ORIGIN + summary.url, { redirect: 'manual' });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toContain('/m/signin');
    // Asking again within minutes answers the same archive instead of building another.
    expect(((await (await requestExport(headers)).json()) as { id: string }).id).toBe(summary.id);
  });

  it('refuses a signed-out or forged request, storing nothing', async () => {
    const count = async () => (await testDb.prepare('SELECT count(*) AS n FROM account_exports').first<{ n: number }>())!.n;
    const before = await count();
    expect((await requestExport({ 'x-xsrf-token': '1' })).status).toBe(401);
    const headers = await sessionHeaders(USERS.reader);
    expect((await requestExport({ cookie: headers.cookie! })).status).toBe(403);
    expect((await requestExport({ cookie: headers.cookie!, 'x-xsrf-token': 'forged' })).status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('is bounded in size', () => {
    expect(EXPORT_MAX_BYTES).toBeLessThanOrEqual(128 * 1024 * 1024);
  });
});

describe('storyMarkdown', () => {
  it('renders headings, markups and lists, with hostile text escaped and unsafe links dropped', () => {
    const markdown = storyMarkdown(
      {
        title: 'A *title*',
        subtitle: '',
        content: {
          paragraphs: [
            { name: 'a', type: 'H3', text: 'Section', markups: [] },
            { name: 'b', type: 'P', text: 'bold and link and bad', markups: [{ type: 'STRONG', start: 0, end: 4 }, { type: 'A', start: 9, end: 13, href: 'https://example.com/x' }, { type: 'A', start: 18, end: 21, href: 'javascript:alert(1)' }] },
            { name: 'c', type: 'ULI', text: 'one', markups: [] },
            { name: 'd', type: 'ULI', text: '<script>two</script>', markups: [] },
            { name: 'e', type: 'PRE', text: 'let x = 1 * 2;', markups: [], codeLanguage: 'js' },
          ],
        },
      },
      (id) => `/img/${id}`,
    );
    expect(markdown).toBe(
      '# A \\*title\\*\n\n### Section\n\n**bold** and [link](https://example.com/x) and bad\n\n- one\n- \\<script\\>two\\</script\\>\n\n```js\nlet x = 1 * 2;\n```\n',
    );
  });
});

describe('connected sign-in methods (Settings → Security and apps)', () => {
  const LIST = '{ accountSettings { connectedProviders { provider email connectedAt } } }';
  const DISCONNECT = /* GraphQL */ `
    mutation ($provider: String!) {
      disconnectSignInProvider(provider: $provider) {
        __typename
        ... on AccountSettings { connectedProviders { provider } }
        ... on BadRequest { message }
      }
    }
  `;

  it("lists the viewer's linked providers and disconnects one; never another reader's", async () => {
    await testDb.batch([
      testDb.prepare("INSERT OR IGNORE INTO social_identities (provider, subject, user_id, email, created_at) VALUES ('google', 'g-friend', ?, 'friend@gmail.test', 5)").bind(USERS.friend),
      testDb.prepare("INSERT OR IGNORE INTO social_identities (provider, subject, user_id, email, created_at) VALUES ('twitter', 't-friend', ?, NULL, 6)").bind(USERS.friend),
      testDb.prepare("INSERT OR IGNORE INTO social_identities (provider, subject, user_id, email, created_at) VALUES ('facebook', 'f-member', ?, NULL, 7)").bind(USERS.member),
    ]);
    const friend = await signedIn(USERS.friend);
    expect((await friend.gql(LIST)).data?.accountSettings.connectedProviders).toEqual([
      { provider: 'google', email: 'friend@gmail.test', connectedAt: 5 },
      { provider: 'twitter', email: null, connectedAt: 6 },
    ]);
    // Facebook is the member's, not the friend's: nothing to disconnect, nothing removed.
    expect((await friend.gql(DISCONNECT, { provider: 'facebook' })).data?.disconnectSignInProvider.__typename).toBe('BadRequest');
    expect(await testDb.prepare("SELECT count(*) AS n FROM social_identities WHERE subject = 'f-member'").first()).toEqual({ n: 1 });
    expect((await friend.gql(DISCONNECT, { provider: 'twitter' })).data?.disconnectSignInProvider).toEqual({ __typename: 'AccountSettings', connectedProviders: [{ provider: 'google' }] });
  });

  it('keeps the last provider of an account without an email (it could not sign in otherwise)', async () => {
    await testDb.prepare('UPDATE users SET email = NULL WHERE id = ?').bind(USERS.member).run();
    const member = await signedIn(USERS.member);
    const answer = await member.gql(DISCONNECT, { provider: 'facebook' });
    expect(answer.data?.disconnectSignInProvider).toMatchObject({ __typename: 'BadRequest', message: 'Add an email address first: it is the only other way to sign in.' });
    expect(await testDb.prepare("SELECT count(*) AS n FROM social_identities WHERE subject = 'f-member'").first()).toEqual({ n: 1 });
  });
});
