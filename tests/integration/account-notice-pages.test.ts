// /password, /unrecognized-account and /me/send-verify (docs/sign-in.md "Account addresses"):
// each its own page (not the 404 page, not another page's content); /me/send-verify shows the
// viewer's waiting email with the button, or says the email is verified, and sends visitors to
// sign in.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../worker/session/session-store.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';

async function page(path: string, cookie?: string) {
  const response = await workerFetch(`http://localhost:8787${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), pageName: response.headers.get('x-page-name'), html: await response.text() };
}

let readerCookie: string;
let writerCookie: string;
beforeAll(async () => {
  await seedWorld(testDb);
  readerCookie = `sid=${(await createSession(testDb, USERS.reader)).token}`;
  writerCookie = `sid=${(await createSession(testDb, USERS.writer)).token}`;
  await testDb
    .prepare('INSERT INTO email_verifications (user_id, email, created_at) VALUES (?, ?, ?)')
    .bind(USERS.reader, 'rae.new@vellum.test', Date.now())
    .run();
});

describe('account addresses', () => {
  it('/password says there are no passwords and links to the sign-in methods', async () => {
    const answer = await page('/password');
    expect(answer.status).toBe(200);
    expect(answer.pageName).toBe('crupdate-password');
    expect(answer.html).toContain('data-testid="no-passwords"');
    expect(answer.html).toContain('/me/settings#connectedAccounts');
  });

  it('/unrecognized-account offers the other sign-in options and sign-up', async () => {
    const answer = await page('/unrecognized-account');
    expect(answer.status).toBe(200);
    expect(answer.pageName).toBe('unrecognized-account');
    expect(answer.html).toContain('we didn&#x27;t recognize that account.');
    expect(answer.html).toContain('operation=register');
  });

  it('/me/send-verify shows the waiting email and the send button', async () => {
    const answer = await page('/me/send-verify', readerCookie);
    expect(answer.status).toBe(200);
    expect(answer.pageName).toBe('send-verify');
    expect(answer.html).toContain('rae.new@vellum.test');
    expect(answer.html).toContain('Send verification email');
  });

  it('/me/send-verify says a verified email is verified', async () => {
    const answer = await page('/me/send-verify', writerCookie);
    expect(answer.html).toContain('Your email is verified');
    expect(answer.html).not.toContain('Send verification email');
  });

  it('/me/send-verify sends a visitor to sign in', async () => {
    const answer = await page('/me/send-verify');
    expect([302, 303]).toContain(answer.status);
    expect(answer.location).toContain('signin');
  });
});
