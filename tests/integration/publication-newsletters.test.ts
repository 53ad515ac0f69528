// Publication newsletters (issue 12; docs/newsletters.md "Publication newsletters"): only a
// publication's editors create its newsletter (one per publication); readers subscribe through
// GraphQL or /_/api/subscriptions/newsletters/{id} (signed in, anti-forgery token for changes);
// /_/subscribe/collection/{id} leads to the newsletter's page; a story an editor publishes into the
// publication with "send to subscribers" reaches the newsletter's subscribers through the writer
// newsletter's one sender — once per reader, with a signed one-click unsubscribe that ends the
// publication subscription and a tampered one that changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { listDevMailbox } from '../../worker/mail/dev-mailbox.ts';
import { emailSettingsHash } from '../../worker/newsletters/signing.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { COLLECTIONS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, testEnv, workerFetch } from './helpers/graphql-client.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';
import { drainQueue } from './helpers/queue.ts';

const CREATE = `mutation($collectionId: ID!, $name: String!, $description: String) {
  createPublicationNewsletter(collectionId: $collectionId, name: $name, description: $description) {
    __typename ... on PublicationNewsletter { id slug name description subscriberCount collection { id } } ... on BadRequest { message } ... on NotFound { message }
  } }`;
const SUBSCRIBE = `mutation($id: ID!) { subscribeToPublicationNewsletter(newsletterId: $id) { __typename ... on PublicationNewsletter { viewerIsSubscribed subscriberCount } ... on BadRequest { message } } }`;
const READ = `query($id: ID!) { publicationNewsletter(id: $id) { name viewerIsSubscribed subscriberCount } }`;
const SAVE = `mutation($title: String!, $contentJson: String!) { saveDraft(postId: null, baseRev: 0, title: $title, subtitle: "A subtitle", contentJson: $contentJson) { __typename ... on DraftSaved { post { id } } } }`;
const PUBLISH = `mutation($postId: ID!, $collectionId: ID, $send: Boolean) { publishPost(postId: $postId, tags: [], memberOnly: false, unlisted: false, collectionId: $collectionId, sendToSubscribers: $send) { __typename ... on Post { id } } }`;
const WRITER_SUBSCRIBE = `mutation($writerId: ID!) { subscribeToNewsletter(writerId: $writerId) { __typename } }`;

let writer: Caller;
let reader: Caller;
let member: Caller;
let newsletterId: string;

const emailOf = async (id: string) => (await testDb.prepare('SELECT email FROM users WHERE id = ?').bind(id).first<{ email: string }>())!.email;
const inbox = async (userId: string, subject: string) => (await listDevMailbox(testDb, await emailOf(userId))).filter((m) => m.subject === subject);
const subscribed = async (userId: string) =>
  (await testDb.prepare('SELECT count(*) AS n FROM publication_newsletter_subscriptions WHERE newsletter_id = ? AND subscriber_id = ?').bind(newsletterId, userId).first<{ n: number }>())!.n === 1;

async function publishInto(collectionId: string | null, title: string) {
  const saved = (await writer.gql(SAVE, { title, contentJson: JSON.stringify({ paragraphs: [{ name: 'p0', type: 'P', text: `${title} text.`, markups: [] }] }) })).data!.saveDraft;
  const published = (await writer.gql(PUBLISH, { postId: saved.post.id, collectionId, send: true })).data!.publishPost;
  expect(published.__typename).toBe('Post');
  // The emails go out from the fan-out queue after the publish answers (docs/adr/0090-one-fan-out-queue.md).
  await drainQueue();
}

async function api(method: string, id: string, who: { userId?: string; xsrf?: boolean } = {}) {
  const headers: Record<string, string> = {};
  if (who.userId) {
    const session = await createSession(testDb, who.userId);
    headers.cookie = `sid=${session.token}`;
    if (who.xsrf !== false) headers['x-xsrf-token'] = session.xsrf;
  }
  const response = await workerFetch(`http://localhost:8787/_/api/subscriptions/newsletters/${id}`, { method, headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  await seedWorld(testDb);
  writer = await signedIn(USERS.writer);
  reader = await signedIn(USERS.reader);
  member = await signedIn(USERS.member);
});

describe('creating a publication newsletter', () => {
  it('only editors may; anyone else is told it does not exist', async () => {
    // USERS.writer is only a WRITER of Daily Bytes.
    expect((await writer.gql(CREATE, { collectionId: COLLECTIONS.dailyBytes, name: 'Bytes weekly' })).data!.createPublicationNewsletter.__typename).toBe('NotFound');
    expect((await reader.gql(CREATE, { collectionId: COLLECTIONS.quill, name: 'Hijack' })).data!.createPublicationNewsletter.__typename).toBe('NotFound');
    expect((await loggedOut.gql(CREATE, { collectionId: COLLECTIONS.quill, name: 'Hijack' })).errors).toBeDefined();
    expect((await writer.gql(CREATE, { collectionId: COLLECTIONS.quill, name: '   ' })).data!.createPublicationNewsletter.__typename).toBe('BadRequest');
    expect((await writer.gql(CREATE, { collectionId: COLLECTIONS.quill, name: 'x'.repeat(101) })).data!.createPublicationNewsletter.__typename).toBe('BadRequest');
    expect((await testDb.prepare('SELECT count(*) AS n FROM publication_newsletters').first<{ n: number }>())!.n).toBe(0);
  });

  it('the owner creates one, and only one', async () => {
    const created = (await writer.gql(CREATE, { collectionId: COLLECTIONS.quill, name: 'The Quill Weekly', description: 'Our best, on Sundays.' })).data!.createPublicationNewsletter;
    expect(created).toMatchObject({ __typename: 'PublicationNewsletter', slug: 'the-quill-weekly', name: 'The Quill Weekly', description: 'Our best, on Sundays.', subscriberCount: 0, collection: { id: COLLECTIONS.quill } });
    newsletterId = created.id;
    const again = (await writer.gql(CREATE, { collectionId: COLLECTIONS.quill, name: 'Another' })).data!.createPublicationNewsletter;
    expect(again).toEqual({ __typename: 'BadRequest', message: 'This publication already has a newsletter.' });
  });

  it('its editors rename it and change its description; the address stays; anyone else changes nothing', async () => {
    const UPDATE = `mutation($id: ID!, $name: String!, $description: String) { updatePublicationNewsletter(newsletterId: $id, name: $name, description: $description) {
      __typename ... on PublicationNewsletter { slug name description } ... on BadRequest { message } ... on NotFound { message } } }`;
    expect((await reader.gql(UPDATE, { id: newsletterId, name: 'Hijacked' })).data!.updatePublicationNewsletter.__typename).toBe('NotFound');
    expect((await member.gql(UPDATE, { id: 'nope', name: 'Hijacked' })).data!.updatePublicationNewsletter.__typename).toBe('NotFound');
    expect((await loggedOut.gql(UPDATE, { id: newsletterId, name: 'Hijacked' })).errors).toBeDefined();
    expect((await writer.gql(UPDATE, { id: newsletterId, name: ' ' })).data!.updatePublicationNewsletter).toEqual({ __typename: 'BadRequest', message: 'Give the newsletter a name.' });
    expect((await writer.gql(UPDATE, { id: newsletterId, name: 'Ok', description: 'd'.repeat(281) })).data!.updatePublicationNewsletter.__typename).toBe('BadRequest');
    expect((await writer.gql(READ, { id: newsletterId })).data!.publicationNewsletter.name).toBe('The Quill Weekly');

    const renamed = (await writer.gql(UPDATE, { id: newsletterId, name: '  The Quill Sunday ', description: 'Our best, every Sunday.' })).data!.updatePublicationNewsletter;
    expect(renamed).toEqual({ __typename: 'PublicationNewsletter', slug: 'the-quill-weekly', name: 'The Quill Sunday', description: 'Our best, every Sunday.' });
    // Back to the name the rest of this file expects.
    await writer.gql(UPDATE, { id: newsletterId, name: 'The Quill Weekly', description: 'Our best, on Sundays.' });
  });

  it('/_/subscribe/collection/{id} leads to the newsletter’s page; a publication without one is 404', async () => {
    const answer = await workerFetch(`http://localhost:8787/_/subscribe/collection/${COLLECTIONS.quill}`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/the-quill/newsletters/the-quill-weekly');
    expect((await workerFetch(`http://localhost:8787/_/subscribe/collection/${COLLECTIONS.dailyBytes}`, { redirect: 'manual' })).status).toBe(404);
  });
});

describe('the pages', () => {
  const page = async (path: string, userId?: string) => {
    const headers: Record<string, string> = {};
    if (userId) headers.cookie = `sid=${(await createSession(testDb, userId)).token}`;
    const response = await workerFetch(`http://localhost:8787${path}`, { headers });
    return { status: response.status, html: await response.text() };
  };

  it('the newsletter’s page shows it with Subscribe; another slug is 404', async () => {
    const shown = await page('/the-quill/newsletters/the-quill-weekly');
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('The Quill Weekly');
    expect(shown.html).toContain('Our best, on Sundays.');
    expect(shown.html).toContain('>Subscribe<');
    expect((await page('/the-quill/newsletters/something-else')).status).toBe(404);
    expect((await page('/daily-bytes/newsletters/the-quill-weekly')).status).toBe(404);
  });

  it('the settings pages are the editors’: the owner sees the newsletter, others the 404 page', async () => {
    const owner = await page('/the-quill/new-newsletter', USERS.writer);
    expect(owner.status).toBe(200);
    expect(owner.html).toContain('data-testid="newsletter-subscribers"');
    expect((await page('/the-quill/newsletters/the-quill-weekly/settings', USERS.writer)).status).toBe(200);
    expect((await page('/the-quill/new-newsletter', USERS.reader)).status).toBe(404);
    expect((await page('/the-quill/new-newsletter')).status).toBe(404);
    // An editor of a publication without one gets the form.
    const form = await page('/pending-press/new-newsletter', USERS.writer);
    expect(form.status).toBe(200);
    expect(form.html).toContain('Create newsletter');
  });
});

describe('/_/api/subscriptions/newsletters/{id}', () => {
  it('subscribes and unsubscribes the signed-in viewer', async () => {
    expect(await api('GET', newsletterId, { userId: USERS.reader })).toEqual({ status: 200, body: { newsletterId, subscribed: false } });
    expect(await api('POST', newsletterId, { userId: USERS.reader })).toEqual({ status: 200, body: { newsletterId, subscribed: true } });
    expect(await api('GET', newsletterId, { userId: USERS.reader })).toEqual({ status: 200, body: { newsletterId, subscribed: true } });
    expect(await api('DELETE', newsletterId, { userId: USERS.reader })).toEqual({ status: 200, body: { newsletterId, subscribed: false } });
    expect(await subscribed(USERS.reader)).toBe(false);
  });

  it('refuses the signed out, forged requests and missing newsletters, changing nothing', async () => {
    expect((await api('POST', newsletterId)).status).toBe(401);
    expect((await api('POST', newsletterId, { userId: USERS.reader, xsrf: false })).status).toBe(403);
    expect(await subscribed(USERS.reader)).toBe(false);
    expect((await api('GET', 'ffffffffffffffff', { userId: USERS.reader })).status).toBe(404);
    expect((await api('POST', 'ffffffffffffffff', { userId: USERS.reader })).status).toBe(404);
  });

  it('shows the subscriber count to editors only', async () => {
    expect((await reader.gql(SUBSCRIBE, { id: newsletterId })).data!.subscribeToPublicationNewsletter).toEqual({ __typename: 'PublicationNewsletter', viewerIsSubscribed: true, subscriberCount: null });
    expect((await writer.gql(READ, { id: newsletterId })).data!.publicationNewsletter).toEqual({ name: 'The Quill Weekly', viewerIsSubscribed: false, subscriberCount: 1 });
    expect((await loggedOut.gql(READ, { id: newsletterId })).data!.publicationNewsletter).toEqual({ name: 'The Quill Weekly', viewerIsSubscribed: null, subscriberCount: null });
  });
});

describe('sending a publication’s story', () => {
  it('reaches the newsletter’s subscribers once each, with a one-click unsubscribe that ends the publication subscription', async () => {
    // reader: the publication's newsletter only (subscribed above); member: the writer's and the publication's.
    expect(await subscribed(USERS.reader)).toBe(true);
    expect((await member.gql(SUBSCRIBE, { id: newsletterId })).data!.subscribeToPublicationNewsletter.viewerIsSubscribed).toBe(true);
    expect((await member.gql(WRITER_SUBSCRIBE, { writerId: USERS.writer })).data!.subscribeToNewsletter.__typename).toBe('User');

    await publishInto(COLLECTIONS.quill, 'From the Quill desk');
    const [mail, ...more] = await inbox(USERS.reader, 'From the Quill desk');
    expect(more).toEqual([]);
    const hash = await emailSettingsHash(testEnv, USERS.reader);
    const oneClick = `http://localhost:8787/_/newsletters/unsubscribe/${USERS.reader}/${newsletterId}/${hash}`;
    expect(mail!.headers['List-Unsubscribe']).toBe(`<${oneClick}>`);
    expect(await inbox(USERS.member, 'From the Quill desk')).toHaveLength(1);

    const tampered = hash.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const refused = await workerFetch(oneClick.replace(hash, tampered), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(refused.status).toBe(403);
    expect(await subscribed(USERS.reader)).toBe(true);
    const done = await workerFetch(oneClick, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(done.status).toBe(200);
    expect(await subscribed(USERS.reader)).toBe(false);
  });

  it('a story published outside the publication does not reach its newsletter', async () => {
    await reader.gql(SUBSCRIBE, { id: newsletterId });
    await publishInto(null, 'A personal note');
    expect(await inbox(USERS.reader, 'A personal note')).toEqual([]);
    expect(await inbox(USERS.member, 'A personal note')).toHaveLength(1); // the writer's own subscriber
  });
});

describe('/feed/{collectionSlug}/news', () => {
  it('lists the newsletter’s issues: the publication’s stories that were emailed, and nothing else', async () => {
    // Published in the publication without sending: not an issue.
    const saved = (await writer.gql(SAVE, { title: 'Not sent', contentJson: JSON.stringify({ paragraphs: [{ name: 'p0', type: 'P', text: 'Quiet.', markups: [] }] }) })).data!.saveDraft;
    await writer.gql(PUBLISH, { postId: saved.post.id, collectionId: COLLECTIONS.quill, send: false });
    const answer = await workerFetch('http://localhost:8787/feed/the-quill/news');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await answer.text();
    expect(xml).toContain('<title>The Quill Weekly, a newsletter of The Quill</title>');
    expect(xml).toContain('<link>http://localhost:8787/the-quill/newsletters/the-quill-weekly</link>');
    expect(xml).toContain('<title>From the Quill desk</title>');
    expect(xml).not.toContain('Not sent');
    expect(xml).not.toContain('A personal note');
  });

  it('is 404 for a publication without a newsletter', async () => {
    expect((await workerFetch('http://localhost:8787/feed/daily-bytes/news')).status).toBe(404);
    expect((await workerFetch('http://localhost:8787/feed/no-such-publication/news')).status).toBe(404);
  });
});

describe('GET /@{username}/newsletters/{id}/subscribers/csv-export', () => {
  const exportAs = async (path: string, userId?: string) => {
    const headers: Record<string, string> = {};
    if (userId) headers.cookie = `sid=${(await createSession(testDb, userId)).token}`;
    const response = await workerFetch(`http://localhost:8787${path}`, { headers });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };

  it('gives the writer their subscribers as CSV, a hostile name escaped as text', async () => {
    await testDb.prepare('UPDATE users SET name = ? WHERE id = ?').bind('=HYPERLINK("http://evil.example","x")', USERS.member).run();
    const answer = await exportAs(`/@writer/newsletters/${USERS.writer}/subscribers/csv-export`, USERS.writer);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="writer-subscribers.csv"');
    const lines = answer.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('email,name,username,subscribed_at');
    const memberEmail = await emailOf(USERS.member);
    const memberLine = lines.find((line) => line.startsWith(`${memberEmail},`));
    expect(memberLine).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });

  it('gives a publication newsletter’s subscribers to its editors only', async () => {
    const answer = await exportAs(`/@writer/newsletters/${newsletterId}/subscribers/csv-export`, USERS.writer);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(await emailOf(USERS.reader));
    // Not the writer's own subscribers' list: the publication's.
    expect(answer.text.trimEnd().split('\r\n')[0]).toBe('email,name,username,subscribed_at');
  });

  it('is 404 for anyone else, signed out, or under another username', async () => {
    const readerName = (await testDb.prepare('SELECT username FROM users WHERE id = ?').bind(USERS.reader).first<{ username: string }>())!.username;
    expect((await exportAs(`/@writer/newsletters/${USERS.writer}/subscribers/csv-export`)).status).toBe(404);
    expect((await exportAs(`/@writer/newsletters/${USERS.writer}/subscribers/csv-export`, USERS.reader)).status).toBe(404);
    expect((await exportAs(`/@${readerName}/newsletters/${USERS.writer}/subscribers/csv-export`, USERS.reader)).status).toBe(404);
    expect((await exportAs(`/@${readerName}/newsletters/${newsletterId}/subscribers/csv-export`, USERS.reader)).status).toBe(404);
    expect((await exportAs(`/@writer/newsletters/ffffffffffff/subscribers/csv-export`, USERS.writer)).status).toBe(404);
  });
});

describe('the signed email-settings link', () => {
  const SETTINGS = `query($userId: ID!, $hash: String) { newsletterEmailSettings(userId: $userId, hash: $hash) { __typename ... on NewsletterEmailSettings { publicationSubscriptions { newsletter { id name } } } } }`;
  const LEAVE = `mutation($userId: ID!, $hash: String, $writerId: ID) { unsubscribeFromNewsletters(userId: $userId, hash: $hash, writerId: $writerId) { __typename ... on NewsletterEmailSettings { publicationSubscriptions { newsletter { id } } } } }`;

  it('lists the publication newsletters and ends one, signed out; a tampered hash is refused', async () => {
    expect(await subscribed(USERS.reader)).toBe(true);
    const hash = await emailSettingsHash(testEnv, USERS.reader);
    const listed = (await loggedOut.gql(SETTINGS, { userId: USERS.reader, hash })).data!.newsletterEmailSettings;
    expect(listed.publicationSubscriptions).toEqual([{ newsletter: { id: newsletterId, name: 'The Quill Weekly' } }]);
    const tampered = hash.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect((await loggedOut.gql(LEAVE, { userId: USERS.reader, hash: tampered, writerId: newsletterId })).data!.unsubscribeFromNewsletters.__typename).toBe('Forbidden');
    expect(await subscribed(USERS.reader)).toBe(true);
    const left = (await loggedOut.gql(LEAVE, { userId: USERS.reader, hash, writerId: newsletterId })).data!.unsubscribeFromNewsletters;
    expect(left.publicationSubscriptions).toEqual([]);
    expect(await subscribed(USERS.reader)).toBe(false);
  });
});

describe('the newsletter’s stats (/{collectionSlug}/stats/publication-digests)', () => {
  const DIGEST = `query($slug: String!) { collection(slug: $slug) { newsletter { digestStats { days subscriberCount subscribersGained unsubscribed sends { postId title sentAt recipientCount } } } } }`;
  const pageAs = async (path: string, userId?: string) => {
    const headers: Record<string, string> = {};
    if (userId) headers.cookie = `sid=${(await createSession(testDb, userId)).token}`;
    const response = await workerFetch(`http://localhost:8787${path}`, { headers });
    return { status: response.status, html: await response.text() };
  };

  it('counts subscribers, who joined and left, and each story sent with its recipients, for editors only', async () => {
    const stats = (await writer.gql(DIGEST, { slug: 'the-quill' })).data!.collection.newsletter.digestStats;
    const subscribers = (await testDb.prepare('SELECT count(*) AS n FROM publication_newsletter_subscriptions WHERE newsletter_id = ?').bind(newsletterId).first<{ n: number }>())!.n;
    // The reader left twice (the one-click link, then the email-settings page); the member stays.
    expect(stats).toMatchObject({ days: 30, subscriberCount: subscribers, unsubscribed: 1 });
    expect(stats.subscriberCount).toBeGreaterThanOrEqual(1);
    expect(stats.subscribersGained).toBe(stats.subscriberCount);
    // Only the publication's emailed story: not the one published without sending, nor the personal note.
    expect(stats.sends.map((s: { title: string }) => s.title)).toEqual(['From the Quill desk']);
    const sent = (await testDb.prepare('SELECT recipient_count AS n FROM newsletter_sends WHERE post_id = ?').bind(stats.sends[0].postId).first<{ n: number }>())!.n;
    expect(stats.sends[0].recipientCount).toBe(sent);
    expect(sent).toBeGreaterThanOrEqual(2); // the reader (the publication's) and the member (the writer's, once)
    expect((await reader.gql(DIGEST, { slug: 'the-quill' })).data!.collection.newsletter.digestStats).toBeNull();
    expect((await loggedOut.gql(DIGEST, { slug: 'the-quill' })).data!.collection.newsletter.digestStats).toBeNull();
  });

  it("the publication's story stats count its newsletter's subscribers, not its writers'", async () => {
    const STATS = `query { writerStats(collectionSlug: "the-quill") { subscriberCount totals { subscribersGained } } }`;
    const stats = (await writer.gql(STATS)).data!.writerStats;
    const subscribers = (await testDb.prepare('SELECT count(*) AS n FROM publication_newsletter_subscriptions WHERE newsletter_id = ?').bind(newsletterId).first<{ n: number }>())!.n;
    expect(subscribers).toBeGreaterThan(0);
    expect(stats).toEqual({ subscriberCount: subscribers, totals: { subscribersGained: subscribers } });
  });

  it('is the editors’ page; everyone else gets the 404 page', async () => {
    const owner = await pageAs('/the-quill/stats/publication-digests', USERS.writer);
    expect(owner.status).toBe(200);
    expect(owner.html).toContain('data-testid="digest-sends"');
    expect(owner.html).toContain('From the Quill desk');
    expect(owner.html).not.toContain('A personal note');
    expect(owner.html).toContain('href="/the-quill/stats"');
    expect((await pageAs('/the-quill/stats/publication-digests', USERS.reader)).status).toBe(404);
    expect((await pageAs('/the-quill/stats/publication-digests')).status).toBe(404);
    // An editor of a publication without a newsletter is offered one.
    const none = await pageAs('/pending-press/stats/publication-digests', USERS.writer);
    expect(none.status).toBe(200);
    expect(none.html).toContain('data-testid="no-newsletter"');
    expect(none.html).toContain('href="/pending-press/new-newsletter"');
  });
});

describe('the export page (/export/newsletters/{id})', () => {
  const pageAs = async (path: string, userId?: string) => {
    const headers: Record<string, string> = {};
    if (userId) headers.cookie = `sid=${(await createSession(testDb, userId)).token}`;
    const response = await workerFetch(`http://localhost:8787${path}`, { headers });
    return { status: response.status, html: await response.text() };
  };
  const count = async (sql: string, id: string) => (await testDb.prepare(sql).bind(id).first<{ n: number }>())!.n;

  it('shows the writer their newsletter’s count and the file, and an editor their publication’s', async () => {
    const own = await pageAs(`/export/newsletters/${USERS.writer}`, USERS.writer);
    expect(own.status).toBe(200);
    const writerCount = await count('SELECT count(*) AS n FROM newsletter_subscriptions s JOIN users u ON u.id = s.subscriber_id WHERE s.writer_id = ? AND u.deleted_at IS NULL', USERS.writer);
    expect(own.html).toMatch(new RegExp(`data-testid="export-count"><strong>${writerCount}</strong>`));
    expect(own.html).toContain(`href="/@writer/newsletters/${USERS.writer}/subscribers/csv-export"`);
    const publication = await pageAs(`/export/newsletters/${newsletterId}`, USERS.writer);
    expect(publication.status).toBe(200);
    expect(publication.html).toContain('The Quill Weekly');
    expect(publication.html).toContain(`href="/@writer/newsletters/${newsletterId}/subscribers/csv-export"`);
  });

  it('is the 404 page for a newsletter the viewer does not run; signed out, it asks them to sign in', async () => {
    expect((await pageAs(`/export/newsletters/${USERS.writer}`, USERS.reader)).status).toBe(404);
    expect((await pageAs(`/export/newsletters/${newsletterId}`, USERS.reader)).status).toBe(404);
    expect((await pageAs('/export/newsletters/ffffffffffff', USERS.writer)).status).toBe(404);
    const signedOut = await pageAs(`/export/newsletters/${USERS.writer}`);
    expect(signedOut.status).toBe(200);
    expect(signedOut.html).not.toContain('csv-export');
  });
});

describe('the publish step’s audience', () => {
  const AUDIENCE = `{ viewer { newsletterSubscriberCount writablePublications { canPublish newsletterSubscriberCount collection { slug } } } }`;

  it('tells a writer how many their newsletter reaches, and an editor their publication newsletter’s too', async () => {
    const viewer = (await writer.gql(AUDIENCE)).data!.viewer;
    expect(viewer.newsletterSubscriberCount).toBe((await testDb.prepare('SELECT count(*) AS n FROM newsletter_subscriptions WHERE writer_id = ?').bind(USERS.writer).first<{ n: number }>())!.n);
    const bySlug = Object.fromEntries(viewer.writablePublications.map((p: { collection: { slug: string } }) => [p.collection.slug, p]));
    const quillCount = (await testDb.prepare('SELECT count(*) AS n FROM publication_newsletter_subscriptions WHERE newsletter_id = ?').bind(newsletterId).first<{ n: number }>())!.n;
    expect(bySlug['the-quill']).toMatchObject({ canPublish: true, newsletterSubscriberCount: quillCount });
    // A writer (not an editor) of Daily Bytes submits: no newsletter count; Pending Press has no newsletter.
    expect(bySlug['daily-bytes']).toMatchObject({ canPublish: false, newsletterSubscriberCount: null });
    expect(bySlug['pending-press']).toMatchObject({ newsletterSubscriberCount: null });
  });
});
