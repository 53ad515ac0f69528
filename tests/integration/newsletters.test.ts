// Writers' newsletters (issue 12 item 8; docs/newsletters.md): a reader subscribes; the writer
// publishes with "send to subscribers"; the story is in the development mailbox with a signed
// unsubscribe link and the List-Unsubscribe / List-Unsubscribe-Post headers; a member-only story
// carries only its preview; the signed link and the one-click POST work signed out, a tampered
// one is refused and changes nothing; a republish never sends again.
import { beforeAll, describe, expect, it } from 'vitest';
import { listDevMailbox } from '../../worker/mail/dev-mailbox.ts';
import { emailSettingsHash } from '../../worker/newsletters/signing.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, testEnv, workerFetch } from './helpers/graphql-client.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';
import { drainQueue } from './helpers/queue.ts';

const SUBSCRIBE = `mutation($writerId: ID!) { subscribeToNewsletter(writerId: $writerId) { __typename ... on User { id viewerIsSubscribedToNewsletter } ... on BadRequest { message } ... on NotFound { message } } }`;
const UNSUBSCRIBE = `mutation($writerId: ID!) { unsubscribeFromNewsletter(writerId: $writerId) { __typename ... on User { id viewerIsSubscribedToNewsletter } } }`;
const SETTINGS = `query($userId: ID!, $hash: String) { newsletterEmailSettings(userId: $userId, hash: $hash) { __typename ... on NewsletterEmailSettings { subscriptions { writer { username } } } ... on Forbidden { message } } }`;
const UNSUBSCRIBE_LINK = `mutation($userId: ID!, $hash: String, $writerId: ID) { unsubscribeFromNewsletters(userId: $userId, hash: $hash, writerId: $writerId) { __typename ... on NewsletterEmailSettings { subscriptions { writer { username } } } } }`;
const SAVE = `mutation($title: String!, $contentJson: String!) { saveDraft(postId: null, baseRev: 0, title: $title, subtitle: "A subtitle", contentJson: $contentJson) { __typename ... on DraftSaved { post { id } } } }`;
const PUBLISH = `mutation($postId: ID!, $memberOnly: Boolean!, $send: Boolean) { publishPost(postId: $postId, tags: [], memberOnly: $memberOnly, unlisted: false, sendToSubscribers: $send) { __typename ... on Post { id mediumUrl } } }`;

let writer: Caller;
let reader: Caller;
let readerEmail: string;

const paragraphs = (count: number, prefix: string) =>
  JSON.stringify({ paragraphs: Array.from({ length: count }, (_, i) => ({ name: `p${i}`, type: 'P', text: `${prefix} paragraph ${i + 1}.`, markups: [] })) });

async function publish(title: string, options: { memberOnly?: boolean; send?: boolean; count?: number } = {}) {
  const saved = (await writer.gql(SAVE, { title, contentJson: paragraphs(options.count ?? 2, title) })).data!.saveDraft;
  const published = (await writer.gql(PUBLISH, { postId: saved.post.id, memberOnly: options.memberOnly ?? false, send: options.send ?? true })).data!.publishPost;
  expect(published.__typename).toBe('Post');
  // The emails go out from the fan-out queue (docs/adr/0090-one-fan-out-queue.md).
  await drainQueue();
  return published as { id: string; mediumUrl: string };
}

const inbox = async (subject: string) => (await listDevMailbox(testDb, readerEmail)).filter((m) => m.subject === subject);

beforeAll(async () => {
  await seedWorld(testDb);
  await testDb.prepare("UPDATE users SET partner_program_status = 'ACTIVE' WHERE id = ?").bind(USERS.writer).run();
  writer = await signedIn(USERS.writer);
  reader = await signedIn(USERS.reader);
  readerEmail = (await testDb.prepare('SELECT email FROM users WHERE id = ?').bind(USERS.reader).first<{ email: string }>())!.email;
});

describe('subscribing', () => {
  it('a reader subscribes to and unsubscribes from a writer’s newsletter', async () => {
    expect((await reader.gql(SUBSCRIBE, { writerId: USERS.writer })).data!.subscribeToNewsletter).toEqual({ __typename: 'User', id: USERS.writer, viewerIsSubscribedToNewsletter: true });
    expect((await reader.gql(UNSUBSCRIBE, { writerId: USERS.writer })).data!.unsubscribeFromNewsletter).toEqual({ __typename: 'User', id: USERS.writer, viewerIsSubscribedToNewsletter: false });
    expect((await reader.gql(SUBSCRIBE, { writerId: USERS.writer })).data!.subscribeToNewsletter.viewerIsSubscribedToNewsletter).toBe(true);
  });

  it('is refused signed out, to oneself and to a missing writer', async () => {
    expect((await loggedOut.gql(SUBSCRIBE, { writerId: USERS.writer })).data!.subscribeToNewsletter).toEqual({ __typename: 'BadRequest', message: 'Sign in to subscribe to newsletters.' });
    expect((await writer.gql(SUBSCRIBE, { writerId: USERS.writer })).data!.subscribeToNewsletter.__typename).toBe('BadRequest');
    expect((await reader.gql(SUBSCRIBE, { writerId: 'ffffffffffff' })).data!.subscribeToNewsletter.__typename).toBe('NotFound');
  });

  it('/_/subscribe/user/{id} leads to the writer’s subscribe page', async () => {
    const answer = await workerFetch(`http://localhost:8787/_/subscribe/user/${USERS.writer}`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/@writer/subscribe');
  });
});

describe('a published story by email', () => {
  it('goes to subscribers with a signed unsubscribe link and one-click headers, once', async () => {
    const story = await publish('Letters from the edge');
    const [mail, ...more] = await inbox('Letters from the edge');
    expect(more).toEqual([]);
    expect(mail!.text).toContain('Letters from the edge paragraph 2.');
    expect(mail!.text).toContain(story.mediumUrl);
    const hash = await emailSettingsHash(testEnv, USERS.reader);
    expect(mail!.text).toContain(`/me/email-settings/${USERS.reader}/${hash}`);
    expect(mail!.headers['List-Unsubscribe']).toBe(`<http://localhost:8787/_/newsletters/unsubscribe/${USERS.reader}/${USERS.writer}/${hash}>`);
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // Republishing (an edit) never sends it again.
    await writer.gql(PUBLISH, { postId: story.id, memberOnly: false, send: true });
    await drainQueue();
    expect(await inbox('Letters from the edge')).toHaveLength(1);
  });

  it('is not sent when the writer leaves "send to subscribers" off', async () => {
    await publish('Quiet publication', { send: false });
    expect(await inbox('Quiet publication')).toEqual([]);
  });

  it('of a member-only story carries only the preview and a link', async () => {
    const story = await publish('Members only letter', { memberOnly: true, count: 6 });
    const [mail] = await inbox('Members only letter');
    expect(mail!.text).toContain('Members only letter paragraph 1.');
    expect(mail!.text).not.toContain('Members only letter paragraph 6.');
    expect(mail!.html).not.toContain('Members only letter paragraph 6.');
    expect(mail!.text).toContain(`This is a member-only story. Continue reading on ${testEnv.PRODUCT_NAME}:\n${story.mediumUrl}`);
  });
});

describe('the signed links, signed out', () => {
  it('a tampered email-settings link shows nothing and changes nothing', async () => {
    const hash = await emailSettingsHash(testEnv, USERS.reader);
    const tampered = hash.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect((await loggedOut.gql(SETTINGS, { userId: USERS.reader, hash: tampered })).data!.newsletterEmailSettings.__typename).toBe('Forbidden');
    expect((await loggedOut.gql(SETTINGS, { userId: USERS.member, hash })).data!.newsletterEmailSettings.__typename).toBe('Forbidden');
    expect((await loggedOut.gql(SETTINGS, { userId: USERS.reader })).data!.newsletterEmailSettings.__typename).toBe('Forbidden');
    expect((await loggedOut.gql(UNSUBSCRIBE_LINK, { userId: USERS.reader, hash: tampered, writerId: null })).data!.unsubscribeFromNewsletters.__typename).toBe('Forbidden');
    const oneClick = await workerFetch(`http://localhost:8787/_/newsletters/unsubscribe/${USERS.reader}/${USERS.writer}/${tampered}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(403);
    expect((await loggedOut.gql(SETTINGS, { userId: USERS.reader, hash })).data!.newsletterEmailSettings).toEqual({
      __typename: 'NewsletterEmailSettings',
      subscriptions: [{ writer: { username: 'writer' } }],
    });
  });

  it('the email-settings page answers with the signed link and 404s nothing', async () => {
    const hash = await emailSettingsHash(testEnv, USERS.reader);
    const page = await workerFetch(`http://localhost:8787/me/email-settings/${USERS.reader}/${hash}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Unsubscribe from all newsletters');
  });

  it('one-click POST unsubscribes without signing in; a GET only redirects to the settings page', async () => {
    const hash = await emailSettingsHash(testEnv, USERS.reader);
    const url = `http://localhost:8787/_/newsletters/unsubscribe/${USERS.reader}/${USERS.writer}/${hash}`;
    const get = await workerFetch(url, { redirect: 'manual' });
    expect(get.status).toBe(302);
    expect(get.headers.get('location')).toBe(`/me/email-settings/${USERS.reader}/${hash}`);
    expect((await reader.gql(`{ user(username: "writer") { viewerIsSubscribedToNewsletter } }`)).data!.user.viewerIsSubscribedToNewsletter).toBe(true);
    const post = await workerFetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(post.status).toBe(200);
    expect((await reader.gql(`{ user(username: "writer") { viewerIsSubscribedToNewsletter } }`)).data!.user.viewerIsSubscribedToNewsletter).toBe(false);
  });

  it('unsubscribe from all through the signed link, signed out', async () => {
    await reader.gql(SUBSCRIBE, { writerId: USERS.writer });
    const hash = await emailSettingsHash(testEnv, USERS.reader);
    expect((await loggedOut.gql(UNSUBSCRIBE_LINK, { userId: USERS.reader, hash, writerId: null })).data!.unsubscribeFromNewsletters).toEqual({
      __typename: 'NewsletterEmailSettings',
      subscriptions: [],
    });
  });
});
