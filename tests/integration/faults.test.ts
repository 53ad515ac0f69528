// Faults answered cleanly (issue 16 item 3; docs/adr/0053-fault-injection-seam.md and docs/adr/0054-what-a-reader-sees-when-a-part-fails.md and docs/adr/0055-writes-are-whole.md): through the
// HTTP surface, a request asks for D1, the cache store or the mailer to fail
// (x-vellum-fault, honoured only with the tests' FAULT_INJECTION binding in development) and
// each test checks the status, the text a reader sees, the log line and that nothing was
// half-written.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_ERROR_TEXT } from '../../worker/pages/server-error-page.ts';
import { MAIL_NOT_SENT_MESSAGE } from '../../worker/auth/email-sign-in.ts';
import { LIMITS } from '../../worker/auth/rate-limit.ts';
import { FAULT_HEADER, INJECTED_D1_MESSAGE } from '../../worker/hardening/fault-injection.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../worker/pipeline/unavailable.ts';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { clearEdgeCache, send, storedCopyCount } from './helpers/edge-cache.ts';
import { sessionOf, type TestSession } from './helpers/story.ts';
import { SEND, TestBrowser } from './helpers/auth-browser.ts';

const fault = (...names: string[]) => ({ [FAULT_HEADER]: names.join(', ') });

const CLAP = /* GraphQL */ `
  mutation ClapMutation($targetPostId: ID!, $numClaps: Int!) {
    clap(targetPostId: $targetPostId, numClaps: $numClaps) { id clapCount viewerEdge { clapCount } }
  }
`;

let reader: TestSession;

beforeAll(async () => {
  await seedWorld(env.DB);
  reader = await sessionOf('reader');
});
beforeEach(async () => {
  await clearEdgeCache();
});

async function count(sql: string, ...binds: unknown[]): Promise<number> {
  return (await env.DB.prepare(sql).bind(...binds).first<{ n: number }>())!.n;
}

describe('D1 failing', () => {
  it('still serves a stored page (a HIT needs no D1)', async () => {
    expect((await send('/')).cacheStatus).toBe('MISS');
    const hit = await send('/', { headers: fault('d1') });
    expect(hit.status).toBe(200);
    expect(hit.cacheStatus).toBe('HIT');
    expect(hit.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-");
  });

  it('answers any other page with the 503 page, Retry-After and the server-error text, logged', async () => {
    const answer = await send(`/p/${POSTS.open}`, { headers: fault('d1') });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.text).toContain(SERVER_ERROR_TEXT);
    expect(answer.text).toContain('our status page');
    expect(answer.text).not.toContain('D1_ERROR');
    expect(answer.logs).toContainEqual(expect.objectContaining({ event: 'database_unavailable', path: `/p/${POSTS.open}` }));
    expect(await storedCopyCount()).toBe(0);
  });

  it('answers a signed-in page the same way (the session cannot be read)', async () => {
    const answer = await send('/', { session: reader.token, headers: fault('d1') });
    expect(answer.status).toBe(503);
    expect(answer.text).toContain(SERVER_ERROR_TEXT);
  });

  it('answers GraphQL with errors that carry no stack, no SQL and no D1 message', async () => {
    const anonymous = await send('/_/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': '1', ...fault('d1') },
      body: JSON.stringify({ query: `{ post(id: "${POSTS.open}") { id title } }` }),
    });
    const signedIn = await send('/_/graphql', {
      method: 'POST',
      session: reader.token,
      headers: { 'content-type': 'application/json', 'x-xsrf-token': reader.xsrf, ...fault('d1') },
      body: JSON.stringify({ query: CLAP, variables: { targetPostId: POSTS.open, numClaps: 5 } }),
    });
    expect(signedIn.status).toBe(503);
    expect(signedIn.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(JSON.parse(signedIn.text)).toEqual({ errors: [{ message: 'Service unavailable. Please try again in a moment.' }] });
    for (const answer of [anonymous, signedIn]) {
      const body = JSON.parse(answer.text) as { errors: { message: string }[] };
      expect(body.errors.length).toBeGreaterThan(0);
      expect(answer.text).not.toMatch(/D1_ERROR|stack|at [\w.]+ \(|SELECT|INSERT/);
    }
    expect(signedIn.logs).toContainEqual(expect.objectContaining({ event: 'database_unavailable', path: '/_/graphql', message: expect.stringContaining(INJECTED_D1_MESSAGE) }));
    // Nothing of the clap was written.
    expect(await count('SELECT count(*) AS n FROM claps WHERE user_id = ? AND post_id = ?', USERS.reader, POSTS.open)).toBe(0);
  });
});

describe('a write cut off half-way (d1-writes-to: the batch fails whole, as D1 rolls it back)', () => {
  async function mutate(session: TestSession, query: string, variables: Record<string, unknown>, faults: string[] = []) {
    const answer = await send('/_/graphql', {
      method: 'POST',
      session: session.token,
      headers: { 'content-type': 'application/json', 'x-xsrf-token': session.xsrf, ...(faults.length ? fault(...faults) : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return { answer, body: JSON.parse(answer.text) as { data?: any; errors?: { message: string }[] } };
  }
  const failedCleanly = (result: Awaited<ReturnType<typeof mutate>>) => {
    expect(result.answer.status).toBe(200);
    expect(result.body.errors?.[0]?.message).toBe('Internal server error');
    expect(result.answer.text).not.toMatch(/D1_ERROR|injected/);
  };

  it('a clap whose recount fails writes no clap', async () => {
    const before = await count('SELECT clap_count AS n FROM posts WHERE id = ?', POSTS.locked);
    failedCleanly(await mutate(reader, CLAP, { targetPostId: POSTS.locked, numClaps: 3 }, ['d1-writes-to:posts']));
    expect(await count('SELECT count(*) AS n FROM claps WHERE user_id = ? AND post_id = ?', USERS.reader, POSTS.locked)).toBe(0);
    expect(await count('SELECT clap_count AS n FROM posts WHERE id = ?', POSTS.locked)).toBe(before);
  });

  it('a follow whose recount fails writes no follow', async () => {
    const FOLLOW = 'mutation($u: ID!) { followUser(targetUserId: $u) { __typename } }';
    failedCleanly(await mutate(reader, FOLLOW, { u: USERS.writer }, ['d1-writes-to:users']));
    expect(await count("SELECT count(*) AS n FROM follows WHERE follower_id = ? AND target_type = 'USER' AND target_id = ?", USERS.reader, USERS.writer)).toBe(0);
  });

  it('a response whose recount fails leaves no response', async () => {
    const RESPOND = 'mutation($p: ID!, $t: String!) { publishPostThreadedResponse(inResponseToPostId: $p, text: $t) { id } }';
    const before = await count('SELECT count(*) AS n FROM posts WHERE in_response_to_post_id = ?', POSTS.open);
    failedCleanly(await mutate(reader, RESPOND, { p: POSTS.open, t: 'A thought that never lands.' }, ['d1-writes-to:posts']));
    expect(await count('SELECT count(*) AS n FROM posts WHERE in_response_to_post_id = ?', POSTS.open)).toBe(before);
  });

  it('a list save whose count update fails leaves no item; a retry saves it with the count right', async () => {
    const CREATE = 'mutation($i: CreateCatalogInput!) { createCatalog(input: $i) { __typename ... on Catalog { id } } }';
    const ADD = 'mutation($c: ID!, $p: ID!) { addToCatalog(catalogId: $c, postId: $p) { __typename } }';
    const created = await mutate(reader, CREATE, { i: { name: 'Faults list' } });
    const catalog = created.body.data.createCatalog.id as string;
    failedCleanly(await mutate(reader, ADD, { c: catalog, p: POSTS.open }, ['d1-writes-to:catalogs']));
    expect(await count('SELECT count(*) AS n FROM catalog_items WHERE catalog_id = ?', catalog)).toBe(0);
    expect(await count('SELECT item_count AS n FROM catalogs WHERE id = ?', catalog)).toBe(0);
    const retried = await mutate(reader, ADD, { c: catalog, p: POSTS.open });
    expect(retried.body.data.addToCatalog.__typename).toBe('Catalog');
    expect(await count('SELECT count(*) AS n FROM catalog_items WHERE catalog_id = ?', catalog)).toBe(1);
    expect(await count('SELECT item_count AS n FROM catalogs WHERE id = ?', catalog)).toBe(1);
  });

  it('a list deletion that fails keeps the list and the readers who saved it', async () => {
    const CREATE = 'mutation($i: CreateCatalogInput!) { createCatalog(input: $i) { __typename ... on Catalog { id } } }';
    const FOLLOW = 'mutation($c: ID!) { followCatalog(catalogId: $c) { __typename } }';
    const DELETE = 'mutation($c: ID!) { deleteCatalog(catalogId: $c) { __typename } }';
    const member = await sessionOf('member');
    const catalog = (await mutate(reader, CREATE, { i: { name: 'Shared list' } })).body.data.createCatalog.id as string;
    expect((await mutate(member, FOLLOW, { c: catalog })).body.data.followCatalog.__typename).toBe('Catalog');
    failedCleanly(await mutate(reader, DELETE, { c: catalog }, ['d1-writes-to:catalogs']));
    expect(await count('SELECT count(*) AS n FROM catalogs WHERE id = ?', catalog)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM follows WHERE target_type = 'CATALOG' AND target_id = ?", catalog)).toBe(1);
  });
});

describe('the cache store failing', () => {
  it('a failing put: the page is rendered and served, the failure logged once, nothing stored', async () => {
    const answer = await send('/', { headers: fault('cache-put') });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('window.__PRELOADED_STATE__');
    const errors = answer.logs.filter((line) => line.event === 'edge_cache_store_error');
    expect(errors).toEqual([expect.objectContaining({ operation: 'put', message: expect.stringContaining('injected fault') })]);
    expect(await storedCopyCount()).toBe(0);
    expect((await send('/')).cacheStatus).toBe('MISS');
  });

  it('a failing match: the page is rendered and served as a MISS, the failure logged once', async () => {
    await send('/');
    const answer = await send('/', { headers: fault('cache-match') });
    expect(answer.status).toBe(200);
    expect(answer.cacheStatus).toBe('MISS');
    expect(answer.text).toContain('window.__PRELOADED_STATE__');
    expect(answer.logs.filter((line) => line.event === 'edge_cache_store_error')).toEqual([expect.objectContaining({ operation: 'match' })]);
  });
});

describe('the mailer failing', () => {
  async function sendMail(browser: TestBrowser, email: string, faults: string[]) {
    const response = await browser.fetch('/_/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': '1', ...(faults.length ? fault(...faults) : {}) },
      body: JSON.stringify({ query: SEND, variables: { email, operation: 'login' } }),
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  it('says the mail could not be sent, stores no request, and a retry does not burn the rate limit', async () => {
    const email = 'reader@vellum.test';
    const browser = new TestBrowser();
    const tokensBefore = await count('SELECT count(*) AS n FROM login_tokens WHERE email = ?', email);
    const limitRowsBefore = await count('SELECT COALESCE(SUM(count), 0) AS n FROM rate_limits');
    // More failures than the per-email limit allows sends: none of them counts.
    for (let i = 0; i < LIMITS.sendPerEmail.max + 1; i++) {
      const failed = await sendMail(browser, email, ['mailer']);
      expect(failed.status).toBe(200);
      expect(failed.body.data.sendAcctAuthEmail).toEqual({ __typename: 'BadRequest', message: MAIL_NOT_SENT_MESSAGE });
    }
    expect(browser.cookies.has('susi')).toBe(false);
    expect(await count('SELECT count(*) AS n FROM login_tokens WHERE email = ?', email)).toBe(tokensBefore);
    expect(await count('SELECT COALESCE(SUM(count), 0) AS n FROM rate_limits')).toBe(limitRowsBefore);
    const mailed = await count('SELECT count(*) AS n FROM dev_mailbox WHERE to_address = ?', email);
    // The retry, with the provider back, goes through.
    const retried = await sendMail(browser, email, []);
    expect(retried.body.data.sendAcctAuthEmail).toEqual({ __typename: 'SusiMethod', value: 'login' });
    expect(await count('SELECT count(*) AS n FROM login_tokens WHERE email = ?', email)).toBe(tokensBefore + 1);
    expect(await count('SELECT count(*) AS n FROM dev_mailbox WHERE to_address = ?', email)).toBe(mailed + 1);
  });

  it('logs the failure', async () => {
    const answer = await send('/_/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': '1', 'cf-connecting-ip': '203.0.113.9', ...fault('mailer') },
      body: JSON.stringify({ query: SEND, variables: { email: 'writer@vellum.test', operation: 'login' } }),
    });
    expect(answer.logs).toContainEqual(expect.objectContaining({ event: 'sign_in_mail_failed', operation: 'login', message: expect.stringContaining('503') }));
  });
});

describe('the seam itself', () => {
  it('is ignored outside development, even with the tests’ binding', async () => {
    const production = { ENVIRONMENT: 'production', AUTH_SECRET: 's', ADMIN_PURGE_TOKEN: 't', MAIL_API_KEY: 'k', MAIL_FROM: 'f', NEWSLETTER_SECRET: 'n' };
    const answer = await send(`/p/${POSTS.open}`, { vars: production, headers: fault('d1') });
    expect(answer.status).toBe(200);
    expect(answer.logs.some((line) => line.event === 'database_unavailable')).toBe(false);
  });

  it('is ignored in development without the tests’ binding', async () => {
    const answer = await send(`/p/${POSTS.open}`, { vars: { FAULT_INJECTION: undefined }, headers: fault('d1') });
    expect(answer.status).toBe(200);
  });
});
