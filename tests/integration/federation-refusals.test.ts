// What the inboxes refuse before handling anything (issue 30 point 5;
// docs/adr/0206-refusing-remote-instances.md), with stand-in remote accounts built and signed with
// Fedify's vocabulary and signRequest:
//   - an instance staff blocked on /_/admin/fediverse: its followers are removed, its next Follow
//     answered 403 without its actor being fetched, nothing stored; unblocked, it may follow;
//   - an instance past its rate (FEDERATION_INBOX_PER_MINUTE, set to 2 for the requests here):
//     429 with Retry-After, nothing stored;
//   - a Follow signed with RFC 9421 HTTP Message Signatures (not draft-cavage) is verified and
//     accepted as Mastodon's is.
//
// One journey in one test: every Fedify object is made before the first request (workerd's I/O rule).
import { expect, it, vi } from 'vitest';
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { CryptographicKey, Follow, Person } from '@fedify/fedify/vocab';
import { useFederationNetwork } from '../../worker/federation/network.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { send } from './helpers/edge-cache.ts';
import { drainQueue } from './helpers/queue.ts';

const AP = 'application/activity+json';
const ORIGIN = 'http://localhost:8787';
const WRITER_ACTOR = `${ORIGIN}/ap/actors/${USERS.writer}`;
const MAL = 'https://blocked.example.org/users/mal';
const BUSY = ['https://busy.example.net/users/one', 'https://busy.example.net/users/two', 'https://busy.example.net/users/three'];
const RIA = 'https://modern.example.com/users/ria';

async function storedFollowers(): Promise<string[]> {
  const { results } = await testDb.prepare('SELECT follower_uri FROM federation_followers WHERE actor_id = ? ORDER BY follower_uri').bind(USERS.writer).all<{ follower_uri: string }>();
  return results.map((r) => r.follower_uri);
}

it('a staff-blocked instance is refused (403, nothing stored), an instance past its rate gets 429 with Retry-After and nothing stored, and an RFC 9421-signed Follow is accepted', { timeout: 180_000 }, async () => {
  await seedWorld(testDb);
  const keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const ids = [MAL, ...BUSY, RIA];
  const actors: Record<string, unknown> = {};
  for (const id of ids) {
    actors[id] = await new Person({ id: new URL(id), preferredUsername: id.split('/').pop(), inbox: new URL(`${id}/inbox`), publicKey: new CryptographicKey({ id: new URL(`${id}#main-key`), owner: new URL(id), publicKey: keys.publicKey }) }).toJsonLd();
  }
  const follows: Record<string, unknown> = {};
  for (const id of ids) follows[id] = await new Follow({ id: new URL(`${id}/follows/1`), actor: new URL(id), object: new URL(WRITER_ACTOR) }).toJsonLd();
  const malAgain = await new Follow({ id: new URL(`${MAL}/follows/2`), actor: new URL(MAL), object: new URL(WRITER_ACTOR) }).toJsonLd();
  const asked: string[] = [];
  const restore = useFederationNetwork(async (url) => {
    asked.push(url.href);
    const actor = actors[url.origin + url.pathname];
    return actor ? new Response(JSON.stringify(actor), { headers: { 'content-type': AP } }) : new Response('Not found', { status: 404 });
  });
  const runtimeFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (request.url.startsWith('https://')) return new Response(null, { status: 202 });
    return runtimeFetch(input as RequestInfo, init);
  });
  const post = async (activity: unknown, actorId: string, options: { spec?: 'draft-cavage-http-signatures-12' | 'rfc9421'; vars?: Record<string, string> } = {}) => {
    const body = JSON.stringify(activity);
    const signed = await signRequest(new Request(`${ORIGIN}/ap/inbox`, { method: 'POST', headers: { 'content-type': AP }, body }), keys.privateKey, new URL(`${actorId}#main-key`), {
      spec: options.spec ?? 'draft-cavage-http-signatures-12',
    });
    // RFC 9421 signs with Signature-Input and Signature; draft-cavage with Signature alone.
    expect(signed.headers.has('signature-input')).toBe(options.spec === 'rfc9421');
    return send('/ap/inbox', { method: 'POST', headers: Object.fromEntries(signed.headers), body, vars: options.vars });
  };
  const staff = await createSession(testDb, USERS.staff);
  const staffPost = (action: 'block' | 'unblock', instance: string) =>
    workerFetch(`${ORIGIN}/_/admin/fediverse/${action}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie: `sid=${staff.token}` },
      body: new URLSearchParams({ xsrf: staff.xsrf, instance, reason: 'spam' }).toString(),
    });
  try {
    // A follower from the instance, stored before the block.
    await testDb
      .prepare('INSERT INTO federation_followers (actor_id, follower_uri, inbox, shared_inbox, follow_uri, created_at) VALUES (?, ?, ?, NULL, ?, 1)')
      .bind(USERS.writer, MAL, `${MAL}/inbox`, `${MAL}/follows/1`)
      .run();

    // Staff block it: only staff may (a writer's session gets the 404 page and blocks nothing).
    const writer = await createSession(testDb, USERS.writer);
    const notStaff = await workerFetch(`${ORIGIN}/_/admin/fediverse/block`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie: `sid=${writer.token}` },
      body: new URLSearchParams({ xsrf: writer.xsrf, instance: 'blocked.example.org' }).toString(),
    });
    expect(notStaff.status).toBe(404);
    expect((await staffPost('block', 'https://blocked.example.org/')).status).toBe(303);
    const page = await (await workerFetch(`${ORIGIN}/_/admin/fediverse`, { headers: { cookie: `sid=${staff.token}` } })).text();
    expect(page).toContain('data-instance="blocked.example.org"');
    expect(page).toContain('by @staff · spam');
    expect(await storedFollowers()).toEqual([]);

    // Its Follow: 403, its actor never fetched, nothing stored, no Accept queued.
    const refused = await post(malAgain, MAL);
    expect(refused.status).toBe(403);
    expect(asked.filter((address) => address.startsWith('https://blocked.example.org'))).toEqual([]);
    expect(await storedFollowers()).toEqual([]);

    // Past its rate: the third activity of the minute from busy.example.net is answered 429, and its follower not stored.
    const limited = { FEDERATION_INBOX_PER_MINUTE: '2' };
    // The limit counts per clock minute: start the three requests early in one, so they share it.
    const leftOfMinute = 60_000 - (Date.now() % 60_000);
    if (leftOfMinute < 20_000) await new Promise((resolve) => setTimeout(resolve, leftOfMinute + 50));
    expect((await post(follows[BUSY[0]!], BUSY[0]!, { vars: limited })).status).toBe(202);
    expect((await post(follows[BUSY[1]!], BUSY[1]!, { vars: limited })).status).toBe(202);
    const tooMany = await post(follows[BUSY[2]!], BUSY[2]!, { vars: limited });
    expect(tooMany.status).toBe(429);
    const retryAfter = Number(tooMany.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await storedFollowers()).toEqual([BUSY[0], BUSY[1]]);
    expect(asked.filter((address) => address.startsWith(BUSY[2]!))).toEqual([]);

    // RFC 9421: the Follow is verified against the actor's key and accepted.
    const modern = await post(follows[RIA], RIA, { spec: 'rfc9421' });
    expect(modern.status).toBe(202);
    expect(await storedFollowers()).toEqual([BUSY[0], BUSY[1], RIA]);

    // Unblocked by staff: the instance's accounts may follow again.
    expect((await staffPost('unblock', 'blocked.example.org')).status).toBe(303);
    expect((await post(follows[MAL], MAL)).status).toBe(202);
    expect(await storedFollowers()).toEqual([MAL, BUSY[0], BUSY[1], RIA]);
    await drainQueue();
  } finally {
    restore();
    spy.mockRestore();
  }
});
