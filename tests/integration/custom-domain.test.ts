// The custom domain setting (docs/adr/0086-a-writers-custom-domain.md): the spec's domain connect errors, a
// pending state that serves nothing, verification through the DNS adapter (development's local
// zone, dev_dns_records), LIVE only once the TXT record holds this account's value, and the host
// served at once after it goes live (the host cache is cleared) and gone once disconnected.
import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { signedIn, type Caller } from './helpers/signed-in.ts';
import { verificationValue } from '../../worker/accounts/custom-domain.ts';

const SET = /* GraphQL */ `
  mutation ($domain: String!) {
    setCustomDomain(domain: $domain) {
      __typename
      ... on CustomDomainSettings { state domain records { type name value } }
      ... on CustomDomainFailure { code message }
    }
  }
`;
const VERIFY = /* GraphQL */ `
  mutation {
    verifyCustomDomain {
      __typename
      ... on CustomDomainVerification { pendingReason settings { state domain } }
      ... on CustomDomainFailure { code message }
    }
  }
`;
const REMOVE = /* GraphQL */ `
  mutation {
    removeCustomDomain { state domain }
  }
`;

const DOMAIN = 'member-writes.test';
let member: Caller;

async function addRecord(name: string, value: string) {
  await testDb.prepare("INSERT OR IGNORE INTO dev_dns_records (name, type, value) VALUES (?, 'TXT', ?)").bind(name, value).run();
}

beforeAll(async () => {
  await seedWorld(testDb);
  await testDb.prepare("DELETE FROM dev_dns_records").run();
  member = await signedIn(USERS.member);
  await member.gql(REMOVE);
});

describe('setCustomDomain', () => {
  it.each(['not a domain', 'localhost', '127.0.0.1', 'example', 'https://', '-bad-.test', 'ada.localhost', `${'a'.repeat(64)}.test`, 'a.b/c?d'])('refuses %j with INVALID_DOMAIN', async (domain) => {
    const answer = await member.gql(SET, { domain });
    expect(answer.data?.setCustomDomain).toMatchObject({ __typename: 'CustomDomainFailure', code: 'INVALID_DOMAIN' });
  });

  it('refuses a reader who is not a member with NON_MEMBER', async () => {
    const reader = await signedIn(USERS.reader);
    expect((await reader.gql(SET, { domain: 'reader-writes.test' })).data?.setCustomDomain).toMatchObject({ code: 'NON_MEMBER', message: 'Custom domains are available to members.' });
    expect(await testDb.prepare('SELECT custom_domain FROM users WHERE id = ?').bind(USERS.reader).first()).toEqual({ custom_domain: null });
  });

  it("refuses another account's or a publication's domain with ALREADY_CONNECTED", async () => {
    for (const domain of ['wren.test', 'WREN.test', 'quill.test', 'pending.test']) {
      expect((await member.gql(SET, { domain })).data?.setCustomDomain).toMatchObject({ code: 'ALREADY_CONNECTED' });
    }
    expect(await testDb.prepare('SELECT domain FROM collections WHERE id = ?').bind(COLLECTIONS.quill).first()).toEqual({ domain: 'quill.test' });
  });
});

describe('a domain from pending to live', () => {
  it('is pending with the records to add, and serves nothing until verified', async () => {
    const answer = await member.gql(SET, { domain: `https://${DOMAIN.toUpperCase()}/` });
    const settings = answer.data?.setCustomDomain;
    expect(settings).toMatchObject({ __typename: 'CustomDomainSettings', state: 'PENDING', domain: DOMAIN });
    const txt = settings.records.find((r: { type: string }) => r.type === 'TXT');
    expect(txt).toEqual({ type: 'TXT', name: `_vellum-verification.${DOMAIN}`, value: await verificationValue(USERS.member, DOMAIN) });
    expect(settings.records.find((r: { type: string }) => r.type === 'CNAME')).toMatchObject({ name: DOMAIN });
    // A pending domain is not one of our hosts.
    expect((await workerFetch(`http://${DOMAIN}/`, { redirect: 'manual' })).status).toBe(404);
    // Someone else cannot take it while it is pending.
    const friend = await signedIn(USERS.friend);
    expect((await friend.gql(SET, { domain: DOMAIN })).data?.setCustomDomain.__typename).toBe('CustomDomainFailure');
  });

  it('stays pending without the record, or with a record made for another account', async () => {
    let answer = await member.gql(VERIFY);
    expect(answer.data?.verifyCustomDomain).toMatchObject({ __typename: 'CustomDomainVerification', settings: { state: 'PENDING' } });
    expect(answer.data?.verifyCustomDomain.pendingReason).toMatch(/TXT record/);
    await addRecord(`_vellum-verification.${DOMAIN}`, await verificationValue(USERS.friend, DOMAIN));
    answer = await member.gql(VERIFY);
    expect(answer.data?.verifyCustomDomain.settings.state).toBe('PENDING');
  });

  it('goes live when the TXT record holds its value: the domain serves the profile at once', async () => {
    await addRecord(`_VELLUM-verification.${DOMAIN}`, await verificationValue(USERS.member, DOMAIN));
    const answer = await member.gql(VERIFY);
    expect(answer.data?.verifyCustomDomain).toEqual({ __typename: 'CustomDomainVerification', pendingReason: null, settings: { state: 'LIVE', domain: DOMAIN } });
    const page = await workerFetch(`http://${DOMAIN}/`, { redirect: 'manual' });
    expect(page.status).toBe(200);
    const { name } = (await testDb.prepare('SELECT name FROM users WHERE id = ?').bind(USERS.member).first<{ name: string }>())!;
    expect(await page.text()).toContain(name);
  });

  it('disconnects: the domain is no longer served and is free again', async () => {
    expect((await member.gql(REMOVE)).data?.removeCustomDomain).toEqual({ state: 'NONE', domain: null });
    expect((await workerFetch(`http://${DOMAIN}/`, { redirect: 'manual' })).status).toBe(404);
    expect((await member.gql(VERIFY)).data?.verifyCustomDomain).toMatchObject({ __typename: 'CustomDomainFailure', code: 'INVALID_DOMAIN' });
  });

  it('refuses a signed-out caller', async () => {
    const response = await workerFetch('http://localhost:8787/_/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': '1' },
      body: JSON.stringify({ query: SET, variables: { domain: 'anon.test' } }),
    });
    expect(((await response.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('UNAUTHENTICATED');
  });
});
