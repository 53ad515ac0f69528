// Following from the fediverse, accepted (issue 30 item 2; docs/adr/0175-fedify-for-activitypub.md):
// a stand-in remote server (its actor built and its requests signed with Fedify's own vocabulary
// and signRequest, answering for a public name through the federation's network seam) follows a
// writer through the shared inbox: the signature is verified against the fetched actor's key, the
// follower is stored and listed in the paged followers collection, and a signed Accept leaves
// through the fan-out queue to the follower's inbox; Undo removes the follower. Before it, the
// Follows the federation must refuse (unsigned, signed with a key that is not the actor's, a body
// changed after signing, an actor on a private address, an actor document past the size cap)
// each answer 401 and store nothing; the accepted Follow that follows is their control.
//
// One journey in one test: keys, the stand-in and the requests are all made inside it.
import { it, vi } from 'vitest';
import { expect } from 'vitest';
import { generateCryptoKeyPair, signRequest, verifyRequest } from '@fedify/fedify';
import { CryptographicKey, Follow, Person, Undo } from '@fedify/fedify/vocab';
import { useFederationNetwork } from '../../worker/federation/network.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { send } from './helpers/edge-cache.ts';
import { drainQueue } from './helpers/queue.ts';

const AP = 'application/activity+json';
const REMOTE = 'https://social.example.org';
const BOB = `${REMOTE}/users/bob`;
const WRITER_ACTOR = `http://localhost:8787/ap/actors/${USERS.writer}`;

async function followers(): Promise<string[]> {
  const { results } = await testDb.prepare('SELECT follower_uri FROM federation_followers WHERE actor_id = ?').bind(USERS.writer).all<{ follower_uri: string }>();
  return results.map((r) => r.follower_uri);
}

it('forged, unsigned, tampered, private-address and oversized Follows are refused; a signed Follow is stored, listed and answered with a signed Accept through the queue; Undo removes it', { timeout: 120_000 }, async () => {
  await seedWorld(testDb);
  const keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const actor = await new Person({
    id: new URL(BOB),
    inbox: new URL(`${BOB}/inbox`),
    publicKey: new CryptographicKey({ id: new URL(`${BOB}#main-key`), owner: new URL(BOB), publicKey: keys.publicKey }),
  }).toJsonLd();
  // Every activity is made before the first request: a Fedify vocabulary object made after the
  // worker has used Fedify meets an I/O object of another request (workerd's rule) and throws.
  const strangerKeys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const EVE = 'https://127.0.0.1/users/eve';
  const HUGE = `${REMOTE}/users/huge`;
  const followOf = (id: string, by: string) => new Follow({ id: new URL(id), actor: new URL(by), object: new URL(WRITER_ACTOR) }).toJsonLd();
  const refused = {
    unsigned: await followOf(`${REMOTE}/follows/unsigned`, BOB),
    forged: await followOf(`${REMOTE}/follows/forged`, BOB),
    tampered: await followOf(`${REMOTE}/follows/tampered`, BOB),
    eve: await followOf('https://127.0.0.1/follows/1', EVE),
    huge: await followOf(`${REMOTE}/follows/huge`, HUGE),
  };
  const follow = new Follow({ id: new URL(`${REMOTE}/follows/1`), actor: new URL(BOB), object: new URL(WRITER_ACTOR) });
  const followJson = await follow.toJsonLd();
  const undoJson = await new Undo({ id: new URL(`${REMOTE}/follows/1/undo`), actor: new URL(BOB), object: follow }).toJsonLd();
  const asked: string[] = [];
  const restore = useFederationNetwork(async (url) => {
    asked.push(url.href);
    const address = url.origin + url.pathname;
    if (address === HUGE) return new Response(new Uint8Array(2 * 1024 * 1024), { headers: { 'content-type': AP } });
    return address === BOB ? new Response(JSON.stringify(actor), { headers: { 'content-type': AP } }) : new Response('Not found', { status: 404 });
  });
  // Deliveries leave through the runtime's fetch: the stand-in server takes those addressed to it.
  // Kept as plain values: a delivery's body belongs to the queue consumer's context (workerd's I/O rule).
  const delivered: { url: string; headers: [string, string][]; body: string }[] = [];
  const runtimeFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (!request.url.startsWith(REMOTE)) return runtimeFetch(input as RequestInfo, init);
    delivered.push({ url: request.url, headers: [...request.headers], body: await request.text() });
    return new Response(null, { status: 202 });
  });
  const signedPost = async (activity: unknown, signing: { key: CryptoKey; keyId: string } | null = { key: keys.privateKey, keyId: `${BOB}#main-key` }, changeBody = (body: string) => body) => {
    const body = JSON.stringify(activity);
    let request = new Request('http://localhost:8787/ap/inbox', { method: 'POST', headers: { 'content-type': AP }, body });
    if (signing) request = await signRequest(request, signing.key, new URL(signing.keyId), { spec: 'draft-cavage-http-signatures-12' });
    return send('/ap/inbox', { method: 'POST', headers: Object.fromEntries(request.headers), body: changeBody(body) });
  };
  try {
    // Refused, and nothing stored.
    expect((await signedPost(refused.unsigned, null)).status).toBe(401);
    expect((await signedPost(refused.forged, { key: strangerKeys.privateKey, keyId: `${BOB}#main-key` })).status).toBe(401);
    expect((await signedPost(refused.tampered, undefined, (body) => body.replace('follows/tampered', 'follows/other'))).status).toBeGreaterThanOrEqual(400);
    expect((await signedPost(refused.eve, { key: strangerKeys.privateKey, keyId: `${EVE}#main-key` })).status).toBe(401);
    expect(asked.filter((address) => address.includes('127.0.0.1'))).toEqual([]);
    expect((await signedPost(refused.huge, { key: strangerKeys.privateKey, keyId: `${HUGE}#main-key` })).status).toBe(401);
    expect(await followers()).toEqual([]);
    await drainQueue();
    expect(delivered).toEqual([]);

    // Accepted.
    expect((await signedPost(followJson)).status).toBe(202);
    expect(asked).toContain(`${BOB}#main-key`);
    expect(await followers()).toEqual([BOB]);

    // The Accept leaves through the fan-out queue, signed with the writer's key.
    await drainQueue();
    const accept = delivered.find((r) => r.url === `${BOB}/inbox`);
    expect(accept).toBeDefined();
    const acceptBody = JSON.parse(accept!.body) as Record<string, any>;
    expect(acceptBody.type).toBe('Accept');
    expect(acceptBody.actor).toBe(WRITER_ACTOR);
    expect(acceptBody.object.id ?? acceptBody.object).toBe(`${REMOTE}/follows/1`);
    const signer = await verifyRequest(new Request(accept!.url, { method: 'POST', headers: accept!.headers, body: accept!.body }), {
      documentLoader: async (url) => {
        const response = await workerFetch(url, { headers: { accept: AP } });
        return { contextUrl: null, documentUrl: url, document: await response.json() };
      },
    });
    expect(signer?.ownerId?.href).toBe(WRITER_ACTOR);

    // The paged followers collection lists the follower.
    const collection = JSON.parse((await send(`/ap/actors/${USERS.writer}/followers`, { headers: { accept: AP } })).text);
    expect(collection.totalItems).toBe(1);
    const first = new URL(collection.first.id ?? collection.first);
    const page = JSON.parse((await send(first.pathname + first.search, { headers: { accept: AP } })).text);
    expect(page.orderedItems).toEqual([BOB]);

    expect((await signedPost(undoJson)).status).toBe(202);
    expect(await followers()).toEqual([]);
  } finally {
    restore();
    spy.mockRestore();
  }
});
