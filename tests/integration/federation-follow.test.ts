// Follows the federation refuses (issue 30 items 2 and 5; docs/adr/0175-fedify-for-activitypub.md):
// unsigned, signed with a key that is not the actor's, a body changed after signing, an actor on a
// private address (never fetched), an actor document past the size cap. Each answers 401 and
// stores nothing. The accepted Follow is tests/integration/federation-follow-accepted.test.ts.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { CryptographicKey, Follow, Person } from '@fedify/fedify/vocab';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { send } from './helpers/edge-cache.ts';
import { drainQueue } from './helpers/queue.ts';
import { useFederationNetwork } from '../../worker/federation/network.ts';

const AP = 'application/activity+json';
const REMOTE = 'https://social.example.org';
const BOB = `${REMOTE}/users/bob`;
const WRITER_ACTOR = `http://localhost:8787/ap/actors/${USERS.writer}`;
const INBOX = `/ap/actors/${USERS.writer}/inbox`;

let bobKeys: CryptoKeyPair;
let strangerKeys: CryptoKeyPair;
/** What the stand-in remote server was asked for (documents) and sent (deliveries). */
let asked: string[] = [];
let delivered: Request[] = [];
let restoreNetwork: () => void;
let bobDocument: unknown;

async function remoteActor(id: string, keys: CryptoKeyPair) {
  return new Person({
    id: new URL(id),
    inbox: new URL(`${id}/inbox`),
    publicKey: new CryptographicKey({ id: new URL(`${id}#main-key`), owner: new URL(id), publicKey: keys.publicKey }),
  }).toJsonLd();
}

/** A POST of `activity` to `path`, signed (draft-cavage, as Mastodon signs) with `keys` as `keyId`. */
async function deliver(path: string, activity: unknown, signing: { keys: CryptoKeyPair; keyId: string } | null) {
  const body = JSON.stringify(activity);
  let request = new Request(`http://localhost:8787${path}`, { method: 'POST', headers: { 'content-type': AP, accept: AP }, body });
  if (signing) request = await signRequest(request, signing.keys.privateKey, new URL(signing.keyId), { spec: 'draft-cavage-http-signatures-12' });
  return send(path, { method: 'POST', headers: Object.fromEntries(request.headers), body });
}

async function followers(): Promise<string[]> {
  const { results } = await testDb.prepare('SELECT follower_uri FROM federation_followers WHERE actor_id = ?').bind(USERS.writer).all<{ follower_uri: string }>();
  return results.map((r) => r.follower_uri);
}

beforeAll(async () => {
  await seedWorld(testDb);
  restoreNetwork = useFederationNetwork(async (url) => {
    asked.push(url.href);
    const address = url.origin + url.pathname;
    if (address === BOB) return new Response(JSON.stringify(bobDocument), { headers: { 'content-type': AP } });
    if (address === `${REMOTE}/users/huge`) return new Response(new Uint8Array(2 * 1024 * 1024), { headers: { 'content-type': AP } });
    return new Response('Not found', { status: 404 });
  });
  // Deliveries leave through the runtime's fetch: the stand-in server takes those addressed to it.
  const runtimeFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (request.url.startsWith(REMOTE)) {
      delivered.push(request);
      return new Response(null, { status: 202 });
    }
    return runtimeFetch(input as RequestInfo, init);
  });
  // Loads Fedify into the test's workerd under the hook's budget.
  await send('/.well-known/nodeinfo');
});

afterAll(() => {
  restoreNetwork();
  vi.restoreAllMocks();
});

beforeEach(() => {
  asked = [];
  delivered = [];
});

/**
 * The stand-in's keys and actor document, made inside the test that uses them: workerd ties a
 * CryptoKey to the context (hook or test) that made it, and a key made in a hook signs wrongly.
 */
async function remoteKeys() {
  bobKeys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  strangerKeys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  bobDocument = await remoteActor(BOB, bobKeys);
}

afterEach(async () => {
  await drainQueue();
});

describe('refused, and nothing stored', () => {
  it('an unsigned Follow', async () => {
    await remoteKeys();
    const follow = new Follow({ id: new URL(`${REMOTE}/follows/unsigned`), actor: new URL(BOB), object: new URL(WRITER_ACTOR) });
    expect((await deliver(INBOX, await follow.toJsonLd(), null)).status).toBe(401);
    expect(await followers()).toEqual([]);
  });

  it('a Follow signed with a key that is not the actor’s', async () => {
    await remoteKeys();
    const follow = new Follow({ id: new URL(`${REMOTE}/follows/forged`), actor: new URL(BOB), object: new URL(WRITER_ACTOR) });
    expect((await deliver(INBOX, await follow.toJsonLd(), { keys: strangerKeys, keyId: `${BOB}#main-key` })).status).toBe(401);
    expect(await followers()).toEqual([]);
    await drainQueue();
    expect(delivered).toEqual([]);
  });

  it('a Follow whose signed body was changed on the way', async () => {
    await remoteKeys();
    const follow = new Follow({ id: new URL(`${REMOTE}/follows/tampered`), actor: new URL(BOB), object: new URL(WRITER_ACTOR) });
    const body = JSON.stringify(await follow.toJsonLd());
    const signed = await signRequest(new Request(`http://localhost:8787${INBOX}`, { method: 'POST', headers: { 'content-type': AP }, body }), bobKeys.privateKey, new URL(`${BOB}#main-key`), {
      spec: 'draft-cavage-http-signatures-12',
    });
    const answer = await send(INBOX, { method: 'POST', headers: Object.fromEntries(signed.headers), body: body.replace('follows/tampered', 'follows/other') });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(await followers()).toEqual([]);
  });

  it('an actor (and its key) on a private address: never fetched', async () => {
    await remoteKeys();
    const eve = 'https://127.0.0.1/users/eve';
    const follow = new Follow({ id: new URL('https://127.0.0.1/follows/1'), actor: new URL(eve), object: new URL(WRITER_ACTOR) });
    expect((await deliver(INBOX, await follow.toJsonLd(), { keys: strangerKeys, keyId: `${eve}#main-key` })).status).toBe(401);
    expect(asked.filter((a) => a.includes('127.0.0.1'))).toEqual([]);
    expect(await followers()).toEqual([]);
  });

  it('an actor document past the size cap', async () => {
    await remoteKeys();
    const huge = `${REMOTE}/users/huge`;
    const follow = new Follow({ id: new URL(`${REMOTE}/follows/huge`), actor: new URL(huge), object: new URL(WRITER_ACTOR) });
    expect((await deliver(INBOX, await follow.toJsonLd(), { keys: strangerKeys, keyId: `${huge}#main-key` })).status).toBe(401);
    expect(await followers()).toEqual([]);
  });
});
