// OAuth for third-party applications (docs/adr/0088-oauth-for-third-party-applications.md): an application registered
// under /me/applications; /m/oauth/authorize (authorization code + PKCE S256) with its consent
// screen naming the application and the scopes; the code exchange at POST /v1/tokens giving a
// token that works on /v1 within its scopes. Attacks: an unknown client or a redirect URI that is
// not the registered one exactly (never redirected to), a forged consent (no anti-forgery value,
// another origin), a wrong verifier or secret, a replayed or expired code (single use; a replay
// ends the token), a deleted application (its tokens end). Refusals in OAuth's shapes.
import { beforeAll, describe, expect, it } from 'vitest';
import { base64url, sha256Hex } from '../../worker/lib/crypto.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { signedIn, type Caller } from './helpers/signed-in.ts';

const ORIGIN = 'http://localhost:8787';
const REDIRECT = 'https://tool.example/callback?from=vellum';
const CREATE_APP = `mutation ($name: String!, $redirectUri: String!) {
  createOAuthApplication(name: $name, redirectUri: $redirectUri) {
    __typename
    ... on CreatedOAuthApplication { clientSecret application { id name redirectUri } }
    ... on BadRequest { message }
  }
}`;

let developer: Caller;
let clientId: string;
let clientSecret: string;
let reader: { token: string; xsrf: string };

const verifier = 'v'.repeat(20) + 'erifier-of-the-tool-0123456789';
async function challengeOf(text: string) {
  return base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

async function authorizeParams(overrides: Record<string, string | null> = {}) {
  const params: Record<string, string | null> = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: 'basicProfile,publishPost',
    state: 'st4te',
    code_challenge: await challengeOf(verifier),
    code_challenge_method: 'S256',
    ...overrides,
  };
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null) search.set(k, v);
  return search;
}

function getAuthorize(params: URLSearchParams, sessionToken?: string) {
  return workerFetch(`${ORIGIN}/m/oauth/authorize?${params}`, { redirect: 'manual', headers: sessionToken ? { cookie: `sid=${sessionToken}` } : {} });
}

function postAuthorize(params: URLSearchParams, extra: Record<string, string>, headers: Record<string, string> = { origin: ORIGIN }) {
  const body = new URLSearchParams(params);
  for (const [k, v] of Object.entries(extra)) body.set(k, v);
  return workerFetch(`${ORIGIN}/m/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `sid=${reader.token}`, ...headers },
    body: body.toString(),
  });
}

/** The reader allows: the code from the redirect. */
async function allow(scope = 'basicProfile,publishPost'): Promise<string> {
  const response = await postAuthorize(await authorizeParams({ scope }), { xsrf: reader.xsrf, decision: 'allow' });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!);
  return location.searchParams.get('code')!;
}

function exchange(fields: Record<string, string>) {
  return workerFetch(`${ORIGIN}/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: clientId, client_secret: clientSecret, redirect_uri: REDIRECT, code_verifier: verifier, ...fields }).toString(),
  });
}

const me = (token: string) => workerFetch(`${ORIGIN}/v1/me`, { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  await seedWorld(testDb);
  developer = await signedIn(USERS.writer);
  const created = (await developer.gql(CREATE_APP, { name: 'Draft Sync', redirectUri: REDIRECT })).data.createOAuthApplication;
  expect(created.__typename).toBe('CreatedOAuthApplication');
  clientId = created.application.id;
  clientSecret = created.clientSecret;
  const session = await createSession(testDb, USERS.member);
  reader = { token: session.token, xsrf: session.xsrf };
});

describe('registering an application', () => {
  it.each([
    ['http://tool.example/callback', /https/],
    ['https://tool.example/cb#frag', /fragment/],
    ['/callback', /absolute/],
    ['https://user:pw@tool.example/cb', /user name or password/],
  ])('refuses the redirect URI %s', async (redirectUri, message) => {
    const answer = (await developer.gql(CREATE_APP, { name: 'Bad', redirectUri })).data.createOAuthApplication;
    expect(answer.__typename).toBe('BadRequest');
    expect(answer.message).toMatch(message);
  });

  it('shows the secret once and stores only its digest; http is allowed for localhost', async () => {
    const row = await testDb.prepare('SELECT secret_hash FROM oauth_applications WHERE id = ?').bind(clientId).first<{ secret_hash: string }>();
    expect(row!.secret_hash).toBe(await sha256Hex(clientSecret));
    expect(clientSecret).toMatch(/^vcs_[\w-]{43}$/);
    const local = (await developer.gql(CREATE_APP, { name: 'Local', redirectUri: 'http://127.0.0.1:5000/cb' })).data.createOAuthApplication;
    expect(local.__typename).toBe('CreatedOAuthApplication');
    expect(JSON.stringify((await developer.gql('{ oauthApplications { id name redirectUri } }')).data)).not.toContain('vcs_');
  });
});

describe('/m/oauth/authorize', () => {
  it('never redirects for an unknown client or a redirect URI that is not exactly the registered one', async () => {
    const cases: Record<string, string | null>[] = [
      { client_id: 'nope' },
      { redirect_uri: 'https://evil.example/callback?from=vellum' },
      { redirect_uri: 'https://tool.example/callback' },
      { redirect_uri: `${REDIRECT}&x=1` },
      { redirect_uri: 'https://TOOL.example/callback?from=vellum' },
      { redirect_uri: null },
    ];
    for (const override of cases) {
      const response = await getAuthorize(await authorizeParams(override), reader.token);
      expect(response.status, JSON.stringify(override)).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain('data-testid="oauth-error"');
    }
  });

  it("tells the application its other mistakes at its redirect URI, with the state echoed", async () => {
    for (const [override, error] of [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: 'basicProfile,everything' }, 'invalid_scope'],
      [{ scope: null }, 'invalid_scope'],
      [{ code_challenge: null }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
    ] as const) {
      const response = await getAuthorize(await authorizeParams(override), reader.token);
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!);
      expect(location.origin + location.pathname).toBe('https://tool.example/callback');
      expect(location.searchParams.get('from')).toBe('vellum');
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('state')).toBe('st4te');
    }
  });

  it('sends a signed-out reader to sign in, back to the same request after', async () => {
    const params = await authorizeParams();
    const response = await getAuthorize(params);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!, ORIGIN);
    expect(location.pathname).toBe('/m/signin');
    expect(location.searchParams.get('redirect')).toBe(`/m/oauth/authorize?${params}`);
  });

  it('shows the consent screen naming the application, its maker and the scopes; never framed nor cached', async () => {
    const response = await getAuthorize(await authorizeParams(), reader.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('content-security-policy')).toContain("form-action 'self' https://tool.example");
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    expect(text).toContain('Draft Sync wants to use your');
    expect(text).toContain('data-scope="basicProfile"');
    expect(text).toContain('data-scope="publishPost"');
    expect(text).not.toContain('data-scope="listPublications"');
    expect(text).toContain(`value="${reader.xsrf}"`);
  });

  it('Cancel sends access_denied with the state', async () => {
    const response = await postAuthorize(await authorizeParams(), { xsrf: reader.xsrf, decision: 'deny' });
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('st4te');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('grants nothing to a forged consent: no anti-forgery value, a wrong one, or another origin', async () => {
    const count = async () => (await testDb.prepare('SELECT count(*) AS n FROM oauth_codes').first<{ n: number }>())!.n;
    const before = await count();
    const params = await authorizeParams();
    for (const [extra, headers] of [
      [{ decision: 'allow' }, { origin: ORIGIN }],
      [{ decision: 'allow', xsrf: 'guess' }, { origin: ORIGIN }],
      [{ decision: 'allow', xsrf: reader.xsrf }, { origin: 'https://evil.example' }],
    ] as const) {
      const response = await postAuthorize(params, extra, headers);
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    }
    expect(await count()).toBe(before);
  });

  it('Allow redirects with a code and the state; the code is stored only as its digest', async () => {
    const code = await allow();
    expect(code).toMatch(/^[\w-]{43}$/);
    const rows = await testDb.prepare('SELECT code_hash FROM oauth_codes').all<{ code_hash: string }>();
    expect(rows.results.map((r) => r.code_hash)).toContain(await sha256Hex(code));
    expect(JSON.stringify(rows.results)).not.toContain(code);
  });
});

describe('POST /v1/tokens', () => {
  it('exchanges a code for a token that works on /v1 within its scopes', async () => {
    const code = await allow('basicProfile');
    const response = await exchange({ code });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { token_type: string; access_token: string; scope: string };
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'basicProfile' });
    const profile = await me(body.access_token);
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { data: { id: string } }).data.id).toBe(USERS.member);
    // Not granted publishPost: refused with the API's scope error.
    const post = await workerFetch(`${ORIGIN}/v1/users/${USERS.member}/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${body.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x', contentFormat: 'markdown', content: 'x' }),
    });
    expect(post.status).toBe(401);
    expect(((await post.json()) as { errors: { code: number }[] }).errors[0]!.code).toBe(6009);
  });

  it('accepts the client credentials by HTTP Basic too', async () => {
    const code = await allow();
    const response = await workerFetch(`${ORIGIN}/v1/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}` },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier }).toString(),
    });
    expect(response.status).toBe(200);
  });

  it('refuses an oversized body before reading it', async () => {
    const response = await exchange({ padding: 'x'.repeat(20_000) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('refuses a wrong secret (401 invalid_client) and a wrong grant type', async () => {
    const code = await allow();
    let response = await exchange({ code, client_secret: 'vcs_' + 'x'.repeat(43) });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
    response = await exchange({ code, grant_type: 'password' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('refuses a wrong verifier, and the code is used up by the attempt', async () => {
    const code = await allow();
    const wrong = await exchange({ code, code_verifier: 'w'.repeat(50) });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await (await exchange({ code })).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers MissingOAuthTokens when the code is not sent (docs/outcomes.md)', async () => {
    const response = await exchange({ code: '' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request', kind: 'MissingOAuthTokens' });
  });

  it('refuses a redirect URI other than the one the code was given for', async () => {
    const code = await allow();
    expect(await (await exchange({ code, redirect_uri: 'https://tool.example/callback' })).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses an expired code', async () => {
    const code = await allow();
    await testDb.prepare('UPDATE oauth_codes SET expires_at = ? WHERE code_hash = ?').bind(Date.now() - 1, await sha256Hex(code)).run();
    // With the outcome kind of docs/outcomes.md beside RFC 6749's code: the tool asks to connect again.
    expect(await (await exchange({ code })).json()).toMatchObject({ error: 'invalid_grant', kind: 'ExpiredCredentials' });
  });

  it('a replayed code is refused and ends the token it gave', async () => {
    const code = await allow();
    const { access_token } = (await (await exchange({ code })).json()) as { access_token: string };
    expect((await me(access_token)).status).toBe(200);
    const replay = await exchange({ code });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await me(access_token)).status).toBe(401);
  });

  it("a suspended developer's application stops answering: its tokens are refused until the developer is restored", async () => {
    const code = await allow();
    const { access_token } = (await (await exchange({ code })).json()) as { access_token: string };
    await testDb.prepare('UPDATE users SET is_suspended = 1 WHERE id = ?').bind(USERS.writer).run();
    expect((await me(access_token)).status).toBe(401);
    expect((await getAuthorize(await authorizeParams(), reader.token)).status).toBe(400);
    await testDb.prepare('UPDATE users SET is_suspended = 0 WHERE id = ?').bind(USERS.writer).run();
    expect((await me(access_token)).status).toBe(200);
  });

  it('deleting the application ends its tokens; its client id is unknown after', async () => {
    const code = await allow();
    const { access_token } = (await (await exchange({ code })).json()) as { access_token: string };
    expect((await me(access_token)).status).toBe(200);
    // Someone else cannot delete it.
    expect((await (await signedIn(USERS.reader)).gql('mutation ($id: ID!) { deleteOAuthApplication(id: $id) }', { id: clientId })).data.deleteOAuthApplication).toBe(false);
    expect((await developer.gql('mutation ($id: ID!) { deleteOAuthApplication(id: $id) }', { id: clientId })).data.deleteOAuthApplication).toBe(true);
    expect((await me(access_token)).status).toBe(401);
    expect((await getAuthorize(await authorizeParams(), reader.token)).status).toBe(400);
  });
});
