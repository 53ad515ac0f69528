// No input makes a 5xx (issue 29 item 4). First the requests a review found answered 500 or
// 503, each now a 4xx with a message; then a fuzzer (fast-check, fixed seed) that sends malformed
// encodings, bodies, content types and multipart forms to every route family, signed in and
// signed out, and counts the answers of 500 and above: there must be none.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_WEBHOOK_SECRET_DEFAULT, signWebhookPayload } from '../../worker/payments/local-provider.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';

const ORIGIN = 'http://localhost:8787';
let writer: { sid: string; xsrf: string };

beforeAll(async () => {
  await seedWorld(testDb);
  const session = await createSession(testDb, USERS.writer);
  writer = { sid: session.token, xsrf: session.xsrf };
});

async function expectRefusal(response: Response, what: string): Promise<string> {
  const text = await response.text();
  expect(response.status, `${what}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(response.status, `${what}: ${text.slice(0, 200)}`).toBeLessThan(500);
  expect(text.trim(), what).not.toBe('');
  return text;
}

const upload = (contentType: string, body: string) =>
  workerFetch(`${ORIGIN}/_/upload`, { method: 'POST', headers: { cookie: `sid=${writer.sid}`, 'x-xsrf-token': writer.xsrf, 'content-type': contentType }, body });

const webhook = async (event: unknown) => {
  const body = JSON.stringify(event);
  return workerFetch(`${ORIGIN}/_/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': await signWebhookPayload(body, LOCAL_WEBHOOK_SECRET_DEFAULT) },
    body,
  });
};

describe('requests that answered 5xx', () => {
  it('a multipart upload without a boundary, or with a broken part, is 400 with a message', async () => {
    expect(await expectRefusal(await upload('multipart/form-data', '--x\r\n\r\nhello'), 'no boundary')).toMatch(/multipart form/);
    expect(await expectRefusal(await upload('multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data; name="file"\r\n\r\nunterminated'), 'broken part')).toMatch(
      /multipart form/,
    );
  });

  it('an image address with a broken %-escape is 400 with a message', async () => {
    for (const path of ['/_/img/v2/%E0%A4%A', '/_/img/v2/resize:fit:400/%']) {
      expect(await expectRefusal(await workerFetch(`${ORIGIN}${path}`), path)).toMatch(/malformed %-escape/);
    }
  });

  it('a signed webhook without data, or with an object id, is 400 with a message', async () => {
    const created = Math.floor(Date.now() / 1000);
    expect(await expectRefusal(await webhook({ id: 'evt_test_nodata', type: 'invoice.paid', created }), 'no data')).toMatch(/Malformed event/);
    expect(await expectRefusal(await webhook({ id: { nested: 1 }, type: 'invoice.paid', created, data: { object: {} } }), 'object id')).toMatch(/Malformed event/);
    expect(await expectRefusal(await webhook([1, 2, 3]), 'array')).toMatch(/Malformed event/);
  });

  it('a forged completion of an open local checkout is 400 and completes nothing', async () => {
    const started = await workerFetch(`${ORIGIN}/_/membership/checkout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: `sid=${writer.sid}`, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: writer.xsrf, kind: 'MEMBERSHIP', plan: 'MONTHLY' }),
    });
    expect(started.status).toBe(303);
    const sessionRef = started.headers.get('location')!.split('/').pop()!;
    const forged = await webhook({
      id: 'evt_test_forged',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: { object: 'checkout.session', id: sessionRef, status: 'complete' } },
    });
    expect(await expectRefusal(forged, 'forged completion')).toMatch(/not completed this checkout/);
    expect(await testDb.prepare("SELECT status FROM checkouts WHERE provider_ref = ?").bind(sessionRef).first('status')).toBe('OPEN');
  });
});

// ---- The fuzzer ----

/** One path per route family (worker/index.ts mounts them; the page routes are shared/routing/routes.ts). */
const FAMILIES = [
  '/',
  '/_/graphql',
  '/_/health',
  '/_/upload',
  '/_/upload-url',
  '/_/img/v2/resize:fit:400/',
  '/_/payments/webhook',
  '/_/membership/checkout',
  '/_/dev/pay/checkout/cs_test_000',
  '/_/dev/pay/connect/acct_test_000',
  '/_/dev/mailbox',
  '/_/newsletter-invitation/',
  '/_/clientele/reports/errors',
  '/_/clientele/reports/csp',
  '/_/clientele/reports/performance/',
  '/_/search-key',
  '/_/subscribe/user/',
  '/_/api/geo',
  '/_/admin/users/',
  '/1/indexes/posts/query',
  '/v1/me',
  '/v1/users/x/posts',
  '/v1/publications/x/posts',
  '/v1/tokens',
  '/ifttt/v1/status',
  '/ifttt/v1/actions/publish_story',
  '/m/token',
  '/m/login-redirect',
  '/m/callback/authenticate',
  '/m/callback/email',
  '/m/callback/google-one-tap',
  '/m/oauth/authorize',
  '/m/signin',
  '/m/signout',
  '/m/account/confirm/',
  '/me/export',
  '/me/stats/total/0/',
  '/feed/',
  '/@writer/',
  '/p/',
  '/tag/',
  '/search',
  '/osd.xml',
  '/get-started/topics',
  '/registration-form',
];

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Path tails: broken and overlong %-escapes, odd characters, traversal, very long segments. */
const tail = fc.oneof(
  fc.constantFrom('', '%', '%E0%A4%A', '%C0%AF', '%FF', '%00', '..%2F..%2F', '%252e', '%u0041', '@', '//x', '\\x', '?redirectUrl=%', '?q=%E0', '#%'),
  fc.string({ maxLength: 40 }).map((s) => encodeURIComponent(s)),
  fc.string({ unit: 'binary', maxLength: 20 }).map((s) => [...s].map((ch) => (/[\w-]/.test(ch) ? ch : `%${(ch.charCodeAt(0) & 0xff).toString(16).padStart(2, '0')}`)).join('')),
  fc.constantFrom('a'.repeat(3000), '%41'.repeat(1000)),
);

const CONTENT_TYPES = [
  undefined,
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=XYZ',
  'text/plain',
  'text/csv',
  'application/graphql',
  'image/png',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'x/\u00ff',
];

const body = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.json(),
  fc.constantFrom(
    '{',
    '{"query":',
    '{"query":"{ viewer { id } }","variables":"x"}',
    '{"query":{"a":1}}',
    '[{"query":"{ __typename }"}]',
    'null',
    '{"__proto__":{"x":1}}',
    '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--XYZ--\r\n',
    '--XYZ\r\nContent-Disposition: form-data; name="file"\r\n\r\nunterminated',
    '--XYZ--',
    'a=%&b=%E0%A4%A&c',
    '\u0000\u202e\ud800',
  ),
);

const request = fc.record({
  family: fc.constantFrom(...FAMILIES),
  tail,
  method: fc.constantFrom(...METHODS),
  contentType: fc.constantFrom(...CONTENT_TYPES),
  body,
  signedIn: fc.boolean(),
  xsrf: fc.constantFrom('none', 'right', 'wrong'),
  host: fc.constantFrom('localhost:8787', 'wren.test', 'unknown.example', 'localhost:8787:99', ''),
});

describe('the fuzzer', () => {
  it('finds no request, however malformed, that the worker answers with a 5xx', async () => {
    const failures: string[] = [];
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const headers: Record<string, string> = { origin: ORIGIN };
        if (r.host) headers.host = r.host;
        if (r.contentType !== undefined) headers['content-type'] = r.contentType;
        if (r.signedIn) headers.cookie = `sid=${writer.sid}`;
        if (r.xsrf !== 'none') headers['x-xsrf-token'] = r.xsrf === 'right' ? writer.xsrf : 'wrong';
        const withBody = r.body !== undefined && r.method !== 'GET';
        const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
        const url = `${ORIGIN}${r.family}${r.tail}`;
        let status: number;
        try {
          const response = await workerFetch(url, { method: r.method, headers, redirect: 'manual', ...(withBody ? { body: text } : {}) });
          status = response.status;
          await response.arrayBuffer();
        } catch (error) {
          // A URL or header the fetch API itself refuses never reaches the worker.
          if (error instanceof TypeError) return;
          throw error;
        }
        sent++;
        if (status >= 500) failures.push(`${status} ${r.method} ${url.slice(0, 200)} [${r.contentType}] ${withBody ? JSON.stringify(text.slice(0, 80)) : ''}`);
      }),
      { seed: 2911, numRuns: 1200, endOnFailure: false },
    );
    console.log(`fuzzer: ${sent} requests reached the worker; answers of 500 or above: ${failures.length}`);
    expect(failures).toEqual([]);
  }, 300_000);
});
