// A queued federation task never carries a private key (worker/federation/queued-keys.ts): the
// queue body names each key by its public members, and the task gets the private key back from
// the stored keys when it runs.
import { describe, expect, it } from 'vitest';
import { withoutPrivateKeys, withPrivateKeys } from '../../../worker/federation/queued-keys.ts';

const ACTOR = 'aa0000000001';
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'];

async function pair(algorithm: 'RSA' | 'Ed25519') {
  const generated = (
    algorithm === 'RSA'
      ? await crypto.subtle.generateKey({ name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['sign', 'verify'])
      : await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])
  ) as CryptoKeyPair;
  return { privateJwk: await crypto.subtle.exportKey('jwk', generated.privateKey), publicJwk: await crypto.subtle.exportKey('jwk', generated.publicKey) };
}

/** federation_keys as D1 answers it, for the one actor. */
function storedKeysDb(rows: { private_jwk: string; public_jwk: string }[]) {
  return {
    prepare: () => ({ bind: (actorId: string) => ({ all: async () => ({ results: actorId === ACTOR ? rows : [] }) }) }),
  } as never;
}

describe('queued federation tasks', () => {
  it('carry no private key member, and get the private keys back from the stored keys', async () => {
    const rsa = await pair('RSA');
    const ed = await pair('Ed25519');
    const task = {
      type: 'outbox',
      activityId: 'http://localhost:8787/ap/stories/1#activities/1',
      inbox: 'https://social.example.org/inbox',
      keys: [
        { keyId: `http://localhost:8787/ap/actors/${ACTOR}#main-key`, privateKey: rsa.privateJwk },
        { keyId: `http://localhost:8787/ap/actors/${ACTOR}#key-2`, privateKey: ed.privateJwk },
      ],
    };
    const queued = withoutPrivateKeys(task) as { keys: { keyId: string; publicKey: JsonWebKey }[] };
    for (const key of queued.keys) for (const member of PRIVATE_MEMBERS) expect(key.publicKey).not.toHaveProperty(member);
    expect(JSON.stringify(queued)).not.toContain(rsa.privateJwk.d!);
    expect(JSON.stringify(queued)).not.toContain(ed.privateJwk.d!);
    expect(queued.keys[0]!.publicKey.n).toBe(rsa.publicJwk.n);
    expect(queued.keys[1]!.publicKey.x).toBe(ed.publicJwk.x);

    // Stored in the other order: each is found by its public members, not its position.
    const db = storedKeysDb([
      { private_jwk: JSON.stringify(ed.privateJwk), public_jwk: JSON.stringify(ed.publicJwk) },
      { private_jwk: JSON.stringify(rsa.privateJwk), public_jwk: JSON.stringify(rsa.publicJwk) },
    ]);
    const restored = (await withPrivateKeys(db, queued)) as typeof task;
    expect(restored.keys).toEqual(task.keys);
    expect(restored.activityId).toBe(task.activityId);
  });

  it('fail when the key is no longer stored, and leave tasks without keys as they are', async () => {
    const rsa = await pair('RSA');
    const queued = withoutPrivateKeys({ type: 'outbox', keys: [{ keyId: `http://localhost:8787/ap/actors/${ACTOR}#main-key`, privateKey: rsa.privateJwk }] });
    await expect(withPrivateKeys(storedKeysDb([]), queued)).rejects.toThrow(/no longer stored/);
    const inbox = { type: 'inbox', activity: {} };
    expect(withoutPrivateKeys(inbox)).toBe(inbox);
  });
});
