// The registrar hand-off of custom-domain setup (docs/adr/0182-registrar-hand-off.md) over HTTP,
// against the local registrar (development): a member asks for a domain, is sent to the
// registrar's Domain Connect page, connects, and comes back through /m/callback/namecheap to a
// live domain. Hostile: a forged, replayed or another person's state, an unregistered
// redirect_uri, a cancel — refused, nothing changed.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../worker/session/session-store.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { GRAPHQL_URL, testDb, workerFetch } from './helpers/graphql-client.ts';
import { followOneRedirect } from './helpers/redirects.ts';

const ORIGIN = 'http://localhost:8787';

interface Person {
  cookie: string;
  gql(query: string, variables?: Record<string, unknown>): Promise<any>;
}

async function as(userId: string): Promise<Person> {
  const session = await createSession(testDb, userId);
  const cookie = `sid=${session.token}`;
  return {
    cookie,
    async gql(query, variables = {}) {
      const response = await workerFetch(GRAPHQL_URL, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': session.xsrf }, body: JSON.stringify({ query, variables }) });
      return ((await response.json()) as { data: any }).data;
    },
  };
}

const SET = `mutation($domain: String!) { setCustomDomain(domain: $domain) { __typename ... on CustomDomainSettings { state domain registrarHandOff } } }`;
const domainOf = (userId: string) => testDb.prepare('SELECT custom_domain AS domain, custom_domain_state AS state FROM users WHERE id = ?').bind(userId).first<{ domain: string; state: string }>();
const records = async (name: string) => (await testDb.prepare('SELECT type, value FROM dev_dns_records WHERE name = ? ORDER BY type').bind(name).all()).results;

async function start(person: Person): Promise<URL> {
  const started = await workerFetch(`${ORIGIN}/_/custom-domain/registrar`, { headers: { cookie: person.cookie }, redirect: 'manual' });
  expect(started.status).toBe(302);
  return new URL(started.headers.get('location')!);
}

async function connect(apply: URL, overrides: Record<string, string> = {}): Promise<Response> {
  const form = new URLSearchParams(apply.searchParams);
  for (const [name, value] of Object.entries(overrides)) form.set(name, value);
  return workerFetch(apply.origin + apply.pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN }, body: form.toString(), redirect: 'manual' });
}


beforeAll(async () => {
  await seedWorld(testDb);
}, 60_000);

describe('the registrar hand-off', () => {
  it('sets the records at the registrar and comes back to a live domain', async () => {
    const member = await as(USERS.member);
    expect((await member.gql(SET, { domain: 'blog.member-writes.org' })).setCustomDomain).toMatchObject({ state: 'PENDING', registrarHandOff: true });
    const apply = await start(member);
    expect(apply.pathname).toBe('/_/dev/registrar/v2/domainTemplates/providers/vellum/services/custom-domain/apply');
    expect(Object.fromEntries(apply.searchParams)).toMatchObject({ domain: 'member-writes.org', host: 'blog', target: 'localhost', redirect_uri: `${ORIGIN}/m/callback/namecheap` });
    const page = await workerFetch(apply.href);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Connect blog.member-writes.org to');
    const connected = await connect(apply);
    expect(connected.status).toBe(303);
    expect(await records('_vellum-verification.blog.member-writes.org')).toEqual([{ type: 'TXT', value: apply.searchParams.get('verification') }]);
    expect(await followOneRedirect(member, connected.headers.get('location')!)).toBe('/me/settings/custom-domain?registrar=LIVE');
    expect(await domainOf(USERS.member)).toEqual({ domain: 'blog.member-writes.org', state: 'LIVE' });
    // The same way back again: spent.
    expect(await followOneRedirect(member, connected.headers.get('location')!)).toBe('/me/settings/custom-domain?registrar=EXPIRED_STATE');
    // A live domain has nothing to hand off.
    const again = await start(member);
    expect(again.pathname + again.search).toBe('/me/settings/custom-domain?registrar=UNAVAILABLE');
  });

  it('refuses a forged or another person’s state, an unregistered redirect_uri and a cancel', async () => {
    const friend = await as(USERS.friend);
    const member = await as(USERS.member);
    await friend.gql(SET, { domain: 'friend-reads.net' });
    const apply = await start(friend);
    // The registrar never sends anyone to an address that is not the registered callback.
    const elsewhere = await connect(apply, { redirect_uri: 'https://attacker.example/steal' });
    expect(elsewhere.status).toBe(400);
    expect(await records('_vellum-verification.friend-reads.net')).toEqual([]);
    // Forged state.
    const forged = new URL(`${ORIGIN}/m/callback/namecheap`);
    forged.searchParams.set('state', 'forged');
    expect(await followOneRedirect(friend, forged.href)).toBe('/me/settings/custom-domain?registrar=EXPIRED_STATE');
    // Another person brings the friend's way back: refused, and the state is spent.
    const connected = await connect(apply);
    expect(await followOneRedirect(member, connected.headers.get('location')!)).toBe('/me/settings/custom-domain?registrar=EXPIRED_STATE');
    expect(await followOneRedirect(null, connected.headers.get('location')!)).toBe('/me/settings/custom-domain?registrar=EXPIRED_STATE');
    expect((await domainOf(USERS.friend))!.state).toBe('PENDING');
    // A cancel at the registrar.
    const third = await start(friend);
    const cancelled = new URL(third.searchParams.get('redirect_uri')!);
    cancelled.searchParams.set('state', third.searchParams.get('state')!);
    cancelled.searchParams.set('error', 'access_denied');
    expect(await followOneRedirect(friend, cancelled.href)).toBe('/me/settings/custom-domain?registrar=DENIED');
    expect((await domainOf(USERS.friend))!.state).toBe('PENDING');
    // Signed out, nothing starts.
    expect((await workerFetch(`${ORIGIN}/_/custom-domain/registrar`, { redirect: 'manual' })).status).toBe(401);
  });
});
