// Mastodon for members (docs/adr/0180-mastodon-for-members.md) over HTTP, as a browser and the
// worker make it, against the local stand-in instance the worker serves at /_/dev/mastodon (the
// integration bindings are development's: MASTODON_INSTANCE=local, enable_mastodon_for_members on).
// A member connects an existing account (our GraphQL → the instance's authorize page → our
// callback, whose token exchange and verify_credentials run against the stand-in) and claims one
// on the members' instance (POST /api/v1/accounts, with Mastodon's 422 validation problems).
// Hostile input: forged, replayed and other members' state, a replayed code, private instance
// addresses: refused, nothing stored.
import { beforeAll, describe, expect, it } from 'vitest';
import app from '../../worker/index.ts';
import type { Env } from '../../worker/env.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { GRAPHQL_URL, testDb, testEnv, workerFetch } from './helpers/graphql-client.ts';
import { followOneRedirect } from './helpers/redirects.ts';

const ORIGIN = 'http://localhost:8787';
const STAND_IN = `${ORIGIN}/_/dev/mastodon`;
const EXECUTION = { waitUntil() {}, passThroughOnException() {}, props: {} };

interface Person {
  cookie: string;
  gql<T = any>(query: string, variables?: Record<string, unknown>): Promise<T>;
}

async function as(userId: string): Promise<Person> {
  const session = await createSession(testDb, userId);
  const cookie = `sid=${session.token}`;
  return {
    cookie,
    async gql(query, variables = {}) {
      const response = await workerFetch(GRAPHQL_URL, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': session.xsrf }, body: JSON.stringify({ query, variables }) });
      const body = (await response.json()) as { data?: any; errors?: any[] };
      return body.errors ? ({ errors: body.errors } as any) : body.data;
    },
  };
}

const CONNECT = `mutation($instance: String!) { connectMastodonAccount(instance: $instance) { __typename ... on MastodonAuthorization { authorizeUrl } ... on MastodonInstanceConnectionError { message domain } } }`;
const CLAIM = `mutation($username: String!) { claimMastodonAccount(username: $username) { __typename ... on MastodonAccount { username domain url } ... on MastodonAccountValidationError { message problems { field code message } } ... on MastodonInstanceConnectionError { message } ... on MastodonAccountConnectionError { message } } }`;
const OFFER = `{ mastodonForMembers { membersInstanceDomain localInstanceDomain signedIn viewerIsMember account { username domain url } } }`;

const linked = (userId: string) => testDb.prepare('SELECT username, domain FROM mastodon_accounts WHERE user_id = ?').bind(userId).first<{ username: string; domain: string }>();
const count = async (sql: string) => (await testDb.prepare(sql).first<{ n: number }>())!.n;

/** Starts a connection on the stand-in and allows it for the stand-in account `username`: answers our callback's URL. */
async function allowOnStandIn(person: Person, username: string): Promise<string> {
  const started = await person.gql(CONNECT, { instance: 'mastodon.localhost' });
  expect(started.connectMastodonAccount.__typename).toBe('MastodonAuthorization');
  const authorize = new URL(started.connectMastodonAccount.authorizeUrl);
  expect(authorize.origin + authorize.pathname).toBe(`${STAND_IN}/oauth/authorize`);
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/m/callback/mastodon`);
  expect(authorize.searchParams.get('scope')).toBe('read:accounts');
  const page = await workerFetch(authorize.href);
  const html = await page.text();
  expect(page.status).toBe(200);
  expect(html).toContain('Authorization required');
  const account = new RegExp(`name="account" value="(\\d+)"><strong>[^<]*</strong><br /><span>@${username}@`).exec(html);
  expect(account, `the authorize page lists @${username}`).not.toBeNull();
  const form = new URLSearchParams(authorize.searchParams);
  form.set('account', account![1]!);
  const allowed = await workerFetch(`${STAND_IN}/oauth/authorize`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN }, body: form.toString(), redirect: 'manual' });
  expect(allowed.status).toBe(303);
  return allowed.headers.get('location')!;
}


beforeAll(async () => {
  await seedWorld(testDb);
}, 60_000);

describe('the local stand-in instance', () => {
  it("answers Mastodon's app, token and account calls with Mastodon's shapes and errors", async () => {
    const registered = await workerFetch(`${STAND_IN}/api/v1/apps`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'Probe', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob', scopes: 'read write:accounts' }) });
    expect(registered.status).toBe(200);
    const app = (await registered.json()) as { client_id: string; client_secret: string; name: string };
    expect(app).toMatchObject({ name: 'Probe', client_id: expect.any(String), client_secret: expect.any(String) });
    const wrongSecret = await workerFetch(`${STAND_IN}/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: app.client_id, client_secret: 'nope' }) });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
    const token = (await (await workerFetch(`${STAND_IN}/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: app.client_id, client_secret: app.client_secret, scope: 'write:accounts' }) })).json()) as { access_token: string; token_type: string };
    expect(token.token_type).toBe('Bearer');
    const taken = await workerFetch(`${STAND_IN}/api/v1/accounts`, { method: 'POST', headers: { authorization: `Bearer ${token.access_token}` }, body: new URLSearchParams({ username: 'mel', email: 'probe@example.com', password: 'long enough password', agreement: 'true' }) });
    expect(taken.status).toBe(422);
    expect(await taken.json()).toMatchObject({ error: expect.stringMatching(/^Validation failed: Username/), details: { username: [{ error: 'ERR_TAKEN' }] } });
    // An app token is no one: verify_credentials needs a user's token.
    expect((await workerFetch(`${STAND_IN}/api/v1/accounts/verify_credentials`, { headers: { authorization: 'Bearer forged' } })).status).toBe(401);
    // Without MASTODON_INSTANCE=local (which only development honours) it does not exist.
    const withoutStandIn = { ...testEnv, MASTODON_INSTANCE: 'https://members.example.org' } as Env;
    expect((await app_fetch(`${STAND_IN}/api/v1/apps`, withoutStandIn, { method: 'POST' })).status).toBe(404);
  });

  it('has an about page at its address that lists its accounts, each linked to its profile', async () => {
    for (const address of [STAND_IN, `${STAND_IN}/`]) {
      const about = await workerFetch(address);
      expect(about.status).toBe(200);
      const page = await about.text();
      expect(page).toContain('<h1>mastodon.localhost</h1>');
      expect(page).toContain(`<a href="/_/dev/mastodon/@rae">Rae Reader</a>`);
    }
    const profile = await workerFetch(`${STAND_IN}/@rae`);
    expect(await profile.text()).toContain('@rae@mastodon.localhost');
    const withoutStandIn = { ...testEnv, MASTODON_INSTANCE: 'https://members.example.org' } as Env;
    expect((await app_fetch(STAND_IN, withoutStandIn)).status).toBe(404);
  });
});

function app_fetch(url: string, env: Env, init: RequestInit = {}): Promise<Response> {
  return app.fetch(new Request(url, { ...init, redirect: 'manual' }), env, EXECUTION as never) as Promise<Response>;
}

describe('a member connects an account they have', () => {
  it('through the instance: authorize, callback, token, verify_credentials; only the name is kept', async () => {
    const member = await as(USERS.member);
    expect((await member.gql(OFFER)).mastodonForMembers).toMatchObject({ membersInstanceDomain: 'mastodon.localhost', signedIn: true, viewerIsMember: true, account: null });
    const back = await allowOnStandIn(member, 'rae');
    expect(await followOneRedirect(member, back)).toBe('/mastodon?connected=true');
    expect(await linked(USERS.member)).toEqual({ username: 'rae', domain: 'mastodon.localhost' });
    expect((await member.gql(OFFER)).mastodonForMembers.account).toEqual({ username: 'rae', domain: 'mastodon.localhost', url: `${STAND_IN}/@rae` });
    // "Go to …" leads to the account's page on the instance.
    const profile = await workerFetch(`${STAND_IN}/@rae`);
    expect(await profile.text()).toContain('@rae@mastodon.localhost');
    // The callback again (the same state and code): the state is spent, nothing changes.
    expect(await followOneRedirect(member, back)).toBe('/mastodon?mastodonError=EXPIRED_STATE');
    // Disconnecting forgets it.
    expect((await member.gql('mutation { disconnectMastodonAccount }')).disconnectMastodonAccount).toBe(true);
    expect(await linked(USERS.member)).toBeNull();
    // The page shows the result.
    const page = await workerFetch(`${ORIGIN}/mastodon`, { headers: { cookie: member.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Connect an account you already have');
  });

  it('refuses a forged state, another member’s state, a replayed code and a denial; nothing is stored', async () => {
    const member = await as(USERS.member);
    const friend = await as(USERS.friend);
    const back = new URL(await allowOnStandIn(member, 'rae'));
    // Forged: a state we never gave.
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state');
    expect(await followOneRedirect(member, forged.href)).toBe('/mastodon?mastodonError=EXPIRED_STATE');
    // Another member brings this member's round trip back: refused (and the state is spent).
    expect(await followOneRedirect(friend, back.href)).toBe('/mastodon?mastodonError=EXPIRED_STATE');
    expect(await followOneRedirect(null, back.href)).toBe('/mastodon?mastodonError=EXPIRED_STATE');
    // A replayed code under a fresh state: the instance refuses it (invalid_grant).
    const used = new URL(await allowOnStandIn(member, 'mel'));
    expect(await followOneRedirect(member, used.href)).toBe('/mastodon?connected=true');
    expect(await linked(USERS.member)).toEqual({ username: 'mel', domain: 'mastodon.localhost' });
    await member.gql('mutation { disconnectMastodonAccount }');
    const replay = new URL(await allowOnStandIn(member, 'rae'));
    replay.searchParams.set('code', used.searchParams.get('code')!);
    expect(await followOneRedirect(member, replay.href)).toBe('/mastodon?mastodonError=ACCOUNT_CONNECTION');
    expect(await linked(USERS.member)).toBeNull();
    // The member said no on the instance.
    const denied = new URL(await allowOnStandIn(member, 'rae'));
    denied.searchParams.delete('code');
    denied.searchParams.set('error', 'access_denied');
    expect(await followOneRedirect(member, denied.href)).toBe('/mastodon?mastodonError=DENIED');
    expect(await linked(USERS.member)).toBeNull();
    expect(await linked(USERS.friend)).toBeNull();
  });

  it('refuses an instance on a private address before any connection', async () => {
    const member = await as(USERS.member);
    const apps = await count('SELECT COUNT(*) AS n FROM mastodon_apps');
    const states = await count('SELECT COUNT(*) AS n FROM mastodon_states');
    for (const instance of ['127.0.0.1', 'localhost', '10.1.2.3', '169.254.169.254', '[::1]', 'intranet', 'mastodon.internal', 'https://example.com:8443', 'http://192.168.0.10/']) {
      const answer = (await member.gql(CONNECT, { instance })).connectMastodonAccount;
      expect(answer.__typename, instance).toBe('MastodonInstanceConnectionError');
      expect(answer.message, instance).toMatch(/couldn’t reach|Enter the address/);
    }
    expect(await count('SELECT COUNT(*) AS n FROM mastodon_apps')).toBe(apps);
    expect(await count('SELECT COUNT(*) AS n FROM mastodon_states')).toBe(states);
  });

  it('is for active members, signed in, with the flag on', async () => {
    const reader = await as(USERS.reader);
    const refused = await reader.gql(CONNECT, { instance: 'mastodon.localhost' });
    expect(refused.errors?.[0]?.message).toMatch(/for members/);
    expect((await reader.gql(OFFER)).mastodonForMembers).toMatchObject({ signedIn: true, viewerIsMember: false });
    const anonymous = await workerFetch(GRAPHQL_URL, { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': '1' }, body: JSON.stringify({ query: CONNECT, variables: { instance: 'mastodon.localhost' } }) });
    expect(((await anonymous.json()) as any).errors?.[0]).toBeDefined();
    const flagOff = { ...testEnv, FLAGS: '' } as Env;
    expect((await app_fetch(`${ORIGIN}/m/callback/mastodon?state=x&code=y`, flagOff)).status).toBe(404);
  });
});

describe('a member claims an account on the members’ instance', () => {
  it("shows Mastodon's validation problems in the member's words, then creates and links the account", async () => {
    const friend = await as(USERS.friend);
    const taken = (await friend.gql(CLAIM, { username: 'mel' })).claimMastodonAccount;
    expect(taken.__typename).toBe('MastodonAccountValidationError');
    expect(taken.problems).toEqual([{ field: 'username', code: 'ERR_TAKEN', message: 'That username is already taken on the instance. Try another.' }]);
    const reserved = (await friend.gql(CLAIM, { username: 'admin' })).claimMastodonAccount;
    expect(reserved.problems[0]).toMatchObject({ field: 'username', code: 'ERR_RESERVED' });
    const invalid = (await friend.gql(CLAIM, { username: 'not a name!' })).claimMastodonAccount;
    expect(invalid.problems[0]).toMatchObject({ field: 'username', code: 'ERR_INVALID' });
    expect(await linked(USERS.friend)).toBeNull();
    const claimed = (await friend.gql(CLAIM, { username: 'fern_reads' })).claimMastodonAccount;
    expect(claimed).toEqual({ __typename: 'MastodonAccount', username: 'fern_reads', domain: 'mastodon.localhost', url: `${STAND_IN}/@fern_reads` });
    expect(await linked(USERS.friend)).toEqual({ username: 'fern_reads', domain: 'mastodon.localhost' });
    // The instance has it, and the name is now taken there.
    expect(await testDb.prepare('SELECT COUNT(*) AS n FROM local_mastodon_accounts WHERE username = ?').bind('fern_reads').first('n')).toBe(1);
    const again = (await (await as(USERS.member)).gql(CLAIM, { username: 'fern_reads' })).claimMastodonAccount;
    expect(again.problems[0]).toMatchObject({ code: 'ERR_TAKEN' });
  });
});
