// Each actor's signing keys (migrations/0079_federation.sql): generated on first use, stored,
// and the same ever after, so remote servers' cached keys stay valid. RSASSA-PKCS1-v1_5 signs
// draft-cavage HTTP Signatures (what Mastodon verifies) and is the actor's publicKey; Ed25519
// signs FEP-8b32 object proofs and RFC 9421 messages and is listed as a Multikey.
import type { D1Database } from '@cloudflare/workers-types';
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';

export const KEY_ALGORITHMS = ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const;
type KeyAlgorithm = (typeof KEY_ALGORITHMS)[number];

interface KeyRow {
  algorithm: KeyAlgorithm;
  private_jwk: string;
  public_jwk: string;
}

async function storedKeys(db: D1Database, actorId: string): Promise<KeyRow[]> {
  const { results } = await db.prepare('SELECT algorithm, private_jwk, public_jwk FROM federation_keys WHERE actor_id = ?').bind(actorId).all<KeyRow>();
  return results;
}

/** The actor's key pairs, RSA first, generating (once) whichever is missing. */
export async function actorKeyPairs(db: D1Database, actorId: string, now = Date.now()): Promise<CryptoKeyPair[]> {
  let rows = await storedKeys(db, actorId);
  const missing = KEY_ALGORITHMS.filter((algorithm) => !rows.some((row) => row.algorithm === algorithm));
  if (missing.length > 0) {
    for (const algorithm of missing) {
      const pair = await generateCryptoKeyPair(algorithm);
      // OR IGNORE: two requests generating at once keep whichever was stored first, and both read it back.
      await db
        .prepare('INSERT OR IGNORE INTO federation_keys (actor_id, algorithm, private_jwk, public_jwk, created_at) VALUES (?, ?, ?, ?, ?)')
        .bind(actorId, algorithm, JSON.stringify(await exportJwk(pair.privateKey)), JSON.stringify(await exportJwk(pair.publicKey)), now)
        .run();
    }
    rows = await storedKeys(db, actorId);
  }
  const ordered = KEY_ALGORITHMS.map((algorithm) => rows.find((row) => row.algorithm === algorithm)).filter((row): row is KeyRow => row !== undefined);
  return Promise.all(
    ordered.map(async (row) => ({
      privateKey: await importJwk(JSON.parse(row.private_jwk) as JsonWebKey, 'private'),
      publicKey: await importJwk(JSON.parse(row.public_jwk) as JsonWebKey, 'public'),
    })),
  );
}
