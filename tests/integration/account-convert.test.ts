// Finishing an account a newsletter invitation made (docs/newsletters.md "Finishing an invited
// account"; docs/adr/0198-finishing-an-invited-account.md): confirming an invitation for an
// address with no account gives a one-use link /m/account/convert/{token}; its form chooses the
// name and username (the sign-up rules and texts) and signs the reader in. Used, expired,
// unknown and guessed tokens, another site's POST: refused, nothing changes.
import { beforeAll, describe, expect, it } from 'vitest';
import { listDevMailbox } from '../../worker/mail/dev-mailbox.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { SIGN_UP_MESSAGES } from '../../shared/auth/sign-in-rules.ts';
import { sha256Hex } from '../../worker/lib/crypto.ts';
import { LIMITS } from '../../worker/auth/rate-limit.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { drainQueue } from './helpers/queue.ts';

const ORIGIN = 'http://localhost:8787';
const SAME_SITE = { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' };

/** Invites `emails` to the writer's newsletter and answers each one's invitation page path. */
async function invite(emails: string[]): Promise<Map<string, string>> {
  const session = await createSession(testDb, USERS.writer);
  const form = new FormData();
  form.set('file', new File([emails.map((e) => `${e},${e.split('@')[0]!.replace('.', ' ')}`).join('\n')], 'list.csv', { type: 'text/csv' }));
  form.set('confirm', 'yes');
  form.set('consent', 'yes');
  const made = await workerFetch(`${ORIGIN}/_/api/newsletters/${USERS.writer}/import/process-unvalidated-files`, {
    method: 'POST',
    headers: { cookie: `sid=${session.token}`, 'x-xsrf-token': session.xsrf },
    body: form,
  });
  expect(made.status).toBe(201);
  await drainQueue();
  const paths = new Map<string, string>();
  for (const email of emails) {
    const [mail] = await listDevMailbox(testDb, email);
    paths.set(email, new URL(/https?:\/\/[^\s"]+\/_\/newsletter-invitation\/[\w-]+/.exec(mail!.text)![0]).pathname);
  }
  return paths;
}

/** Confirms an invitation as its reader does and answers the account-finishing link it offers. */
async function confirmAndGetLink(path: string): Promise<string> {
  const page = await (await workerFetch(`${ORIGIN}${path}`, { method: 'POST' })).text();
  const link = /href="(\/m\/account\/convert\/[\w-]+)"/.exec(page);
  expect(link, 'the confirmation offers to finish the account').not.toBeNull();
  return link![1]!;
}

const send = (link: string, fields: Record<string, string>, headers: Record<string, string> = SAME_SITE) =>
  workerFetch(`${ORIGIN}${link}`, { method: 'POST', headers, body: new URLSearchParams(fields).toString(), redirect: 'manual' });

const userOf = (email: string) => testDb.prepare('SELECT id, name, username FROM users WHERE email = ?').bind(email).first<{ id: string; name: string; username: string }>();

let links: Map<string, string>;

beforeAll(async () => {
  await seedWorld(testDb);
  const emails = ['nora.quill@example.com', 'otto.vale@example.com', 'pia.lund@example.com'];
  const paths = await invite(emails);
  links = new Map();
  for (const email of emails) links.set(email, await confirmAndGetLink(paths.get(email)!));
}, 60_000);

describe('finishing an invited account', () => {
  it('shows the form without signing anyone in, then the chosen name and username, a session, and the profile', async () => {
    const link = links.get('nora.quill@example.com')!;
    const before = (await userOf('nora.quill@example.com'))!;
    // Opening the link (or a mail scanner doing so) shows the form and changes nothing.
    const opened = await workerFetch(`${ORIGIN}${link}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('set-cookie')).toBeNull();
    const form = await opened.text();
    expect(form).toContain('Finish your account');
    expect(form).toContain(`value="${before.username}"`);
    expect(await userOf('nora.quill@example.com')).toEqual(before);

    // A username the sign-up rules refuse: the spec's text, nothing changes, the link still works.
    const refused = await send(link, { name: 'Nora Quill', username: 'no spaces' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(SIGN_UP_MESSAGES.USERNAME_INVALID);
    const taken = await send(link, { name: 'Nora Quill', username: 'writer' });
    expect(await taken.text()).toContain(SIGN_UP_MESSAGES.USERNAME_TAKEN);
    expect(await userOf('nora.quill@example.com')).toEqual(before);

    const done = await send(link, { name: '  Nora <b>Quill</b>  ', username: 'nora_writes' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/@nora_writes');
    const sid = /(?:^|,\s*)sid=([^;]+)/.exec(done.headers.get('set-cookie') ?? '')?.[1];
    expect(sid, 'a session cookie').toBeTruthy();
    expect(await userOf('nora.quill@example.com')).toEqual({ id: before.id, name: 'Nora <b>Quill</b>', username: 'nora_writes' });

    // The session is the reader's: their profile, with the name they chose (escaped).
    const profile = await workerFetch(`${ORIGIN}/@nora_writes`, { headers: { cookie: `sid=${sid}` } });
    expect(profile.status).toBe(200);
    const html = await profile.text();
    expect(html).toContain('Nora &lt;b&gt;Quill&lt;/b&gt;');
    expect(html).not.toContain('Nora <b>Quill</b>');
  });

  it('refuses a replayed token: the link has expired, nothing changes', async () => {
    const link = links.get('nora.quill@example.com')!;
    const replayed = await send(link, { name: 'Someone Else', username: 'someone_else' });
    expect(replayed.status).toBe(410);
    expect(await replayed.text()).toContain('This link has expired');
    expect(replayed.headers.get('set-cookie')).toBeNull();
    expect((await userOf('nora.quill@example.com'))!.username).toBe('nora_writes');
    expect((await workerFetch(`${ORIGIN}${link}`)).status).toBe(410);
  });

  it('refuses a POST from another site, and an expired or unknown token', async () => {
    const link = links.get('otto.vale@example.com')!;
    const before = await userOf('otto.vale@example.com');
    const forged = await send(link, { name: 'Mallory', username: 'mallory' }, { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' });
    expect(forged.status).toBe(403);
    expect(await userOf('otto.vale@example.com')).toEqual(before);

    const unknown = await workerFetch(`${ORIGIN}/m/account/convert/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(410);
    expect(await unknown.text()).toContain('This link has expired');

    await testDb.prepare('UPDATE account_conversions SET expires_at = ? WHERE user_id = ?').bind(Date.now() - 1, before!.id).run();
    const expired = await send(link, { name: 'Otto Vale', username: 'otto_vale' });
    expect(expired.status).toBe(410);
    expect(await userOf('otto.vale@example.com')).toEqual(before);
  });

  it("signs in as the token's account, whoever was signed in, and another account's token changes only that account", async () => {
    const link = links.get('pia.lund@example.com')!;
    const reader = await createSession(testDb, USERS.reader);
    const readerBefore = await testDb.prepare('SELECT name, username FROM users WHERE id = ?').bind(USERS.reader).first();
    const done = await send(link, { name: 'Pia Lund', username: 'pia_lund' }, { ...SAME_SITE, cookie: `sid=${reader.token}` });
    expect(done.status).toBe(303);
    expect(await testDb.prepare('SELECT name, username FROM users WHERE id = ?').bind(USERS.reader).first()).toEqual(readerBefore);
    // The reader's session was replaced (rotated), not reused.
    const old = await testDb.prepare('SELECT revoked_at FROM sessions WHERE id_hash = ?').bind(await sha256Hex(reader.token)).first<{ revoked_at: number | null }>();
    expect(old!.revoked_at).not.toBeNull();
  });

  it('stops a guessing run from one address', async () => {
    const headers = { 'cf-connecting-ip': '203.0.113.77' };
    let last: Response | null = null;
    for (let i = 0; i <= LIMITS.convertPerAddress.max; i++) last = await workerFetch(`${ORIGIN}/m/account/convert/${String(i).padStart(43, 'g')}`, { headers });
    expect(last!.status).toBe(429);
    expect(await last!.text()).toMatch(/Too many attempts\. Please try again in \d+ minute\(s\)\./);
    // Even a good token is refused from that address until the window ends.
    const good = await workerFetch(`${ORIGIN}${links.get('otto.vale@example.com')!}`, { headers });
    expect(good.status).toBe(429);
  });
});
