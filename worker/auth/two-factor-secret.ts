// The authenticator app's shared secret is kept encrypted (docs/adr/0183-two-factor-secret-at-rest.md):
// AES-GCM with a key derived (HKDF-SHA256) from AUTH_SECRET, and the account's id as additional
// data, so a copied database holds no usable secret and a row's value moved to another account
// does not open. Stored as `v1:` + base64url(iv ‖ ciphertext). A value without the prefix is a
// secret kept before encryption: it is read as it is and sealed on its next use.
import { base64url } from '../lib/crypto.ts';

const PREFIX = 'v1:';
const INFO = new TextEncoder().encode('vellum two-factor secret v1');

async function keyFrom(authSecret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(authSecret), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: INFO }, material, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

function fromBase64url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** The secret as stored: encrypted for this account. */
export async function sealTwoFactorSecret(authSecret: string, userId: string, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(userId) }, await keyFrom(authSecret), new TextEncoder().encode(secret)));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return PREFIX + base64url(out);
}

/** The secret of a stored value (a value kept before encryption is returned as it is). Throws when it does not open. */
export async function openTwoFactorSecret(authSecret: string, userId: string, stored: string): Promise<string> {
  if (!isSealed(stored)) return stored;
  const bytes = fromBase64url(stored.slice(PREFIX.length));
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12), additionalData: new TextEncoder().encode(userId) }, await keyFrom(authSecret), bytes.slice(12));
  return new TextDecoder().decode(plain);
}
