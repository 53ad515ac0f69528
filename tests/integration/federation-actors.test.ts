// Discoverable actors (issue 30 item 1; docs/adr/0175-fedify-for-activitypub.md,
// docs/adr/0176-federation-before-the-edge-cache.md): WebFinger finds every writer and
// publication on the main host and on their own domains, NodeInfo describes the server, and a
// profile's own address answers an ActivityPub client with the actor document and a browser
// with the page: never one for the other, whatever the edge cache holds.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COLLECTIONS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { clearEdgeCache, send } from './helpers/edge-cache.ts';

const AP = 'application/activity+json';
const LD = 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const WRITER_HOST = 'wren.test.localhost:8787';
const PUBLICATION_HOST = 'quill.test.localhost:8787';

function json(answer: { text: string }) {
  return JSON.parse(answer.text) as Record<string, any>;
}

beforeAll(async () => {
  await seedWorld(testDb);
  // The first federation request loads Fedify into the test's workerd: slow on a busy machine,
  // so it happens here, under the hook's budget, not inside the first test's.
  await send('/.well-known/nodeinfo');
});

beforeEach(async () => {
  await clearEdgeCache();
});

describe('WebFinger', () => {
  it('finds a writer on the main host: the self link is the actor, the profile page its address', async () => {
    const answer = await send('/.well-known/webfinger?resource=acct:writer@localhost:8787');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/jrd+json');
    const jrd = json(answer);
    expect(jrd.subject).toBe('acct:writer@localhost:8787');
    const self = jrd.links.find((l: any) => l.rel === 'self');
    expect(self.type).toBe(AP);
    expect(self.href).toBe(`http://localhost:8787/ap/actors/${USERS.writer}`);
    expect(jrd.links.find((l: any) => l.rel === 'http://webfinger.net/rel/profile-page').href).toBe('http://localhost:8787/@writer');
  });

  it('finds a publication by its slug, and each on its own domain', async () => {
    const publication = json(await send('/.well-known/webfinger?resource=acct:the-quill@localhost:8787'));
    expect(publication.links.find((l: any) => l.rel === 'self').href).toBe(`http://localhost:8787/ap/actors/${COLLECTIONS.quill}`);

    const onOwnDomain = await send('/.well-known/webfinger?resource=acct:writer@wren.test.localhost:8787', { host: WRITER_HOST });
    expect(onOwnDomain.status).toBe(200);
    expect(json(onOwnDomain).links.find((l: any) => l.rel === 'self').href).toBe(`http://${WRITER_HOST}/ap/actors/${USERS.writer}`);

    const publicationDomain = await send('/.well-known/webfinger?resource=acct:the-quill@quill.test.localhost:8787', { host: PUBLICATION_HOST });
    expect(json(publicationDomain).links.find((l: any) => l.rel === 'self').href).toBe(`http://${PUBLICATION_HOST}/ap/actors/${COLLECTIONS.quill}`);
    // A writer's own domain names only its writer.
    expect((await send('/.well-known/webfinger?resource=acct:member@wren.test.localhost:8787', { host: WRITER_HOST })).status).toBe(404);
  });

  it.each([
    ['an unknown writer', 'acct:nobody-here@localhost:8787'],
    ['a suspended writer', 'acct:suspended@localhost:8787'],
    ['a deleted writer', 'acct:deleted@localhost:8787'],
    ['another server’s account', 'acct:writer@mastodon.example.org'],
    ['a path in the name', 'acct:../../etc/passwd@localhost:8787'],
    ['markup in the name', 'acct:<script>alert(1)</script>@localhost:8787'],
    ['a very long name', `acct:${'a'.repeat(5000)}@localhost:8787`],
    ['SQL in the name', "acct:writer' OR '1'='1@localhost:8787"],
  ])('answers 4xx for %s, echoing nothing', async (_, resource) => {
    const answer = await send(`/.well-known/webfinger?resource=${encodeURIComponent(resource)}`);
    expect([400, 404]).toContain(answer.status);
    expect(answer.text).not.toContain('<script>');
    expect(answer.text).not.toContain(USERS.writer);
  });
});

describe('NodeInfo', () => {
  it('links the 2.1 document, which names Vellum and ActivityPub', async () => {
    const links = json(await send('/.well-known/nodeinfo'));
    const link = links.links.find((l: any) => l.rel === 'http://nodeinfo.diaspora.software/ns/schema/2.1');
    expect(link.href).toBe('http://localhost:8787/nodeinfo/2.1');
    const document = json(await send('/nodeinfo/2.1'));
    expect(document.version).toBe('2.1');
    expect(document.software.name).toBe('vellum');
    expect(document.protocols).toEqual(['activitypub']);
    expect(document.usage.users.total).toBeGreaterThan(0);
  });
});

describe('the actor document', () => {
  it.each([
    ['application/activity+json', AP],
    ['application/ld+json with the ActivityStreams profile', LD],
  ])('is served on a writer’s profile address for %s', async (_, accept) => {
    const answer = await send('/@writer', { headers: { accept } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/application\/(activity|ld)\+json/);
    expect(answer.headers.get('vary')).toMatch(/accept/i);
    const actor = json(answer);
    expect(actor.type).toBe('Person');
    expect(actor.id).toBe(`http://localhost:8787/ap/actors/${USERS.writer}`);
    expect(actor.preferredUsername).toBe('writer');
    expect(actor.name).toBe('Wren Writer');
    expect(actor.url).toBe('http://localhost:8787/@writer');
    expect(actor.inbox).toBe(`http://localhost:8787/ap/actors/${USERS.writer}/inbox`);
    expect(actor.outbox).toBe(`http://localhost:8787/ap/actors/${USERS.writer}/outbox`);
    expect(actor.followers).toBe(`http://localhost:8787/ap/actors/${USERS.writer}/followers`);
    expect(actor.endpoints.sharedInbox).toBe('http://localhost:8787/ap/inbox');
    // RSA for draft-cavage (Mastodon), Ed25519 as a Multikey (FEP-8b32, RFC 9421).
    expect(actor.publicKey.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    expect(actor.publicKey.owner).toBe(actor.id);
    const multikeys = [actor.assertionMethod].flat();
    expect(multikeys.some((key: any) => String(key.publicKeyMultibase).startsWith('z6Mk'))).toBe(true);
  });

  it('keeps the same keys: generated once and stored', async () => {
    const first = json(await send('/@writer', { headers: { accept: AP } }));
    const second = json(await send(`/ap/actors/${USERS.writer}`, { headers: { accept: AP } }));
    expect(second.publicKey.publicKeyPem).toBe(first.publicKey.publicKeyPem);
    const stored = await testDb.prepare('SELECT algorithm FROM federation_keys WHERE actor_id = ? ORDER BY algorithm').bind(USERS.writer).all<{ algorithm: string }>();
    expect(stored.results.map((r) => r.algorithm)).toEqual(['Ed25519', 'RSASSA-PKCS1-v1_5']);
  });

  it('is served for a publication on its address, and for each on its own domain', async () => {
    const publication = json(await send('/the-quill', { headers: { accept: AP } }));
    expect(publication.type).toBe('Organization');
    expect(publication.preferredUsername).toBe('the-quill');
    expect(publication.url).toBe('http://localhost:8787/the-quill');

    const writerDomain = json(await send('/', { host: WRITER_HOST, headers: { accept: AP } }));
    expect(writerDomain.id).toBe(`http://${WRITER_HOST}/ap/actors/${USERS.writer}`);
    expect(writerDomain.url).toBe(`http://${WRITER_HOST}/`);
    const publicationDomain = json(await send('/', { host: PUBLICATION_HOST, headers: { accept: AP } }));
    expect(publicationDomain.id).toBe(`http://${PUBLICATION_HOST}/ap/actors/${COLLECTIONS.quill}`);
  });

  it('does not exist for a suspended or deleted writer', async () => {
    expect((await send(`/ap/actors/${USERS.suspendedWriter}`, { headers: { accept: AP } })).status).toBe(404);
    expect((await send(`/ap/actors/${USERS.deletedWriter}`, { headers: { accept: AP } })).status).toBe(404);
    const suspendedProfile = await send('/@suspended', { headers: { accept: AP } });
    expect(suspendedProfile.headers.get('content-type') ?? '').not.toContain('activity+json');
  });

  it('has an empty outbox and a paged, empty followers collection', async () => {
    const followers = json(await send(`/ap/actors/${USERS.writer}/followers`, { headers: { accept: AP } }));
    expect(followers.type).toBe('OrderedCollection');
    expect(followers.totalItems).toBe(0);
    expect(followers.first).toBeTruthy();
    const outbox = json(await send(`/ap/actors/${USERS.writer}/outbox`, { headers: { accept: AP } }));
    expect(outbox.totalItems).toBe(0);
  });
});

describe('one address, two answers, never mixed by the edge cache', () => {
  it('a browser gets the page and an ActivityPub client the actor, whichever asked first', async () => {
    // The page first, stored by the edge cache (a MISS, then a HIT) …
    const page = await send('/@writer', { headers: { accept: BROWSER } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('Wren Writer');
    expect((await send('/@writer', { headers: { accept: BROWSER } })).cacheStatus).toBe('HIT');
    // … does not answer the ActivityPub client,
    const actor = await send('/@writer', { headers: { accept: AP } });
    expect(actor.headers.get('content-type')).toContain('activity+json');
    expect(json(actor).type).toBe('Person');
    expect(actor.cacheStatus).toBeNull();

    // and an actor asked for first is never stored for the browser.
    await clearEdgeCache();
    await send('/the-quill', { headers: { accept: AP } });
    await send('/the-quill', { headers: { accept: LD } });
    const publicationPage = await send('/the-quill', { headers: { accept: BROWSER } });
    expect(publicationPage.headers.get('content-type')).toContain('text/html');
    expect(publicationPage.cacheStatus).not.toBe('HIT');
    expect(publicationPage.text).not.toContain('"@context"');
    expect(publicationPage.text).toContain('The Quill');
  });
});

describe('the page says it varies with Accept', () => {
  it('a profile page, rendered or from the edge cache, on the main host and on its own domain; other pages do not', async () => {
    const varies = (answer: { headers: Headers }) => (answer.headers.get('vary') ?? '').toLowerCase().split(/\s*,\s*/).includes('accept');
    const miss = await send('/@writer', { headers: { accept: BROWSER } });
    expect(miss.headers.get('content-type')).toContain('text/html');
    expect(varies(miss)).toBe(true);
    const hit = await send('/@writer', { headers: { accept: BROWSER } });
    expect(hit.cacheStatus).toBe('HIT');
    expect(varies(hit)).toBe(true);
    const publication = await send('/the-quill', { headers: { accept: BROWSER } });
    expect(publication.headers.get('content-type')).toContain('text/html');
    expect(varies(publication)).toBe(true);
    const ownDomain = await send('/', { host: WRITER_HOST, headers: { accept: BROWSER } });
    expect(ownDomain.headers.get('content-type')).toContain('text/html');
    expect(varies(ownDomain)).toBe(true);
    // A page with no actor behind its address (the home page) does not vary with Accept.
    const home = await send('/', { headers: { accept: BROWSER } });
    expect(home.status).toBe(200);
    expect(varies(home)).toBe(false);
  });
});
