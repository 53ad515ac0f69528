// Random tokens, digests and signatures over WebCrypto. Secrets are stored as their
// hashes (sha256Hex) so the database never holds a usable one; comparing a secret a
// client sent uses hono's timingSafeEqual (hono/utils/buffer), not a copy of our own.
import { hex } from './ids.ts';

/** `bytes` random bytes as unpadded base64url (32 bytes: 43 characters). */
export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** SHA-256 of the UTF-8 text, as 64 lowercase hex digits. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

/** HMAC-SHA-256 of `message` under `secret`, as lowercase hex. */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message))));
}

/** Unpadded base64url (RFC 4648 §5) of bytes, or of a string's UTF-8 bytes (JWT segments, PKCE). */
export function base64url(input: Uint8Array | ArrayBuffer | string): string {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : new Uint8Array(input);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
