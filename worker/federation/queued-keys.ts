// A queued Fedify task carries its sender's private keys (the `keys` of Fedify's fan-out and
// outbox messages, as JWKs). Queue bodies do not stay in the queue: a message that fails its last
// attempt is recorded in queue_dead_letters.body_json and logged (worker/queues/dead-letters.ts).
// So before a task is queued its private keys are replaced by their public members, which name
// the key without revealing it, and when it runs they are read back from federation_keys
// (worker/federation/keys.ts). This module imports nothing of Fedify.
import type { D1Database } from '@cloudflare/workers-types';

interface QueuedKey {
  keyId: string;
  privateKey?: JsonWebKey;
  /** What the queue carries instead of privateKey: the key's public members only. */
  publicKey?: JwkMembers;
}

/** The members a public JWK shares with its private one (RSA: n, e; Ed25519: crv, x). */
const PUBLIC_MEMBERS = ['kty', 'crv', 'n', 'e', 'x'] as const;

type JwkMembers = Partial<Record<(typeof PUBLIC_MEMBERS)[number], string>>;

function publicPart(jwk: JwkMembers): JwkMembers {
  const out: JwkMembers = {};
  for (const member of PUBLIC_MEMBERS) if (jwk[member] !== undefined) out[member] = jwk[member];
  return out;
}

function keysOf(task: unknown): QueuedKey[] | null {
  const keys = typeof task === 'object' && task !== null ? (task as { keys?: unknown }).keys : undefined;
  return Array.isArray(keys) ? (keys as QueuedKey[]) : null;
}

/** The task as it may be queued: its keys named by their public members, no private member left. */
export function withoutPrivateKeys(task: unknown): unknown {
  const keys = keysOf(task);
  if (!keys) return task;
  return { ...(task as object), keys: keys.map((key) => ({ keyId: key.keyId, publicKey: publicPart((key.privateKey as JwkMembers | undefined) ?? key.publicKey ?? {}) })) };
}

/** The actor a key id belongs to: /ap/actors/{identifier}#… (worker/federation/federation.ts ACTOR_PATH). */
function actorOfKey(keyId: string): string | null {
  const match = /\/ap\/actors\/([^/#?]+)/.exec(keyId);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** The task as Fedify runs it: each key's private JWK read back from the actor's stored keys. */
export async function withPrivateKeys(db: D1Database, task: unknown): Promise<unknown> {
  const keys = keysOf(task);
  if (!keys) return task;
  const restored = [];
  for (const key of keys) {
    if (key.privateKey) {
      restored.push({ keyId: key.keyId, privateKey: key.privateKey });
      continue;
    }
    const actorId = actorOfKey(key.keyId);
    const wanted: JwkMembers = key.publicKey ?? {};
    const { results } = actorId
      ? await db.prepare('SELECT private_jwk, public_jwk FROM federation_keys WHERE actor_id = ?').bind(actorId).all<{ private_jwk: string; public_jwk: string }>()
      : { results: [] };
    const row = results.find((candidate) => {
      const stored = JSON.parse(candidate.public_jwk) as JwkMembers;
      return PUBLIC_MEMBERS.every((member) => stored[member] === wanted[member]);
    });
    // The key is gone (the actor was deleted): the delivery fails, and the queue takes over.
    if (!row) throw new Error(`The key ${key.keyId} of a queued federation task is no longer stored.`);
    restored.push({ keyId: key.keyId, privateKey: JSON.parse(row.private_jwk) as JsonWebKey });
  }
  return { ...(task as object), keys: restored };
}
