// POST /_/admin/cache/purge — operators purge stored pages by tag and by URL.
//
//   Authorization: Bearer <ADMIN_PURGE_TOKEN>       nothing else is accepted
//   Content-Type: application/json
//   {"tags": ["post:abc123", "home"], "urls": ["https://vellum.example/@ada/a-story-abc123"]}
//
// The token is a secret of the deployment (`wrangler secret put ADMIN_PURGE_TOKEN`). When
// ENVIRONMENT=development and no secret is set, the documented development token
// DEV_PURGE_TOKEN ("dev-purge-token") is accepted, so `npm run purge` works out of the box.
// In any other environment without a secret nobody is accepted (401, and an error is logged).
// The comparison takes the same time whatever the token sent.
//
// Answers 200 with what was purged: {"purged": {"tags": [...], "urls": [...]},
// "rejected": [{"url", "problem"}], "localCopiesDeleted": n, "zone": {...} | null}.
// 400 for a body that is not as above, 401 without the token, 405 for another method,
// 413 for a body over 64 KiB (purgeBodyLimit, hono's bodyLimit, mounted before the handler),
// 415 for a body that is not JSON.
import { bodyLimit } from 'hono/body-limit';
import { timingSafeEqual } from 'hono/utils/buffer';
import { isDevelopment, type Env } from '../env.ts';
import { purgeTags, urlTargets } from '../cache/purge.ts';
import { isValidTag, MAX_TAG_LENGTH } from '../cache/tags.ts';
import { zonePurgerFromEnv } from '../cache/zone-purge.ts';
import { logEvent } from '../lib/log-context.ts';

export const PURGE_PATH = '/_/admin/cache/purge';
export const DEV_PURGE_TOKEN = 'dev-purge-token';
export const MAX_PURGE_BODY_BYTES = 64 * 1024;
export const MAX_PURGE_TAGS = 500;
export const MAX_PURGE_URLS = 100;
export const MAX_PURGE_URL_LENGTH = 2048;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** Refuses a purge body over MAX_PURGE_BODY_BYTES with 413, counting a streamed body too. */
export const purgeBodyLimit = bodyLimit({
  maxSize: MAX_PURGE_BODY_BYTES,
  onError: () => json({ error: `The body exceeds ${MAX_PURGE_BODY_BYTES} bytes.` }, 413),
});

/** The token this deployment accepts, or null when none is configured. */
export function configuredPurgeToken(env: Pick<Env, 'ADMIN_PURGE_TOKEN' | 'ENVIRONMENT'>): string | null {
  if (env.ADMIN_PURGE_TOKEN) return env.ADMIN_PURGE_TOKEN;
  return isDevelopment(env) ? DEV_PURGE_TOKEN : null;
}

async function isAuthorized(request: Request, env: Env): Promise<boolean> {
  const expected = configuredPurgeToken(env);
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer ([\x21-\x7e]+)$/.exec(header);
  // Compare even when something is missing, so timing does not tell which part was.
  const sent = match?.[1] ?? '';
  const equal = await timingSafeEqual(sent, expected ?? '\u0000no token configured');
  if (!expected) logEvent({ event: 'edge_cache_purge_refused', problem: 'ADMIN_PURGE_TOKEN is not set' }, 'error');
  return Boolean(expected) && Boolean(match) && equal;
}

export interface PurgeRequestBody {
  tags: string[];
  urls: string[];
}

/** Validates a parsed body; a string is the problem to answer with 400. */
export function parsePurgeBody(value: unknown): PurgeRequestBody | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'The body must be a JSON object {"tags": [...], "urls": [...]}.';
  const record = value as Record<string, unknown>;
  const unknownKeys = Object.keys(record).filter((k) => k !== 'tags' && k !== 'urls');
  if (unknownKeys.length) return `Unknown field(s): ${unknownKeys.join(', ')}.`;
  const list = (name: 'tags' | 'urls'): string[] | string => {
    const field = record[name];
    if (field === undefined) return [];
    if (!Array.isArray(field) || !field.every((item) => typeof item === 'string')) return `"${name}" must be an array of strings.`;
    return field as string[];
  };
  const tags = list('tags');
  if (typeof tags === 'string') return tags;
  const urls = list('urls');
  if (typeof urls === 'string') return urls;
  if (tags.length === 0 && urls.length === 0) return 'Nothing to purge: give at least one tag or URL.';
  if (tags.length > MAX_PURGE_TAGS) return `At most ${MAX_PURGE_TAGS} tags per request.`;
  if (urls.length > MAX_PURGE_URLS) return `At most ${MAX_PURGE_URLS} URLs per request.`;
  const badTag = tags.find((tag) => !isValidTag(tag));
  if (badTag !== undefined) return `Invalid tag "${badTag.slice(0, 100)}": 1 to ${MAX_TAG_LENGTH} printable characters, no spaces or commas.`;
  const longUrl = urls.find((url) => url.length > MAX_PURGE_URL_LENGTH);
  if (longUrl !== undefined) return `URLs are at most ${MAX_PURGE_URL_LENGTH} characters.`;
  return { tags, urls };
}

export async function handlePurgeRequest(request: Request, env: Env): Promise<Response> {
  if (request.method !== 'POST') return json({ error: `Method ${request.method} is not allowed: POST a purge.` }, 405, { allow: 'POST' });
  if (!(await isAuthorized(request, env))) {
    return json({ error: 'Unauthorized: send Authorization: Bearer <ADMIN_PURGE_TOKEN>.' }, 401, { 'www-authenticate': 'Bearer realm="cache purge"' });
  }
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? '')) {
    return json({ error: 'Content-Type must be application/json.' }, 415);
  }
  let parsed: unknown;
  try {
    parsed = await request.json();
  } catch {
    return json({ error: 'Malformed JSON in request body.' }, 400);
  }
  const body = parsePurgeBody(parsed);
  if (typeof body === 'string') return json({ error: body }, 400);

  const targets = await urlTargets(env, body.urls);
  const urlTags = targets.flatMap((t) => (t.tag ? [t.tag] : []));
  // An operator's purge calls the zone API here and now: the answer reports what it said.
  const report = await purgeTags(env, [...body.tags, ...urlTags], { zone: zonePurgerFromEnv(env) });
  return json({
    purged: {
      tags: body.tags.filter((tag, i) => body.tags.indexOf(tag) === i),
      urls: targets.filter((t) => t.tag).map((t) => ({ url: t.url, tag: t.tag })),
    },
    rejected: targets.filter((t) => !t.tag).map((t) => ({ url: t.url, problem: t.problem })),
    localCopiesDeleted: report.localCopiesDeleted,
    zone: report.zone,
  });
}
