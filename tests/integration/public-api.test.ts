// The /v1 API and integration tokens (docs/product/3-routes-data-calls-constants.md §7.6;
// docs/adr/0082-integration-tokens-and-v1.md): a token made in settings (CreateIntegrationToken) is shown once
// and stored hashed; it answers /v1/me for its user; it posts from Markdown and HTML into
// structured content (hostile HTML inert); it cannot post as someone else; a revoked token is 401;
// scopes, publications, rate limits and the error shape.
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../worker/lib/crypto.ts';
import { COLLECTIONS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { signedIn } from './helpers/signed-in.ts';
import type { Paragraph } from '../../shared/content.ts';

const ORIGIN = 'http://localhost:8787';

beforeAll(async () => {
  await seedWorld(testDb);
});

const CREATE_TOKEN = `mutation ($description: String!, $scopes: [String!]) {
  createIntegrationToken(description: $description, scopes: $scopes) {
    __typename
    ... on CreatedIntegrationToken { token integrationToken { id description scopes } }
    ... on BadRequest { message }
  }
}`;
const REVOKE_TOKEN = `mutation ($id: ID!) { revokeIntegrationToken(id: $id) }`;
const LIST_TOKENS = `{ integrationTokens { id description scopes createdAt lastUsedAt } }`;

async function newToken(userId: string = USERS.writer, scopes?: string[]): Promise<{ token: string; id: string }> {
  const caller = await signedIn(userId);
  const answer = await caller.gql(CREATE_TOKEN, { description: 'My publishing tool', ...(scopes ? { scopes } : {}) });
  const created = answer.data.createIntegrationToken;
  expect(created.__typename).toBe('CreatedIntegrationToken');
  return { token: created.token, id: created.integrationToken.id };
}

function api(path: string, token: string | null, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return workerFetch(ORIGIN + path, { method: init.method ?? 'GET', headers, ...(init.body !== undefined ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) } : {}) });
}

async function storedParagraphs(postId: string): Promise<Paragraph[]> {
  const row = await testDb.prepare('SELECT content FROM posts WHERE id = ?').bind(postId).first<{ content: string }>();
  return (JSON.parse(row!.content) as { paragraphs: Paragraph[] }).paragraphs;
}

describe('integration tokens', () => {
  it('are shown once and stored hashed; listed without the secret; revoked by their owner only', async () => {
    const { token, id } = await newToken();
    expect(token).toMatch(/^vt_[\w-]{43}$/);
    const row = await testDb.prepare('SELECT token_hash FROM api_tokens WHERE id = ?').bind(id).first<{ token_hash: string }>();
    expect(row!.token_hash).toBe(await sha256Hex(token));
    const all = await testDb.prepare('SELECT * FROM api_tokens').all();
    expect(JSON.stringify(all.results)).not.toContain(token);
    const owner = await signedIn(USERS.writer);
    const listed = await owner.gql(LIST_TOKENS);
    expect(JSON.stringify(listed.data)).not.toContain(token);
    expect(listed.data.integrationTokens.map((t: { id: string }) => t.id)).toContain(id);
    // Someone else cannot revoke it.
    const other = await signedIn(USERS.reader);
    expect((await other.gql(REVOKE_TOKEN, { id })).data.revokeIntegrationToken).toBe(false);
    expect((await api('/v1/me', token)).status).toBe(200);
  });

  it('a revoked token is 401 in the API error shape', async () => {
    const { token, id } = await newToken();
    const owner = await signedIn(USERS.writer);
    expect((await owner.gql(REVOKE_TOKEN, { id })).data.revokeIntegrationToken).toBe(true);
    const response = await api('/v1/me', token);
    expect(response.status).toBe(401);
    // The outcome kinds of docs/outcomes.md beside the Medium API's code: connect again.
    expect(await response.json()).toEqual({ errors: [{ message: 'Token was invalid.', code: 6003, kind: 'ExpiredCredentials' }] });
    const missing = await api('/v1/me', null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ errors: [{ message: 'An access token is required.', code: 6000, kind: 'MissingOAuthTokens' }] });
    expect((await api('/v1/me', 'vt_' + 'x'.repeat(43))).status).toBe(401);
    const malformed = await api('/v1/me', 'not-a-token');
    expect(malformed.status).toBe(401);
    expect(await malformed.json()).toEqual({ errors: [{ message: 'Token was invalid.', code: 6003, kind: 'MalformedOAuthToken' }] });
  });
});

describe('/v1/me and publications', () => {
  it("answers the token's user", async () => {
    const { token } = await newToken(USERS.reader);
    const response = await api('/v1/me', token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { id: string; username: string; url: string } };
    expect(body.data.id).toBe(USERS.reader);
    expect(body.data.url).toBe(`${ORIGIN}/@${body.data.username}`);
  });

  it("lists the token user's publications and a publication's contributors; not another user's", async () => {
    const { token } = await newToken();
    const mine = (await (await api(`/v1/users/${USERS.writer}/publications`, token)).json()) as { data: { id: string }[] };
    expect(mine.data.map((p) => p.id)).toEqual(expect.arrayContaining([COLLECTIONS.quill, COLLECTIONS.dailyBytes]));
    expect((await api(`/v1/users/${USERS.reader}/publications`, token)).status).toBe(403);
    const contributors = (await (await api(`/v1/publications/${COLLECTIONS.dailyBytes}/contributors`, token)).json()) as { data: { userId: string; role: string }[] };
    expect(contributors.data).toContainEqual({ publicationId: COLLECTIONS.dailyBytes, userId: USERS.writer, role: 'writer' });
  });

  it('refuses a call outside the token scopes', async () => {
    const { token } = await newToken(USERS.writer, ['basicProfile']);
    expect((await api('/v1/me', token)).status).toBe(200);
    const post = await api(`/v1/users/${USERS.writer}/posts`, token, { method: 'POST', body: { title: 'x', contentFormat: 'markdown', content: 'x' } });
    expect(post.status).toBe(401);
    expect(((await post.json()) as { errors: { code: number }[] }).errors[0]!.code).toBe(6009);
  });
});

describe('creating posts', () => {
  it('turns Markdown into structured content and publishes it', async () => {
    const { token } = await newToken();
    const markdown = '# A heading\n\nA paragraph with *emphasis*, **strength** and a [link](https://example.com/page).\n\n- one\n- two\n\n```\ncode <b>kept as text</b>\n```\n';
    const response = await api(`/v1/users/${USERS.writer}/posts`, token, {
      method: 'POST',
      body: { title: 'From Markdown', contentFormat: 'markdown', content: markdown, tags: ['Writing', 'Field Notes'], canonicalUrl: 'https://blog.example/from-markdown', publishStatus: 'public' },
    });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { id: string; url: string; tags: string[]; publishStatus: string; authorId: string; canonicalUrl: string } };
    expect(data).toMatchObject({ authorId: USERS.writer, tags: ['writing', 'field-notes'], publishStatus: 'public', canonicalUrl: 'https://blog.example/from-markdown' });
    const paragraphs = await storedParagraphs(data.id);
    expect(paragraphs.map((p) => [p.type, p.text])).toEqual([
      ['H3', 'A heading'],
      ['P', 'A paragraph with emphasis, strength and a link.'],
      ['ULI', 'one'],
      ['ULI', 'two'],
      ['PRE', 'code <b>kept as text</b>'],
    ]);
    expect(paragraphs[1]!.markups).toEqual([
      { type: 'EM', start: 17, end: 25 },
      { type: 'STRONG', start: 27, end: 35 },
      { type: 'A', start: 42, end: 46, href: 'https://example.com/page' },
    ]);
    const post = await testDb.prepare('SELECT status, visibility, title FROM posts WHERE id = ?').bind(data.id).first();
    expect(post).toEqual({ status: 'PUBLISHED', visibility: 'PUBLIC', title: 'From Markdown' });
    // The story page shows it, at its writer's address (a live custom domain).
    const page = await workerFetch(data.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('A paragraph with');
  });

  it('keeps hostile HTML inert: scripts, handlers, javascript: links and frames never reach the page', async () => {
    const { token } = await newToken();
    const html =
      '<p onclick="alert(1)">Hello <img src=x onerror="alert(2)"><script>alert(3)</script><a href="javascript:alert(4)">click</a> ' +
      '<a href="https://ok.example/">ok</a></p><iframe src="https://evil.example"></iframe><style>body{display:none}</style>' +
      '<p>&lt;script&gt;alert(5)&lt;/script&gt;</p><svg><script>alert(6)</script></svg>';
    const response = await api(`/v1/users/${USERS.writer}/posts`, token, { method: 'POST', body: { title: 'Hostile', contentFormat: 'html', content: html } });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { id: string; url: string } };
    const paragraphs = await storedParagraphs(data.id);
    expect(paragraphs.map((p) => p.text)).toEqual(['Hello click ok', '<script>alert(5)</script>']);
    expect(paragraphs[0]!.markups).toEqual([{ type: 'A', start: 12, end: 14, href: 'https://ok.example/' }]);
    // The story's address follows its writer's (a live custom domain): read it there.
    const page = await (await workerFetch(data.url)).text();
    expect(page).not.toMatch(/alert\(\d\)<\/script>|onerror=|onclick=|javascript:alert|evil\.example/);
    expect(page).toContain('&lt;script&gt;alert(5)');
  });

  it('cannot post as someone else, nor into a publication it does not write for', async () => {
    const { token } = await newToken(USERS.reader);
    const asOther = await api(`/v1/users/${USERS.writer}/posts`, token, { method: 'POST', body: { title: 'Impostor', contentFormat: 'markdown', content: 'x' } });
    expect(asOther.status).toBe(403);
    expect(((await asOther.json()) as { errors: { code: number }[] }).errors[0]!.code).toBe(6026);
    const intoPublication = await api(`/v1/publications/${COLLECTIONS.quill}/posts`, token, { method: 'POST', body: { title: 'Impostor', contentFormat: 'markdown', content: 'x' } });
    expect(intoPublication.status).toBe(403);
    expect(await testDb.prepare("SELECT count(*) AS n FROM posts WHERE title = 'Impostor'").first('n')).toBe(0);
  });

  it('posts under a publication; a writer there only makes drafts', async () => {
    const { token } = await newToken();
    const asOwner = await api(`/v1/publications/${COLLECTIONS.quill}/posts`, token, { method: 'POST', body: { title: 'In The Quill', contentFormat: 'markdown', content: 'Hello.' } });
    expect(asOwner.status).toBe(201);
    expect(((await asOwner.json()) as { data: { publishStatus: string; publicationId: string } }).data).toMatchObject({ publishStatus: 'public', publicationId: COLLECTIONS.quill });
    const asWriter = await api(`/v1/publications/${COLLECTIONS.dailyBytes}/posts`, token, { method: 'POST', body: { title: 'In Daily Bytes', contentFormat: 'markdown', content: 'Hello.' } });
    expect(((await asWriter.json()) as { data: { publishStatus: string } }).data.publishStatus).toBe('draft');
  });

  it('answers bad bodies with 400 and the message, and oversized ones with 413; nothing half-written', async () => {
    const { token } = await newToken();
    const before = await testDb.prepare('SELECT count(*) AS n FROM posts').first('n');
    const cases: [unknown, string][] = [
      [{ contentFormat: 'html', content: '<p>x</p>' }, 'title is required.'],
      [{ title: 'x', contentFormat: 'rtf', content: 'x' }, 'contentFormat must be "html" or "markdown".'],
      [{ title: 'x', contentFormat: 'html', content: '<script>only()</script>' }, 'content has no text.'],
      [{ title: 'x', contentFormat: 'html', content: 'x', tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'At most 5 tags.'],
      [{ title: 'x', contentFormat: 'html', content: 'x', publishStatus: 'secret' }, 'publishStatus must be "public", "draft" or "unlisted".'],
      [{ title: 'x', contentFormat: 'html', content: 'x', canonicalUrl: 'javascript:alert(1)' }, 'canonicalUrl must be an http(s) URL.'],
      ['{not json', 'The body is not valid JSON.'],
    ];
    for (const [body, message] of cases) {
      const response = await api(`/v1/users/${USERS.writer}/posts`, token, { method: 'POST', body });
      expect(response.status, message).toBe(400);
      expect(((await response.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe(message);
    }
    const huge = await api(`/v1/users/${USERS.writer}/posts`, token, { method: 'POST', body: { title: 'x', contentFormat: 'markdown', content: 'a'.repeat(1_100_000) } });
    expect(huge.status).toBe(413);
    expect(await testDb.prepare('SELECT count(*) AS n FROM posts').first('n')).toBe(before);
  });

  it('is rate-limited per token', async () => {
    const { token, id } = await newToken();
    const now = Date.now();
    const windowMs = 15 * 60 * 1000;
    const bucket = `v1:token:${(await sha256Hex(id)).slice(0, 32)}`;
    await testDb
      .prepare('INSERT INTO rate_limits (bucket, window_start, count) VALUES (?, ?, 300) ON CONFLICT DO UPDATE SET count = 300')
      .bind(bucket, Math.floor(now / windowMs) * windowMs)
      .run();
    const response = await api('/v1/me', token);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('IFTTT', () => {
  it('answers the status check with the service key only, and user info with a token', async () => {
    expect((await api('/ifttt/v1/status', null)).status).toBe(401);
    expect((await api('/ifttt/v1/status', null, { headers: { 'ifttt-service-key': 'vellum-development-ifttt-key' } })).status).toBe(200);
    const { token } = await newToken(USERS.reader);
    const info = (await (await api('/ifttt/v1/user/info', token)).json()) as { data: { id: string; name: string; url: string } };
    expect(info.data.id).toBe(USERS.reader);
  });
});
