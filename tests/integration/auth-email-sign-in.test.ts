// Sign-in by email (docs/product/2-sign-in-notices-cache-routing.md §4.1, §5, §8; docs/sign-in.md):
// the calls EmailAvailability, SendAcctAuthEmail and VerifyLoginCode, the magic link with its
// confirm step, and the security of codes and links — random, hashed, single use, expiring, bound
// to the email and browser, attempt-limited, rate-limited per email and per address in a
// way that batches and aliases cannot get around.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_WRONG_LOGIN_CODES } from '../../shared/auth/sign-in-rules.ts';
import { sha256Hex } from '../../worker/lib/crypto.ts';
import { LIMITS } from '../../worker/auth/rate-limit.ts';
import { seedWorld } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { latestMail, SEND, TestBrowser, VERIFY, VERIFY_FIELDS, VIEWER } from './helpers/auth-browser.ts';

const READER = 'reader@vellum.test';

beforeAll(async () => {
  await seedWorld(testDb);
});

async function send(browser: TestBrowser, email: string, operation = 'login', extra: Record<string, unknown> = {}) {
  const answer = await browser.graphql({ query: SEND, variables: { email, operation, ...extra } });
  expect(answer.status).toBe(200);
  return answer.body.data?.sendAcctAuthEmail;
}

async function verify(browser: TestBrowser, loginCode: string) {
  const answer = await browser.graphql({ query: VERIFY, variables: { loginCode } });
  return answer.body.data?.verifyLoginCode;
}

async function tokenRowOf(email: string) {
  return testDb
    .prepare('SELECT * FROM login_tokens WHERE email = ? ORDER BY created_at DESC, rowid DESC LIMIT 1')
    .bind(email)
    .first<{ id: string; code_hash: string; link_hash: string; failed_attempts: number; used_at: number | null; expires_at: number; created_at: number }>();
}

/** A six-digit code that is not `code`. */
const wrongCode = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

describe('EmailAvailability', () => {
  it('is false for an email with an account and true for one without, whatever the case and spaces', async () => {
    const browser = new TestBrowser();
    const answer = await browser.graphql({
      query: 'query EmailAvailability($a: String!, $b: String!) { known: isEmailAvailable(email: $a) unknown: isEmailAvailable(email: $b) }',
      variables: { a: '  Reader@Vellum.test ', b: 'nobody@vellum.test' },
    });
    expect(answer.body).toEqual({ data: { known: false, unknown: true } });
  });

  it('refuses an invalid email with the spec text', async () => {
    const answer = await new TestBrowser().graphql({ query: '{ isEmailAvailable(email: "not-an-email") }' });
    expect(answer.body.errors[0].message).toBe('Please enter a valid email address.');
  });

  it('counts every alias against the per-address lookup limit', async () => {
    const browser = new TestBrowser();
    const aliases = Array.from({ length: LIMITS.lookupPerAddress.max + 1 }, (_, i) => `a${i}: isEmailAvailable(email: "x${i}@vellum.test")`);
    const answer = await browser.graphql({ query: `{ ${aliases.slice(0, 30).join(' ')} }` });
    expect(answer.body.errors).toBeUndefined();
    const over = await browser.graphql({ query: `{ ${aliases.slice(30).join(' ')} }` });
    expect(over.body.errors[0].message).toMatch(/^Too many attempts\. Please try again in \d+ minute\(s\)\.$/);
    expect(over.body.errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('SendAcctAuthEmail', () => {
  it('answers NotFound for an unknown email on login (UNRECOGNIZED_EMAIL), and sends nothing', async () => {
    const result = await send(new TestBrowser(), 'stranger@vellum.test', 'login');
    expect(result).toEqual({ __typename: 'NotFound', message: "Sorry, we didn't recognize that email." });
    expect(await latestMail(testDb, 'stranger@vellum.test')).toBeNull();
  });

  it('refuses an invalid email with the spec text', async () => {
    expect(await send(new TestBrowser(), 'reader@', 'login')).toEqual({ __typename: 'BadRequest', message: 'Please enter a valid email address.' });
    expect(await send(new TestBrowser(), READER, 'delete')).toMatchObject({ __typename: 'BadRequest' });
  });

  it('mails a six-digit code and a link for a known email, stores neither in clear, and binds the browser', async () => {
    const browser = new TestBrowser();
    const result = await send(browser, READER, 'login', { redirect: '/tag/writing' });
    expect(result).toEqual({ __typename: 'SusiMethod', value: 'login' });
    const mail = (await latestMail(testDb, READER))!;
    expect(mail.subject).toBe('Sign in to Vellum');
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.link).toMatch(/^http:\/\/localhost:8787\/m\/callback\/email\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(mail.code);
    const row = (await tokenRowOf(READER))!;
    expect(row.expires_at - row.created_at).toBe(15 * 60 * 1000);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(mail.code);
    expect(stored).not.toContain(new URL(mail.link).searchParams.get('token')!);
    expect(row.link_hash).toBe(await sha256Hex(new URL(mail.link).searchParams.get('token')!));
    const cookie = browser.cookieSet('susi')!;
    expect(cookie.attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax']));
    expect(cookie.attributes.some((a) => /^secure$/i.test(a))).toBe(false); // localhost
  });

  it('answers sign-up alike whether or not the email has an account (the mail tells the difference)', async () => {
    const known = await send(new TestBrowser(), 'member@vellum.test', 'register');
    const unknown = await send(new TestBrowser(), 'newcomer@vellum.test', 'register');
    expect(known).toEqual({ __typename: 'SusiMethod', value: 'register' });
    expect(unknown).toEqual(known);
    expect((await latestMail(testDb, 'member@vellum.test'))!.text).toMatch(/You already have a Vellum account/);
    expect((await latestMail(testDb, 'newcomer@vellum.test'))!.subject).toBe('Finish creating your Vellum account');
  });

  it('is refused without the anti-forgery header, and sends nothing', async () => {
    const answer = await new TestBrowser().graphql({ query: SEND, variables: { email: 'cancelled@vellum.test' } }, { xsrf: null });
    expect(answer.body.errors[0].message).toBe('Missing or invalid anti-forgery token.');
    expect(answer.body.data).toBeUndefined();
    expect(await latestMail(testDb, 'cancelled@vellum.test')).toBeNull();
  });

  it('limits mail to one email, however the calls are batched', async () => {
    const browser = new TestBrowser();
    const batch = Array.from({ length: LIMITS.sendPerEmail.max + 1 }, () => ({ query: SEND, variables: { email: 'friend@vellum.test', operation: 'login' } }));
    const answer = await browser.graphql(batch);
    const kinds = answer.body.map((r: any) => r.data.sendAcctAuthEmail.__typename);
    expect(kinds).toEqual([...Array(LIMITS.sendPerEmail.max).fill('SusiMethod'), 'TooManyRequests']);
    expect(answer.body.at(-1).data.sendAcctAuthEmail.message).toMatch(/^Too many attempts\. Please try again in \d+ minute\(s\)\.$/);
  });

  it('limits the "didn\'t recognize" answers per address', async () => {
    const browser = new TestBrowser();
    const fields = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => `a${from + i}: sendAcctAuthEmail(email: "ghost${from + i}@vellum.test", operation: "login") { __typename }`).join(' ');
    const first = await browser.graphql({ query: `mutation { ${fields(0, LIMITS.lookupPerAddress.max)} }` });
    expect(Object.values(first.body.data).every((r: any) => r.__typename === 'NotFound')).toBe(true);
    const next = await browser.graphql({ query: `mutation { ${fields(100, 1)} }` });
    expect(next.body.data.a100.__typename).toBe('TooManyRequests');
  });
});

describe('VerifyLoginCode', () => {
  it('signs in with the right code: Token is the redirect, and the session cookie is set', async () => {
    const browser = new TestBrowser();
    await send(browser, 'writer@vellum.test', 'login', { redirect: '/@writer' });
    const { code } = (await latestMail(testDb, 'writer@vellum.test'))!;
    expect(await verify(browser, code)).toEqual({ __typename: 'Token', value: '/@writer' });
    const sid = browser.cookieSet('sid')!;
    expect(sid.attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax']));
    expect(browser.cookieSet('susi')?.value).toBe('');
    const viewer = await browser.graphql({ query: VIEWER });
    expect(viewer.body.data.viewer).toMatchObject({ username: 'writer', email: 'writer@vellum.test' });
  });

  it('refuses a used code, and the link of the same request', async () => {
    const browser = new TestBrowser();
    await send(browser, 'staff@vellum.test');
    const susi = browser.cookies.get('susi')!;
    const mail = (await latestMail(testDb, 'staff@vellum.test'))!;
    expect((await verify(browser, mail.code)).__typename).toBe('Token');
    // The same browser state before sign-in (its request cookie), trying the code again.
    const replay = new TestBrowser(browser.address);
    replay.cookies.set('susi', susi);
    expect(await verify(replay, mail.code)).toEqual({ __typename: 'NotFound', message: 'This code was already used. Please request a new one.' });
    expect(replay.cookies.has('sid')).toBe(false);
    const link = await new TestBrowser().fetch(mail.linkPath);
    expect(link.status).toBe(302);
    expect(link.headers.get('location')).toBe('/m/signin?operation=login&step=ENTER_EMAIL&susiEntry=email_login_timeout');
  });

  it('refuses an expired code', async () => {
    const browser = new TestBrowser();
    await send(browser, 'moderator@vellum.test');
    const { code } = (await latestMail(testDb, 'moderator@vellum.test'))!;
    const row = (await tokenRowOf('moderator@vellum.test'))!;
    await testDb.prepare('UPDATE login_tokens SET expires_at = ? WHERE id = ?').bind(Date.now() - 1, row.id).run();
    expect(await verify(browser, code)).toEqual({ __typename: 'NotFound', message: 'This code has expired. Please request a new one.' });
  });

  it('accepts a code only from the browser that asked for it', async () => {
    const asker = new TestBrowser();
    await send(asker, 'expired@vellum.test');
    const { code } = (await latestMail(testDb, 'expired@vellum.test'))!;
    const other = new TestBrowser();
    expect((await verify(other, code)).__typename).toBe('NotFound');
    expect(other.cookies.has('sid')).toBe(false);
    expect((await verify(asker, code)).__typename).toBe('Token');
  });

  it('kills the older request when a newer one is sent for the same email', async () => {
    const browser = new TestBrowser();
    await send(browser, 'failed@vellum.test');
    const first = (await latestMail(testDb, 'failed@vellum.test'))!;
    const elsewhere = new TestBrowser();
    await send(elsewhere, 'failed@vellum.test');
    const second = (await latestMail(testDb, 'failed@vellum.test'))!;
    expect(second.code === first.code && second.link === first.link).toBe(false);
    expect((await verify(browser, first.code)).__typename).toBe('NotFound');
    expect((await new TestBrowser().fetch(first.linkPath)).status).toBe(302);
    expect((await verify(elsewhere, second.code)).__typename).toBe('Token');
  });

  it('answers a malformed code with the spec text, without counting a guess', async () => {
    const browser = new TestBrowser();
    for (const code of ['12345', '1234567', '12a456', '']) {
      expect(await verify(browser, code)).toEqual({ __typename: 'BadRequest', message: 'Login code must be 6 digits.' });
    }
  });

  it('counts six wrong codes sent as aliases of ONE operation as six, and the code dies after five', async () => {
    const browser = new TestBrowser();
    await send(browser, 'author1@vellum.test');
    const { code } = (await latestMail(testDb, 'author1@vellum.test'))!;
    const aliases = Array.from({ length: 6 }, (_, i) => `g${i}: verifyLoginCode(loginCode: "${wrongCode(code, i + 1)}") { ${VERIFY_FIELDS} }`);
    const answer = await browser.graphql({ query: `mutation Guess { ${aliases.join('\n')} }` });
    const results = Object.values(answer.body.data) as any[];
    expect(results.map((r) => r.__typename)).toEqual(['BadRequest', 'BadRequest', 'BadRequest', 'BadRequest', 'TooManyRequests', 'TooManyRequests']);
    expect(results[0].message).toBe('That code was incorrect. You have 4 more attempt(s).');
    expect(results[4].message).toBe('You reached your maximum number of attempts. Please request a new code.');
    const row = (await tokenRowOf('author1@vellum.test'))!;
    expect(row.failed_attempts).toBe(MAX_WRONG_LOGIN_CODES);
    const counted = await testDb
      .prepare("SELECT SUM(count) AS n FROM rate_limits WHERE bucket = ?")
      .bind(`verify:address:${(await sha256Hex(browser.address)).slice(0, 32)}`)
      .first<{ n: number }>();
    expect(counted!.n).toBe(6);
    // The right code is refused now: the request is dead, its link too.
    expect((await verify(browser, code)).__typename).toBe('TooManyRequests');
    expect(browser.cookies.has('sid')).toBe(false);
  });

  it('counts six wrong codes sent as a batch of six operations as six', async () => {
    const browser = new TestBrowser();
    await send(browser, 'author2@vellum.test');
    const mail = (await latestMail(testDb, 'author2@vellum.test'))!;
    const batch = Array.from({ length: 6 }, (_, i) => ({ query: VERIFY, variables: { loginCode: wrongCode(mail.code, i + 1) } }));
    const answer = await browser.graphql(batch);
    expect(answer.body.map((r: any) => r.data.verifyLoginCode.__typename)).toEqual([
      'BadRequest',
      'BadRequest',
      'BadRequest',
      'BadRequest',
      'TooManyRequests',
      'TooManyRequests',
    ]);
    expect((await tokenRowOf('author2@vellum.test'))!.failed_attempts).toBe(5);
    expect((await new TestBrowser().fetch(mail.linkPath)).status).toBe(302);
  });

  it('limits verifications per address across the operations and aliases of one request', async () => {
    const browser = new TestBrowser();
    const op = (prefix: string) =>
      `mutation { ${Array.from({ length: 16 }, (_, i) => `${prefix}${i}: verifyLoginCode(loginCode: "00000${i % 10}") { __typename ... on TooManyRequests { message } }`).join(' ')} }`;
    const answer = await browser.graphql([{ query: op('a') }, { query: op('b') }]);
    const kinds = answer.body.flatMap((r: any) => Object.values(r.data).map((v: any) => v.__typename));
    expect(kinds).toHaveLength(32);
    expect(kinds.filter((k: string) => k === 'TooManyRequests')).toHaveLength(32 - LIMITS.verifyPerAddress.max);
    expect(kinds.slice(LIMITS.verifyPerAddress.max).every((k: string) => k === 'TooManyRequests')).toBe(true);
  });

  it('limits wrong codes per email across fresh requests', async () => {
    const browser = new TestBrowser();
    let answers: string[] = [];
    for (let round = 0; round < 3; round++) {
      await send(browser, 'author3@vellum.test');
      const { code } = (await latestMail(testDb, 'author3@vellum.test'))!;
      for (let i = 1; i <= 4; i++) answers.push((await verify(browser, wrongCode(code, i))).__typename);
    }
    // 10 wrong codes an hour per email: the 11th and 12th guesses are not even checked.
    expect(answers.slice(0, LIMITS.wrongCodesPerEmail.max).every((k) => k === 'BadRequest')).toBe(true);
    expect(answers.slice(LIMITS.wrongCodesPerEmail.max)).toEqual(['TooManyRequests', 'TooManyRequests']);
  });

  it('answers IpAuthLockout, in days, from a locked-out network', async () => {
    const browser = new TestBrowser();
    const subject = `address:${(await sha256Hex(browser.address)).slice(0, 32)}`;
    await testDb
      .prepare("INSERT INTO auth_lockouts (subject, kind, locked_until, created_at) VALUES (?, 'NETWORK', ?, ?)")
      .bind(subject, Date.now() + 36 * 3600 * 1000, Date.now())
      .run();
    expect(await verify(browser, '123456')).toEqual({
      __typename: 'IpAuthLockout',
      message: 'For security reasons, you cannot sign in from this network for 2 day(s).',
    });
    expect((await send(browser, READER)).__typename).toBe('IpAuthLockout');
  });
});

describe('the magic link', () => {
  it('shows a confirm page on GET and signs in only on the POST of its button', async () => {
    await send(new TestBrowser(), 'author4@vellum.test', 'login', { redirect: '/tag/poetry' });
    const mail = (await latestMail(testDb, 'author4@vellum.test'))!;
    // A mail scanner follows the link: nothing happens.
    const scanner = new TestBrowser();
    const page = await scanner.fetch(mail.linkPath);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<form method="post" action="/m/callback/email">');
    expect(html).toContain('Sign in</button>');
    expect(scanner.lastSetCookies).toEqual([]);
    expect((await tokenRowOf('author4@vellum.test'))!.used_at).toBeNull();

    const token = new URL(mail.link).searchParams.get('token')!;
    const form = (origin?: string) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
      body: new URLSearchParams({ token }).toString(),
    });
    // Another site cannot post it (login CSRF).
    expect((await new TestBrowser().fetch('/m/callback/email', form('https://evil.example'))).status).toBe(403);
    expect((await new TestBrowser().fetch('/m/callback/email', form())).status).toBe(403);

    const reader = new TestBrowser();
    const confirmed = await reader.fetch('/m/callback/email', form('http://localhost:8787'));
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/tag/poetry');
    expect(reader.cookies.has('sid')).toBe(true);
    expect(reader.cookies.get('susi_done')).toBe('1');
    expect((await reader.graphql({ query: VIEWER })).body.data.viewer.username).toBe('author4');

    // Used: a second POST and the code are refused.
    const replay = await new TestBrowser().fetch('/m/callback/email', form('http://localhost:8787'));
    expect(replay.status).toBe(303);
    expect(replay.headers.get('location')).toMatch(/susiEntry=email_login_timeout/);
    expect(replay.headers.getSetCookie()).toEqual([]);
  });

  it('sends an expired link to a fresh ENTER_EMAIL step (susiEntry email_login_timeout)', async () => {
    await send(new TestBrowser(), 'author5@vellum.test');
    const mail = (await latestMail(testDb, 'author5@vellum.test'))!;
    await testDb.prepare('UPDATE login_tokens SET expires_at = 0 WHERE email = ?').bind('author5@vellum.test').run();
    const response = await new TestBrowser().fetch(mail.linkPath);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/m/signin?operation=login&step=ENTER_EMAIL&susiEntry=email_login_timeout');
  });

  it('keeps redirects on the main host', async () => {
    for (const redirect of ['https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const browser = new TestBrowser();
      await send(browser, 'author6@vellum.test', 'login', { redirect });
      const { code } = (await latestMail(testDb, 'author6@vellum.test'))!;
      expect(await verify(browser, code)).toEqual({ __typename: 'Token', value: '/' });
    }
    const browser = new TestBrowser();
    await send(browser, 'author6@vellum.test', 'login', { redirect: 'http://localhost:8787/p/abc?x=1' });
    expect(await verify(browser, (await latestMail(testDb, 'author6@vellum.test'))!.code)).toEqual({ __typename: 'Token', value: '/p/abc?x=1' });
  });
});
