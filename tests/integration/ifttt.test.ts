// The IFTTT service (docs/adr/0089-ifttt.md) in IFTTT's protocol shapes: status and test
// setup behind the service key (401 on a bad one), user info, the triggers "new story by me" and
// "new story from people I follow" (listed stories only, newest first, limit, meta), and the action
// "publish a story" (hostile HTML inert; SKIP for what can never succeed; a limited account
// skipped) — authorized by a token the reader gave through OAuth (§9).
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITED_ACCOUNT_MESSAGE } from '../../worker/accounts/account-limits.ts';
import { base64url } from '../../worker/lib/crypto.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { signedIn } from './helpers/signed-in.ts';

const ORIGIN = 'http://localhost:8787';
const KEY = 'vellum-development-ifttt-key';
const REDIRECT = 'https://ifttt.com/channels/vellum/authorize';
const VERIFIER = 'a-verifier-that-is-long-enough-for-pkce-0123456789';

/** A token the user gives IFTTT through OAuth: register, allow, exchange. */
async function oauthToken(userId: string, scope: string): Promise<string> {
  const developer = await signedIn(USERS.staff);
  const app = (
    await developer.gql(`mutation ($r: String!) { createOAuthApplication(name: "IFTTT", redirectUri: $r) { ... on CreatedOAuthApplication { clientSecret application { id } } } }`, { r: REDIRECT })
  ).data.createOAuthApplication;
  const session = await createSession(testDb, userId);
  const challenge = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(VERIFIER)));
  const form = new URLSearchParams({ response_type: 'code', client_id: app.application.id, redirect_uri: REDIRECT, scope, state: 's', code_challenge: challenge, code_challenge_method: 'S256', xsrf: session.xsrf, decision: 'allow' });
  const allowed = await workerFetch(`${ORIGIN}/m/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `sid=${session.token}`, origin: ORIGIN },
    body: form.toString(),
  });
  const code = new URL(allowed.headers.get('location')!).searchParams.get('code')!;
  const exchanged = await workerFetch(`${ORIGIN}/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: app.application.id, client_secret: app.clientSecret, redirect_uri: REDIRECT, code_verifier: VERIFIER }).toString(),
  });
  return ((await exchanged.json()) as { access_token: string }).access_token;
}

function ifttt(path: string, init: { token?: string; key?: string; body?: unknown; method?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.key) headers['ifttt-service-key'] = init.key;
  return workerFetch(ORIGIN + path, { method: init.method ?? (init.body === undefined ? 'GET' : 'POST'), headers, ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }) });
}

type Item = { title: string; url: string; author_username: string; published_at: string; meta: { id: string; timestamp: number } };
const items = async (response: Response) => ((await response.json()) as { data: Item[] }).data;

let writerToken: string;
let memberReadOnly: string;

beforeAll(async () => {
  await seedWorld(testDb);
  writerToken = await oauthToken(USERS.writer, 'basicProfile,publishPost');
  memberReadOnly = await oauthToken(USERS.member, 'basicProfile');
});

describe('service key', () => {
  it('status answers 200 to the key and 401 in IFTTT’s error shape otherwise', async () => {
    expect((await ifttt('/ifttt/v1/status', { key: KEY })).status).toBe(200);
    const bad = await ifttt('/ifttt/v1/status', { key: 'wrong' });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ errors: [{ message: 'Service key was invalid.' }] });
  });

  it('test/setup gives a token of the test account and the samples; a new setup replaces the token', async () => {
    expect((await ifttt('/ifttt/v1/test/setup', { method: 'POST', key: 'wrong' })).status).toBe(401);
    const first = ((await (await ifttt('/ifttt/v1/test/setup', { method: 'POST', key: KEY })).json()) as { data: { accessToken: string; samples: Record<string, unknown> } }).data;
    expect(first.samples).toMatchObject({
      triggers: { new_story_by_me: {}, new_story_from_following: {} },
      actions: { publish_story: { publish_status: 'draft' } },
      actionRecordSkipping: { publish_story: { content: '' } },
    });
    const info = await ifttt('/ifttt/v1/user/info', { token: first.accessToken });
    expect(((await info.json()) as { data: { id: string } }).data.id).toBe(USERS.member);
    const second = ((await (await ifttt('/ifttt/v1/test/setup', { method: 'POST', key: KEY })).json()) as { data: { accessToken: string } }).data;
    expect((await ifttt('/ifttt/v1/user/info', { token: first.accessToken })).status).toBe(401);
    expect((await ifttt('/ifttt/v1/user/info', { token: second.accessToken })).status).toBe(200);
  });
});

describe('user info', () => {
  it('answers the token’s user; a bad token is 401 with errors[].message', async () => {
    const info = await ifttt('/ifttt/v1/user/info', { token: writerToken });
    expect(await info.json()).toEqual({ data: { name: 'Wren Writer', id: USERS.writer, url: `${ORIGIN}/@writer` } });
    const bad = await ifttt('/ifttt/v1/user/info', { token: 'vt_nope' });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ errors: [{ message: 'Token was invalid.' }] });
  });
});

describe('triggers', () => {
  it('new_story_by_me: the writer’s listed stories, newest first, with meta; never drafts, unlisted, responses or trashed ones', async () => {
    const list = await items(await ifttt('/ifttt/v1/triggers/new_story_by_me', { token: writerToken, body: { triggerFields: {}, trigger_identity: 't1' } }));
    const ids = list.map((i) => i.meta.id);
    expect(ids).toContain(POSTS.open);
    expect(ids).toContain(POSTS.locked);
    for (const hidden of [POSTS.draft, POSTS.unlisted, POSTS.trashed, POSTS.suspended]) expect(ids).not.toContain(hidden);
    expect(list.every((i) => i.author_username === 'writer')).toBe(true);
    const stamps = list.map((i) => i.meta.timestamp);
    expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);
    const open = list.find((i) => i.meta.id === POSTS.open)!;
    expect(open.url).toBe(`http://quill.test.localhost:8787/open-story-${POSTS.open}`);
    expect(Math.floor(new Date(open.published_at).getTime() / 1000)).toBe(open.meta.timestamp);
  });

  it('honours limit, 0 included', async () => {
    expect(await items(await ifttt('/ifttt/v1/triggers/new_story_by_me', { token: writerToken, body: { triggerFields: {}, limit: 1 } }))).toHaveLength(1);
    expect(await items(await ifttt('/ifttt/v1/triggers/new_story_by_me', { token: writerToken, body: { triggerFields: {}, limit: 0 } }))).toEqual([]);
    expect((await ifttt('/ifttt/v1/triggers/new_story_by_me', { token: writerToken, body: { triggerFields: 'x' } })).status).toBe(400);
  });

  it('new_story_from_following: stories of the writers the user follows, not their own', async () => {
    await testDb.prepare("INSERT OR IGNORE INTO follows (follower_id, target_type, target_id, created_at) VALUES (?, 'USER', ?, 0)").bind(USERS.member, USERS.writer).run();
    const list = await items(await ifttt('/ifttt/v1/triggers/new_story_from_following', { token: memberReadOnly, body: { triggerFields: {} } }));
    expect(list.map((i) => i.meta.id)).toContain(POSTS.open);
    expect(list.every((i) => i.author_username !== 'member')).toBe(true);
  });

  it('an unknown trigger is 404; a bad token 401', async () => {
    expect((await ifttt('/ifttt/v1/triggers/everything', { token: writerToken, body: {} })).status).toBe(404);
    expect((await ifttt('/ifttt/v1/triggers/new_story_by_me', { token: 'vt_x', body: {} })).status).toBe(401);
  });
});

describe('action publish_story', () => {
  const publish = (token: string, actionFields: unknown) => ifttt('/ifttt/v1/actions/publish_story', { token, body: { actionFields, user: { timezone: 'UTC' } } });

  it('publishes the story (hostile HTML inert) and answers its id and url; it shows in the trigger', async () => {
    const response = await publish(writerToken, { title: 'Sent from IFTTT', content: '<p>Hello <script>alert(1)</script><a href="javascript:alert(2)">there</a>.</p>', tags: 'ifttt, automation', publish_status: 'public' });
    expect(response.status).toBe(200);
    const [created] = ((await response.json()) as { data: { id: string; url: string }[] }).data;
    expect(created!.url).toContain(created!.id);
    const row = await testDb.prepare('SELECT status, creator_id, content FROM posts WHERE id = ?').bind(created!.id).first<{ status: string; creator_id: string; content: string }>();
    expect(row).toMatchObject({ status: 'PUBLISHED', creator_id: USERS.writer });
    expect(row!.content).not.toContain('script');
    expect(row!.content).not.toContain('javascript:');
    const [newest] = await items(await ifttt('/ifttt/v1/triggers/new_story_by_me', { token: writerToken, body: { triggerFields: {}, limit: 1 } }));
    expect(newest!.meta.id).toBe(created!.id);
  });

  it('needs the publishPost scope and actionFields', async () => {
    expect((await publish(memberReadOnly, { title: 't', content: '<p>x</p>' })).status).toBe(401);
    const missing = await ifttt('/ifttt/v1/actions/publish_story', { token: writerToken, body: {} });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ errors: [{ message: 'actionFields is required.' }] });
  });

  it('skips what can never succeed: an empty story, and a limited account', async () => {
    const empty = await publish(writerToken, { title: 'A story from IFTTT', content: '', tags: '', publish_status: 'draft' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ errors: [{ status: 'SKIP' }] });
    await testDb.prepare('UPDATE users SET limited_at = 1 WHERE id = ?').bind(USERS.writer).run();
    const limited = await publish(writerToken, { title: 'Hello', content: '<p>Hello</p>' });
    expect(limited.status).toBe(400);
    expect(await limited.json()).toEqual({ errors: [{ status: 'SKIP', message: LIMITED_ACCOUNT_MESSAGE }] });
    await testDb.prepare('UPDATE users SET limited_at = NULL WHERE id = ?').bind(USERS.writer).run();
  });
});
