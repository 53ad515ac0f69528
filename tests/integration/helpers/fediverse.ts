// A stand-in fediverse for integration tests (issue 30): remote people whose actors are built and
// whose requests are signed with Fedify's own vocabulary and signRequest (an independent
// implementation, not Vellum's code), answering for their public names through the federation's
// network seam (useFederationNetwork), and the deliveries the worker makes to their servers
// caught instead of leaving the machine.
//
// workerd's I/O rule: every Fedify object is made before the first request to the worker, so
// build the people (remotePeople) and every activity before calling `post`.
import { vi } from 'vitest';
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { CryptographicKey, Endpoints, Person } from '@fedify/fedify/vocab';
import { useFederationNetwork } from '../../../worker/federation/network.ts';
import { send } from './edge-cache.ts';
import { testDb } from './graphql-client.ts';

export const AP = 'application/activity+json';
export const ORIGIN = 'http://localhost:8787';

/** The actor id of a local writer or publication. */
export const localActor = (id: string) => `${ORIGIN}/ap/actors/${id}`;

export interface RemotePerson {
  /** The actor id, e.g. https://social.example.org/users/bob. */
  id: string;
  origin: string;
  username: string;
  keys: CryptoKeyPair;
  /** The actor document their server answers with. */
  document: unknown;
}

/**
 * People on other servers: `https://social.example.org/users/bob` → preferredUsername bob, with a
 * shared inbox on their server unless `sharedInbox: false` (deliveries then go to their own inbox).
 */
export async function remotePeople(ids: readonly string[], names: Record<string, string> = {}, { sharedInbox = true } = {}): Promise<RemotePerson[]> {
  const people: RemotePerson[] = [];
  for (const id of ids) {
    const url = new URL(id);
    const username = url.pathname.split('/').filter(Boolean).pop()!;
    const keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const document = await new Person({
      id: url,
      preferredUsername: username,
      name: names[id] ?? null,
      url: new URL(`${url.origin}/@${username}`),
      inbox: new URL(`${id}/inbox`),
      endpoints: sharedInbox ? new Endpoints({ sharedInbox: new URL(`${url.origin}/inbox`) }) : null,
      publicKey: new CryptographicKey({ id: new URL(`${id}#main-key`), owner: url, publicKey: keys.publicKey }),
    }).toJsonLd();
    people.push({ id, origin: url.origin, username, keys, document });
  }
  return people;
}

export interface FediverseStandIn {
  /** Posts an activity signed by `by` (draft-cavage, as Mastodon signs) to an inbox path; answers the status. */
  post(path: string, activity: unknown, by: RemotePerson): Promise<number>;
  /** The deliveries made to the people's servers since the last call (each url and parsed body). */
  taken(): { url: string; body: any }[];
  restore(): void;
}

/** Their servers answer for their actors; deliveries to them are caught (202). */
export function fediverseStandIn(people: readonly RemotePerson[]): FediverseStandIn {
  const documents = new Map(people.map((p) => [p.id, p.document]));
  const origins = [...new Set(people.map((p) => p.origin))];
  const restoreNetwork = useFederationNetwork(async (url) => {
    const document = documents.get(url.origin + url.pathname);
    return document ? new Response(JSON.stringify(document), { headers: { 'content-type': AP } }) : new Response('Not found', { status: 404 });
  });
  const delivered: { url: string; body: any }[] = [];
  const runtimeFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (!origins.some((origin) => request.url.startsWith(origin))) return runtimeFetch(input as RequestInfo, init);
    delivered.push({ url: request.url, body: JSON.parse(await request.text()) });
    return new Response(null, { status: 202 });
  });
  return {
    async post(path, activity, by) {
      const body = JSON.stringify(activity);
      const signed = await signRequest(new Request(`${ORIGIN}${path}`, { method: 'POST', headers: { 'content-type': AP }, body }), by.keys.privateKey, new URL(`${by.id}#main-key`), {
        spec: 'draft-cavage-http-signatures-12',
      });
      return (await send(path, { method: 'POST', headers: Object.fromEntries(signed.headers), body })).status;
    },
    taken: () => delivered.splice(0, delivered.length),
    restore() {
      spy.mockRestore();
      restoreNetwork();
    },
  };
}

/**
 * A writer's (or publication's) fediverse followers, stored as accepted Follows would have stored
 * them (one statement), for tests about what a writer with followers sees or sends.
 */
export async function addFediverseFollowers(actorId: string, people: readonly Pick<RemotePerson, 'id' | 'origin' | 'username'>[], createdAt = 1_000): Promise<void> {
  await testDb.batch(
    people.map((p, i) =>
      testDb
        .prepare('INSERT INTO federation_followers (actor_id, follower_uri, inbox, shared_inbox, follow_uri, handle, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .bind(actorId, p.id, `${p.id}/inbox`, `${p.origin}/inbox`, `${p.id}/follows/1`, p.username, createdAt + i),
    ),
  );
}
