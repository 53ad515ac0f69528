// Secured search keys (docs/search.md, "Hosted app: per-viewer keys"). With a hosted search app
// the browser queries the provider directly, so what only some viewers may see — their mutes,
// both sides of their blocks, the high-quality rule — travels inside the key, where the
// browser cannot drop it: a key derived from the search-only key by the provider's own scheme
// (HMAC-SHA256 of the restrictions' query string, hex, followed by that string, in base64),
// minted here with algoliasearch's generateSecuredApiKey.
//
// The local search service checks such keys the way the hosted app does (verifySecuredKey), so
// the whole path is tested here: a tampered or expired key is refused, and a valid one's
// filters are applied to every query it makes (worker/endpoints/search.ts).
import type { D1Database } from '@cloudflare/workers-types';
import type { Env } from '../env.ts';

/** How long a viewer's key is good for: a mute or block made meanwhile asks for a new one. */
export const SECURED_KEY_TTL_SECONDS = 60 * 60;
/**
 * Mutes and blocks a key carries, the most recent first: past this the filter string grows
 * beyond what a key should hold; the rest still apply on the local service.
 */
export const MAX_KEY_EXCLUSIONS = 200;

/** The restrictions a secured key carries (the provider's names). */
export interface KeyRestrictions {
  filters?: string;
  /** Unix seconds after which the key is refused. */
  validUntil?: number;
  userToken?: string;
}

type KeyEnv = Pick<Env, 'SEARCH_APP_ID' | 'SEARCH_API_KEY'>;

/**
 * The worker build of algoliasearch (the one workerd loads: package.json "exports" → "worker")
 * has generateSecuredApiKey on WebCrypto; TypeScript reads the browser build's types, which
 * leave it out, so the method is named here.
 */
type WithSecuredKeys = { generateSecuredApiKey(args: { parentApiKey: string; restrictions: KeyRestrictions }): Promise<string> | string };

/** A key derived from the search-only key with these restrictions (the provider's scheme). */
export async function securedKey(env: KeyEnv, restrictions: KeyRestrictions): Promise<string> {
  // Loaded when a key is first made (48 modules most requests never need).
  const { algoliasearch } = await import('algoliasearch');
  const client = algoliasearch(env.SEARCH_APP_ID, env.SEARCH_API_KEY) as unknown as WithSecuredKeys;
  return client.generateSecuredApiKey({ parentApiKey: env.SEARCH_API_KEY, restrictions });
}

/** The filter every visitor's key carries: only high-quality hits (docs/search.md, "High quality"). */
export const VISITOR_FILTERS = 'highQuality:true';

let visitorKey: { parent: string; key: Promise<string> } | null = null;

/**
 * The key of every visitor: the high-quality filter and no expiry, so it is the same string for
 * everyone and safe in a page the edge cache shares. Derived once per isolate.
 */
export function visitorSecuredKey(env: KeyEnv): Promise<string> {
  if (visitorKey?.parent !== env.SEARCH_API_KEY) visitorKey = { parent: env.SEARCH_API_KEY, key: securedKey(env, { filters: VISITOR_FILTERS }) };
  return visitorKey.key;
}

/** Quotes a filter value the provider's way when it holds anything but letters, digits, - and _. */
function filterValue(value: string): string {
  return /^[\w-]+$/.test(value) ? value : `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/**
 * The filters of a signed-in viewer's key: writers and publications they muted, people on
 * either side of a block (their stories and lists by ownerId, their own record by personId),
 * and the high-quality rule unless they may see everything.
 */
export async function viewerKeyFilters(db: D1Database, viewerId: string, unfiltered: boolean): Promise<string> {
  const rows = await db
    .prepare(
      `SELECT kind, id FROM (
         SELECT 'mute-user' AS kind, target_id AS id, created_at FROM mutes WHERE muter_id = ?1 AND target_type = 'USER'
         UNION ALL SELECT 'mute-publication', target_id, created_at FROM mutes WHERE muter_id = ?1 AND target_type = 'COLLECTION'
         UNION ALL SELECT 'block', blocked_id, created_at FROM blocks WHERE blocker_id = ?1
         UNION ALL SELECT 'block', blocker_id, created_at FROM blocks WHERE blocked_id = ?1
       ) ORDER BY created_at DESC LIMIT ${MAX_KEY_EXCLUSIONS}`,
    )
    .bind(viewerId)
    .all<{ kind: string; id: string }>();
  const terms: string[] = [];
  for (const row of rows.results) {
    const id = filterValue(row.id);
    if (row.kind === 'mute-user') terms.push(`NOT ownerId:${id}`);
    else if (row.kind === 'mute-publication') terms.push(`NOT publicationId:${id}`);
    else terms.push(`NOT ownerId:${id}`, `NOT personId:${id}`);
  }
  if (!unfiltered) terms.push(VISITOR_FILTERS);
  return terms.join(' AND ');
}

/** A signed-in viewer's key: their filters, valid for SECURED_KEY_TTL_SECONDS, tagged with their id. */
export async function viewerSecuredKey(env: KeyEnv & Pick<Env, 'DB'>, viewerId: string, unfiltered: boolean, nowMs: number): Promise<{ key: string; validUntil: number }> {
  const validUntil = Math.floor(nowMs / 1000) + SECURED_KEY_TTL_SECONDS;
  const filters = await viewerKeyFilters(env.DB, viewerId, unfiltered);
  const key = await securedKey(env, { ...(filters ? { filters } : {}), userToken: viewerId, validUntil });
  return { key, validUntil };
}

/** The key a viewer's browser searches a hosted app with, and when it expires (Unix seconds; null: never). */
export interface ViewerSearchKey {
  apiKey: string;
  validUntil: number | null;
}

/**
 * The key a viewer searches with (GET /_/search-key hands it to the browser; the server's own
 * searches for a page use the same, worker/search/hosted-search-service.ts): a signed-in viewer's
 * own, a visitor's shared one, or the plain search-only key when everyone may see everything.
 */
export async function viewerSearchKey(env: KeyEnv, db: D1Database, viewer: { userId: string | null; unfiltered: boolean }, nowMs: number): Promise<ViewerSearchKey> {
  if (!viewer.userId) return { apiKey: viewer.unfiltered ? env.SEARCH_API_KEY : await visitorSecuredKey(env), validUntil: null };
  const { key, validUntil } = await viewerSecuredKey({ ...env, DB: db }, viewer.userId, viewer.unfiltered, nowMs);
  return { apiKey: key, validUntil };
}

const encoder = new TextEncoder();

async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
  return Array.from(signature, (b) => b.toString(16).padStart(2, '0')).join('');
}

function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

export type KeyCheck = { ok: true; restrictions: KeyRestrictions } | { ok: false; reason: 'invalid' | 'expired' };

/** Longest key accepted: 200 exclusions of 12-character ids, encoded, stay well under it. */
const MAX_KEY_LENGTH = 32 * 1024;

/**
 * Checks a key presented instead of the search-only key: derived from it (the HMAC matches the
 * restrictions it carries) and not past its validUntil. Returns its restrictions.
 */
export async function verifySecuredKey(parentKey: string, presented: string, nowMs: number): Promise<KeyCheck> {
  if (presented.length > MAX_KEY_LENGTH) return { ok: false, reason: 'invalid' };
  let decoded: string;
  try {
    decoded = atob(presented);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const signature = decoded.slice(0, 64);
  const query = decoded.slice(64);
  if (!/^[0-9a-f]{64}$/.test(signature) || !sameText(signature, await hmacHex(parentKey, query))) return { ok: false, reason: 'invalid' };
  const params = new URLSearchParams(query);
  const restrictions: KeyRestrictions = {};
  const filters = params.get('filters');
  if (filters !== null) restrictions.filters = filters;
  const userToken = params.get('userToken');
  if (userToken !== null) restrictions.userToken = userToken;
  const validUntil = params.get('validUntil');
  if (validUntil !== null) {
    restrictions.validUntil = Number(validUntil);
    if (!Number.isFinite(restrictions.validUntil) || restrictions.validUntil * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  }
  return { ok: true, restrictions };
}
