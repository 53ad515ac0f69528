// Two-factor authentication with an authenticator app (issue 26 point 6;
// docs/adr/0162-two-factor-authentication.md): a reader enrols (secret and otpauth URI), confirms
// with a code and gets ten recovery codes (only hashes stored); a sign-in by email code then waits
// at /m/two-factor until a code answers it. A wrong code, a code replayed in the same step, a
// recovery code used twice: refused with the spec's texts; six wrong answers lock the account for
// a minute, repeated lockouts for good; turning it off takes a code.
import { beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { signedIn, type Caller } from './helpers/signed-in.ts';
import { latestMail, SEND, TestBrowser, VERIFY, VIEWER } from './helpers/auth-browser.ts';
import { MAX_SOFT_LOCKOUTS } from '../../worker/auth/two-factor.ts';

const EMAIL = 'reader@vellum.test';
const LOCKOUT = `... on InvalidTwoFactorAuthCode { message lockoutInfo { failCount } } ... on TwoFactorAuthSoftLockout { message } ... on TwoFactorAuthPermanentLockout { message }`;
const START = `mutation { startTwoFactorAuthEnrollment { __typename ... on TwoFactorAuthEnrollment { secret otpauthUri } ... on BadRequest { message } } }`;
const CONFIRM = `mutation($c: String!) { confirmTwoFactorAuth(code: $c) { __typename ... on TwoFactorAuthRecoveryCodes { recoveryCodes } ${LOCKOUT} } }`;
const DISABLE = `mutation($c: String!) { disableTwoFactorAuth(code: $c) { __typename ... on TwoFactorAuthStatus { enabled } ${LOCKOUT} } }`;
const STATUS = `{ viewerTwoFactorAuth { enabled method recoveryCodesLeft } }`;

let reader: Caller;
let secret: string;
let recoveryCodes: string[];

const codeAt = (offsetMs = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetMs });
const methodRow = () => testDb.prepare('SELECT * FROM two_factor_methods WHERE user_id = ?').bind(USERS.reader).first<Record<string, unknown>>();

/** Proves the email with its mailed code: where the sign-in goes next. */
async function firstFactor(browser: TestBrowser): Promise<string> {
  await browser.graphql({ query: SEND, variables: { email: EMAIL, operation: 'login' } });
  const mail = (await latestMail(testDb, EMAIL))!;
  const answer = await browser.graphql({ query: VERIFY, variables: { loginCode: mail.code } });
  return answer.body.data.verifyLoginCode.value;
}

async function answer(browser: TestBrowser, code: string): Promise<{ status: number; text: string; location: string | null }> {
  const response = await browser.fetch('/m/two-factor', {
    method: 'POST',
    headers: { origin: 'http://localhost:8787', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ code }).toString(),
  });
  return { status: response.status, text: await response.text(), location: response.headers.get('location') };
}

async function viewerOf(browser: TestBrowser) {
  return (await browser.graphql({ query: VIEWER })).body.data.viewer;
}

beforeAll(async () => {
  await seedWorld(testDb);
  reader = await signedIn(USERS.reader);
}, 60_000);

describe('enrolling', () => {
  it('gives a secret and its otpauth URI; a wrong code does not turn it on; the right one does, with ten recovery codes', async () => {
    const started = (await reader.gql(START)).data!.startTwoFactorAuthEnrollment;
    expect(started.__typename).toBe('TwoFactorAuthEnrollment');
    secret = started.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.otpauthUri).toBe(`otpauth://totp/Vellum:reader?issuer=Vellum&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    // Encrypted at rest (docs/adr/0183-two-factor-secret-at-rest.md): the table never holds the secret.
    const kept = String((await methodRow())!.secret);
    expect(kept).toMatch(/^v1:[\w-]+$/);
    expect(kept).not.toContain(secret);

    const wrong = (await reader.gql(CONFIRM, { c: String((Number(codeAt()) + 1) % 1_000_000).padStart(6, '0') })).data!.confirmTwoFactorAuth;
    expect(wrong).toEqual({ __typename: 'InvalidTwoFactorAuthCode', message: 'That verification code was incorrect. You have 5 more attempts before your account is locked for 1 minute.', lockoutInfo: { failCount: 1 } });
    expect((await methodRow())!.confirmed_at).toBeNull();

    const confirmed = (await reader.gql(CONFIRM, { c: codeAt() })).data!.confirmTwoFactorAuth;
    expect(confirmed.__typename).toBe('TwoFactorAuthRecoveryCodes');
    recoveryCodes = confirmed.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // Hashed at rest: no code (nor the codes without their hyphen) in the table.
    const stored = JSON.stringify((await testDb.prepare('SELECT * FROM two_factor_recovery_codes').all()).results);
    for (const code of recoveryCodes) expect(stored).not.toContain(code.replace('-', ''));
    expect((await reader.gql(STATUS)).data!.viewerTwoFactorAuth).toEqual({ enabled: true, method: 'AUTH_APP', recoveryCodesLeft: 10 });
    expect((await reader.gql(START)).data!.startTwoFactorAuthEnrollment.__typename).toBe('BadRequest');
  });
});

describe('signing in', () => {
  it('stops after the email code until the app’s code answers; the code of the step already used is refused', async () => {
    const browser = new TestBrowser();
    expect(await firstFactor(browser)).toBe('/m/two-factor');
    expect(browser.cookies.has('sid')).toBe(false);
    expect(await viewerOf(browser)).toBeNull();
    const form = await browser.fetch('/m/two-factor');
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('Enter the 6-digit code from your authenticator app');

    // The code that confirmed the enrolment, again in the same step: refused.
    const replayed = await answer(browser, codeAt());
    expect(replayed.status).toBe(400);
    expect(replayed.text).toContain('That verification code was incorrect. You have 5 more attempts before your account is locked for 1 minute.');
    expect(browser.cookies.has('sid')).toBe(false);

    // The next step's code (the window allows one step of drift) signs in.
    const right = await answer(browser, codeAt(30_000));
    expect(right.status).toBe(303);
    expect(right.location).toBe('/');
    expect((await viewerOf(browser)).id).toBe(USERS.reader);
    // The challenge is spent.
    expect((await browser.fetch('/m/two-factor')).status).toBe(410);
  });

  it('accepts a recovery code once', async () => {
    const first = new TestBrowser();
    await firstFactor(first);
    expect((await answer(first, recoveryCodes[0]!.toUpperCase())).status).toBe(303);
    expect((await viewerOf(first)).id).toBe(USERS.reader);

    const second = new TestBrowser();
    await firstFactor(second);
    const reused = await answer(second, recoveryCodes[0]!);
    expect(reused.status).toBe(400);
    expect(reused.text).toContain('That verification code was incorrect.');
    expect(await viewerOf(second)).toBeNull();
    expect((await reader.gql(STATUS)).data!.viewerTwoFactorAuth.recoveryCodesLeft).toBe(9);
  });

  it('locks the account for a minute after six wrong codes, then for good after repeated lockouts', async () => {
    // The refused recovery code of the test before counted once: start from none.
    await testDb.prepare('UPDATE two_factor_methods SET fail_count = 0 WHERE user_id = ?').bind(USERS.reader).run();
    const browser = new TestBrowser();
    await firstFactor(browser);
    for (let i = 1; i <= 5; i++) {
      const wrong = await answer(browser, '000000');
      expect(wrong.text).toContain(`You have ${6 - i} more attempts before your account is locked for 1 minute.`);
    }
    const locked = await answer(browser, '000000');
    expect(locked.status).toBe(429);
    expect(locked.text).toContain('You reached your maximum number of attempts. Your account will be locked for 1 minute(s).');
    // Even a right code waits for the lockout's end.
    const during = await answer(browser, recoveryCodes[1]!);
    expect(during.status).toBe(429);
    expect(await viewerOf(browser)).toBeNull();

    // The lockout is over, but this is the last soft lockout allowed: six more wrong codes lock for good.
    await testDb.prepare('UPDATE two_factor_methods SET locked_until = ?, lockout_count = ? WHERE user_id = ?').bind(Date.now() - 1, MAX_SOFT_LOCKOUTS - 1, USERS.reader).run();
    for (let i = 0; i < 5; i++) await answer(browser, '000000');
    const permanent = await answer(browser, '000000');
    expect(permanent.text).toContain('Your account has been locked, because you have attempted to enter a verification code too many times.');
    await testDb.prepare('UPDATE two_factor_methods SET locked_until = NULL WHERE user_id = ?').bind(USERS.reader).run();
    expect((await answer(browser, recoveryCodes[1]!)).text).toContain('Your account has been locked');
    await testDb.prepare('UPDATE two_factor_methods SET lockout_count = 0, fail_count = 0 WHERE user_id = ?').bind(USERS.reader).run();
  });
});

describe('turning it off', () => {
  it('takes a code; then a sign-in needs the email alone', async () => {
    const refused = (await reader.gql(DISABLE, { c: 'nope' })).data!.disableTwoFactorAuth;
    expect(refused.__typename).toBe('InvalidTwoFactorAuthCode');
    expect((await reader.gql(DISABLE, { c: recoveryCodes[2]! })).data!.disableTwoFactorAuth).toEqual({ __typename: 'TwoFactorAuthStatus', enabled: false });
    expect(await methodRow()).toBeNull();
    const browser = new TestBrowser();
    expect(await firstFactor(browser)).toBe('/');
    expect((await viewerOf(browser)).id).toBe(USERS.reader);
  });
});
