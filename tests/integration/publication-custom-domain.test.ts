// A publication's custom domain (/{collectionSlug}/settings/custom-domain; docs/adr/0087-a-publications-custom-domain.md):
// the writer's domain flow generalised — the spec's domain connect errors, pending serves
// nothing, the TXT record bound to the publication (a writer's record does not verify it), LIVE
// serves the publication and its stories on the domain (their addresses follow it), disconnect.
// Only the publication's owner and editors: a writer of it, another reader and a signed-out
// caller are told it does not exist.
import { beforeAll, describe, expect, it } from 'vitest';
import { verificationValue } from '../../worker/accounts/custom-domain.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { COLLECTIONS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';

const SETTINGS = /* GraphQL */ `
  query ($slug: String!) {
    publicationCustomDomain(collectionSlug: $slug) { collectionId name slug settings { state domain records { type name value } } }
  }
`;
const SET = /* GraphQL */ `
  mutation ($id: ID!, $domain: String!) {
    setPublicationCustomDomain(collectionId: $id, domain: $domain) {
      __typename
      ... on CustomDomainSettings { state domain records { type name value } }
      ... on CustomDomainFailure { code message }
    }
  }
`;
const VERIFY = /* GraphQL */ `
  mutation ($id: ID!) {
    verifyPublicationCustomDomain(collectionId: $id) {
      __typename
      ... on CustomDomainVerification { pendingReason settings { state domain } }
      ... on CustomDomainFailure { code message }
    }
  }
`;
const REMOVE = /* GraphQL */ `
  mutation ($id: ID!) {
    removePublicationCustomDomain(collectionId: $id) { state domain }
  }
`;
const STORY_URL = /* GraphQL */ `
  query ($id: ID!) { post(id: $id) { mediumUrl } }
`;

const DOMAIN = 'bytes-daily.test';
const ID = COLLECTIONS.dailyBytes;
/** A story of Daily Bytes in the fixtures (the second of the bulk stories). */
const STORY = 'f00000000002';
let editor: Caller;

async function addRecord(name: string, value: string) {
  await testDb.prepare("INSERT OR IGNORE INTO dev_dns_records (name, type, value) VALUES (?, 'TXT', ?)").bind(name, value).run();
}

beforeAll(async () => {
  await seedWorld(testDb);
  await testDb.prepare('DELETE FROM dev_dns_records').run();
  // The member edits Daily Bytes (the writer is only a writer of it).
  await testDb
    .prepare("INSERT OR REPLACE INTO collection_members (collection_id, user_id, role, created_at) VALUES (?, ?, 'EDITOR', 0)")
    .bind(ID, USERS.member)
    .run();
  await testDb.prepare("UPDATE collections SET domain = NULL, custom_domain_state = 'NONE' WHERE id = ?").bind(ID).run();
  editor = await signedIn(USERS.member);
});

describe('who may', () => {
  it('shows the settings to an editor only: a writer of the publication and a reader get nothing', async () => {
    expect((await editor.gql(SETTINGS, { slug: 'Daily-Bytes' })).data?.publicationCustomDomain).toEqual({
      collectionId: ID,
      name: 'Daily Bytes',
      slug: 'daily-bytes',
      settings: { state: 'NONE', domain: null, records: [] },
    });
    for (const caller of [await signedIn(USERS.writer), await signedIn(USERS.reader), loggedOut]) {
      expect((await caller.gql(SETTINGS, { slug: 'daily-bytes' })).data?.publicationCustomDomain).toBeNull();
    }
  });

  it('refuses the mutations to anyone but its owner and editors, writing nothing', async () => {
    const writer = await signedIn(USERS.writer);
    for (const [query, vars] of [
      [SET, { id: ID, domain: 'stolen.test' }],
      [VERIFY, { id: ID }],
      [REMOVE, { id: ID }],
    ] as const) {
      expect((await writer.gql(query, vars)).errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    }
    expect((await loggedOut.gql(SET, { id: ID, domain: 'stolen.test' })).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    expect(await testDb.prepare('SELECT domain FROM collections WHERE id = ?').bind(ID).first()).toEqual({ domain: null });
  });

  it('answers the page to an editor and the not-found page to anyone else', async () => {
    const mine = await createSession(testDb, USERS.member);
    const page = await workerFetch('http://localhost:8787/daily-bytes/settings/custom-domain', { headers: { cookie: `sid=${mine.token}` } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Custom domain');
    const theirs = await createSession(testDb, USERS.reader);
    expect((await workerFetch('http://localhost:8787/daily-bytes/settings/custom-domain', { headers: { cookie: `sid=${theirs.token}` } })).status).toBe(404);
  });
});

describe('the spec’s refusals', () => {
  it('refuses what is not a domain, or ours, with INVALID_DOMAIN', async () => {
    for (const domain of ['not a domain', 'localhost', '10.0.0.1', 'x.localhost']) {
      expect((await editor.gql(SET, { id: ID, domain })).data?.setPublicationCustomDomain).toMatchObject({ code: 'INVALID_DOMAIN' });
    }
  });

  it("refuses a writer's or another publication's domain with ALREADY_CONNECTED", async () => {
    for (const domain of ['wren.test', 'quill.test', 'PENDING.test']) {
      expect((await editor.gql(SET, { id: ID, domain })).data?.setPublicationCustomDomain).toMatchObject({
        code: 'ALREADY_CONNECTED',
        message: 'This domain is already connected to another account or publication.',
      });
    }
  });

  it('refuses an editor who is not a member with NON_MEMBER', async () => {
    // The writer edits Pending Press but has no membership.
    const writer = await signedIn(USERS.writer);
    expect((await writer.gql(VERIFY, { id: COLLECTIONS.pending })).data?.verifyPublicationCustomDomain).toMatchObject({ code: 'NON_MEMBER' });
  });
});

describe('a publication domain from pending to live', () => {
  it('is pending with records bound to the publication, and serves nothing yet', async () => {
    const settings = (await editor.gql(SET, { id: ID, domain: `https://${DOMAIN}/` })).data?.setPublicationCustomDomain;
    expect(settings).toMatchObject({ __typename: 'CustomDomainSettings', state: 'PENDING', domain: DOMAIN });
    const txt = settings.records.find((r: { type: string }) => r.type === 'TXT');
    expect(txt).toEqual({ type: 'TXT', name: `_vellum-verification.${DOMAIN}`, value: await verificationValue({ kind: 'collection', id: ID }, DOMAIN) });
    expect(txt.value).not.toBe(await verificationValue(USERS.member, DOMAIN));
    expect((await workerFetch(`http://${DOMAIN}/`, { redirect: 'manual' })).status).toBe(404);
    // A writer cannot take the pending domain for themself.
    expect((await editor.gql(`mutation { setCustomDomain(domain: "${DOMAIN}") { __typename } }`)).data?.setCustomDomain.__typename).toBe('CustomDomainFailure');
  });

  it("stays pending with the editor's own (writer) record: the record must name the publication", async () => {
    await addRecord(`_vellum-verification.${DOMAIN}`, await verificationValue(USERS.member, DOMAIN));
    const answer = (await editor.gql(VERIFY, { id: ID })).data?.verifyPublicationCustomDomain;
    expect(answer).toMatchObject({ __typename: 'CustomDomainVerification', settings: { state: 'PENDING' } });
    expect(answer.pendingReason).toMatch(/48 hours/);
  });

  it('goes live with its record: the domain serves the publication and its stories, whose addresses follow it', async () => {
    await addRecord(`_vellum-verification.${DOMAIN}`, await verificationValue({ kind: 'collection', id: ID }, DOMAIN));
    expect((await editor.gql(VERIFY, { id: ID })).data?.verifyPublicationCustomDomain).toEqual({
      __typename: 'CustomDomainVerification',
      pendingReason: null,
      settings: { state: 'LIVE', domain: DOMAIN },
    });
    const home = await workerFetch(`http://${DOMAIN}/`, { redirect: 'manual' });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Daily Bytes');
    const url = (await editor.gql(STORY_URL, { id: STORY })).data?.post.mediumUrl as string;
    // In development the domain is served as {domain}.localhost (docs/adr/0130-custom-domains-in-development.md).
    expect(url).toBe(`http://${DOMAIN}.localhost:8787/bulk-story-2-${STORY}`);
    const story = await workerFetch(url, { redirect: 'manual' });
    expect(story.status).toBe(200);
    expect(await story.text()).toContain('Bulk Story 2');
  });

  it('disconnects: the domain is no longer served, the stories go back to the main host', async () => {
    expect((await editor.gql(REMOVE, { id: ID })).data?.removePublicationCustomDomain).toEqual({ state: 'NONE', domain: null });
    expect((await workerFetch(`http://${DOMAIN}/`, { redirect: 'manual' })).status).toBe(404);
    expect((await editor.gql(STORY_URL, { id: STORY })).data?.post.mediumUrl).not.toContain(DOMAIN);
  });
});
