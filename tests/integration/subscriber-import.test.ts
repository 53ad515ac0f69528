// Importing subscribers from a CSV file (issue 12 item 8; docs/newsletters.md "Importing
// subscribers"): the file is checked line by line and reported; with the writer's consent the
// valid addresses are invited — all in one write, or none — and nobody is subscribed until they
// confirm the emailed invitation; subscribers, people who left before and addresses invited
// before are skipped; someone else's newsletter is a 404 with nothing written; hostile files
// (formulas, quotes, BOM, CRLF, binary, too large, too many rows) get clear answers.
import { beforeAll, describe, expect, it } from 'vitest';
import { listDevMailbox } from '../../worker/mail/dev-mailbox.ts';
import { MAX_IMPORT_ROWS } from '../../worker/newsletters/subscriber-import.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { COLLECTIONS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { drainQueue } from './helpers/queue.ts';
import { signedIn } from './helpers/signed-in.ts';

interface Report {
  fileName?: string;
  toInvite?: number;
  imported?: boolean;
  invited?: number;
  problems?: { line: number; value: string; reason: string }[];
  message?: string;
}

let writerSession: { token: string; xsrf: string };

async function post(newsletterId: string, csv: string | Uint8Array<ArrayBuffer>, options: { confirm?: boolean; consent?: boolean; session?: { token: string; xsrf: string } | null; xsrf?: string | null } = {}) {
  const session = options.session === undefined ? writerSession : options.session;
  const form = new FormData();
  form.set('file', new File([csv], 'list.csv', { type: 'text/csv' }));
  if (options.confirm) form.set('confirm', 'yes');
  if (options.consent ?? options.confirm) form.set('consent', 'yes');
  const headers: Record<string, string> = {};
  if (session) headers.cookie = `sid=${session.token}`;
  const xsrf = options.xsrf === undefined ? session?.xsrf : options.xsrf;
  if (xsrf) headers['x-xsrf-token'] = xsrf;
  const response = await workerFetch(`http://localhost:8787/_/api/newsletters/${newsletterId}/import/process-unvalidated-files`, { method: 'POST', headers, body: form });
  return { status: response.status, body: (await response.json()) as Report };
}

const count = async (sql: string, ...params: unknown[]) => (await testDb.prepare(sql).bind(...params).first<{ n: number }>())!.n;
const invitations = () => count('SELECT count(*) AS n FROM newsletter_invitations');

beforeAll(async () => {
  await seedWorld(testDb);
  writerSession = await createSession(testDb, USERS.writer);
});

describe('checking a file', () => {
  it('reports every line it would skip, with the reason, and writes nothing', async () => {
    const csv = ['Email,Name', 'new.one@example.com,New One', 'not-an-address,Bad', 'NEW.ONE@example.com,Again', ',No address', 'second@example.org,"Doe, Jo"'].join('\r\n');
    const { status, body } = await post(USERS.writer, '\uFEFF' + csv);
    expect(status).toBe(200);
    expect(body.imported).toBe(false);
    expect(body.toInvite).toBe(2);
    expect(body.problems).toEqual([
      { line: 3, value: 'not-an-address', reason: 'Not an email address.' },
      { line: 4, value: 'NEW.ONE@example.com', reason: 'The same address as line 2.' },
      { line: 5, value: '', reason: 'No email address on this line.' },
    ]);
    expect(await invitations()).toBe(0);
  });

  it('reads a file without a header, one address per line', async () => {
    const { body } = await post(USERS.writer, 'a@example.com\nb@example.com\n');
    expect(body.toInvite).toBe(2);
    expect(body.problems).toEqual([]);
  });

  it('skips subscribers and people who unsubscribed before', async () => {
    const member = await signedIn(USERS.member);
    const reader = await signedIn(USERS.reader);
    await member.gql(`mutation($id: ID!) { subscribeToNewsletter(writerId: $id) { __typename } }`, { id: USERS.writer });
    await reader.gql(`mutation($id: ID!) { subscribeToNewsletter(writerId: $id) { __typename } }`, { id: USERS.writer });
    await reader.gql(`mutation($id: ID!) { unsubscribeFromNewsletter(writerId: $id) { __typename } }`, { id: USERS.writer });
    const emails = await testDb.prepare('SELECT id, email FROM users WHERE id IN (?, ?)').bind(USERS.member, USERS.reader).all<{ id: string; email: string }>();
    const emailOf = (id: string) => emails.results.find((r) => r.id === id)!.email;
    const { body } = await post(USERS.writer, [emailOf(USERS.member), emailOf(USERS.reader), 'fresh@example.com'].join('\n'));
    expect(body.toInvite).toBe(1);
    expect(body.problems!.map((p) => p.reason)).toEqual(['Already a subscriber.', 'Unsubscribed before: only they can subscribe again.']);
  });
});

describe('importing', () => {
  it('needs the writer’s word that everyone agreed', async () => {
    const { status, body } = await post(USERS.writer, 'x@example.com', { confirm: true, consent: false });
    expect(status).toBe(400);
    expect(body.message).toBe('Confirm that everyone on the list agreed to get your emails.');
    expect(await invitations()).toBe(0);
  });

  it('invites the valid addresses, subscribes no one, and mails each an invitation whose confirmation subscribes them', async () => {
    const csv = 'email,name\nrosa@example.com,Rosa Park\nbad address\nsam@example.net,Sam\n';
    const { status, body } = await post(USERS.writer, csv, { confirm: true });
    expect(status).toBe(201);
    expect(body).toMatchObject({ imported: true, invited: 2, toInvite: 2 });
    expect(body.problems).toHaveLength(1);
    expect(await invitations()).toBe(2);
    // Nobody is a subscriber yet, and no account exists for them.
    expect(await count("SELECT count(*) AS n FROM users WHERE email IN ('rosa@example.com', 'sam@example.net')")).toBe(0);

    await drainQueue();
    const [mail] = await listDevMailbox(testDb, 'rosa@example.com');
    expect(mail!.subject).toBe("Subscribe to Wren Writer's newsletter?");
    const link = /https?:\/\/[^\s"]+\/_\/newsletter-invitation\/[\w-]+/.exec(mail!.text)![0];
    const path = new URL(link).pathname;
    // A retried page mails no one twice.
    await drainQueue();
    expect(await listDevMailbox(testDb, 'rosa@example.com')).toHaveLength(1);

    // Following the link (or a mail scanner doing so) changes nothing; the button subscribes.
    const opened = await workerFetch(`http://localhost:8787${path}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('Confirm subscription');
    expect(await count("SELECT count(*) AS n FROM users WHERE email = 'rosa@example.com'")).toBe(0);
    const confirmed = await workerFetch(`http://localhost:8787${path}`, { method: 'POST' });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toMatch(/You(&#39;|')re subscribed/);
    const rosa = await testDb.prepare("SELECT id, name FROM users WHERE email = 'rosa@example.com'").first<{ id: string; name: string }>();
    expect(rosa!.name).toBe('Rosa Park');
    expect(await count('SELECT count(*) AS n FROM newsletter_subscriptions WHERE subscriber_id = ? AND writer_id = ?', rosa!.id, USERS.writer)).toBe(1);
    // Twice is once.
    await workerFetch(`http://localhost:8787${path}`, { method: 'POST' });
    expect(await count("SELECT count(*) AS n FROM users WHERE email = 'rosa@example.com'")).toBe(1);

    // A tampered key is not an invitation.
    const tampered = await workerFetch(`http://localhost:8787${path.slice(0, -2)}xx`, { method: 'POST' });
    expect(tampered.status).toBe(404);

    // Invited once is invited for good: another import skips them.
    const again = await post(USERS.writer, 'sam@example.net\nrosa@example.com');
    expect(again.body.toInvite).toBe(0);
    expect(again.body.problems!.map((p) => p.reason)).toEqual(['Invited before.', 'Already a subscriber.']);
  });

  it("someone else's newsletter is a 404, and nothing is written", async () => {
    const before = await invitations();
    const reader = await createSession(testDb, USERS.reader);
    for (const id of [USERS.writer, 'no-such-newsletter']) {
      const { status } = await post(id, 'victim@example.com', { confirm: true, session: reader });
      expect(status, id).toBe(404);
    }
    expect((await post(USERS.writer, 'x@example.com', { session: null })).status).toBe(401);
    expect((await post(USERS.writer, 'x@example.com', { xsrf: null })).status).toBe(403);
    expect(await invitations()).toBe(before);
  });

  it('a publication newsletter: only its editors import', async () => {
    const writer = await signedIn(USERS.writer);
    const created = await writer.gql(`mutation($c: ID!) { createPublicationNewsletter(collectionId: $c, name: "Quill letters") { ... on PublicationNewsletter { id } } }`, { c: COLLECTIONS.quill });
    const id = created.data.createPublicationNewsletter.id as string;
    expect((await post(id, 'pub.reader@example.com', { confirm: true })).status).toBe(201);
    expect((await post(id, 'pub.other@example.com', { confirm: true, session: await createSession(testDb, USERS.member) })).status).toBe(404);
  });
});

describe('hostile files', () => {
  it('keeps formulas, quotes and odd names as plain text', async () => {
    const { body } = await post(USERS.writer, 'email,name\n"formula@example.com","=HYPERLINK(""http://evil"")"\n"quote""d@example.com",x\n');
    expect(body.toInvite).toBe(1);
    expect(body.problems!.map((p) => p.reason)).toEqual(['Not an email address.']);
    await post(USERS.writer, 'email,name\n"formula@example.com","=HYPERLINK(""http://evil"")"\n', { confirm: true });
    const stored = await testDb.prepare("SELECT name FROM newsletter_invitations WHERE email = 'formula@example.com'").first<{ name: string }>();
    expect(stored!.name).toBe('=HYPERLINK("http://evil")');
  });

  it('refuses binary files, too many rows and too large files with clear answers', async () => {
    const binary = await post(USERS.writer, new Uint8Array(new ArrayBuffer(10)).map((_, i) => [0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0x49, 0x48][i]!));
    expect(binary).toEqual({ status: 415, body: { message: 'This is not a CSV file. Save the list as CSV (comma-separated values) and try again.', status: 415 } });
    const many = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `p${i}@example.com`).join('\n');
    const tooMany = await post(USERS.writer, many, { confirm: true });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.message).toContain('at most 5,000 addresses');
    const large = await post(USERS.writer, 'a@example.com,' + 'x'.repeat(2 * 1024 * 1024));
    expect(large.status).toBe(413);
    expect((await post(USERS.writer, '\n\n  \n')).status).toBe(400);
  });

  it('imports 5,000 addresses in one write', async () => {
    const before = await invitations();
    const many = Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => `bulk${i}@example.com`).join('\n');
    const { status, body } = await post(USERS.writer, many, { confirm: true });
    expect(status).toBe(201);
    expect(body.invited).toBe(MAX_IMPORT_ROWS);
    expect(await invitations()).toBe(before + MAX_IMPORT_ROWS);
  });
});
