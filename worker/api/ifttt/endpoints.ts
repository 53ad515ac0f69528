// The IFTTT service API (docs/product/3-routes-data-calls-constants.md §7.6 lists /ifttt/v1/status
// and /ifttt/v1/user/info; docs/adr/0089-ifttt.md), in IFTTT's protocol shapes:
//
//   GET  /ifttt/v1/status                          IFTTT-Service-Key → 200
//   POST /ifttt/v1/test/setup                      IFTTT-Service-Key → { data: { accessToken, samples } }
//   GET  /ifttt/v1/user/info                       bearer → { data: { name, id, url } }
//   POST /ifttt/v1/triggers/new_story_by_me        bearer → { data: [item…] } newest first, `limit` (default 50)
//   POST /ifttt/v1/triggers/new_story_from_following
//   POST /ifttt/v1/actions/publish_story           bearer (publishPost) → { data: [{ id, url }] }
//
// Bearer tokens are the /v1 tokens a reader gives IFTTT through OAuth (§9) or by hand (§4).
// Errors: { errors: [{ message }] } — 401 for a bad service key or token; an action that can never
// succeed as asked (empty story, limited account) is { errors: [{ status: "SKIP", message }] }, 400.
// The service key is a secret of configuration (IFTTT_SERVICE_KEY; development's in
// scripts/lib/development-vars.mjs): without it the service does not exist (404).
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { timingSafeEqual } from 'hono/utils/buffer';
import { mainOrigin, type Env } from '../../env.ts';
import { hit } from '../../auth/rate-limit.ts';
import { publishingRefusal } from '../../accounts/account-limits.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import { createApiStory, readCreateStoryBody } from '../v1/create-story.ts';
import { API_SCOPES, TOKEN_PREFIX, tokenHolder, type ApiScope, type TokenHolder } from '../../integrations/integration-tokens.ts';
import { API_BODY_LIMIT_BYTES, API_STORY_LIMIT, API_REQUEST_LIMIT } from '../v1/endpoints.ts';
import { storiesForTrigger, type StorySource } from './stories.ts';

type AppContext = Context<{ Bindings: Env }>;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } as const;
/** IFTTT's default number of trigger items. */
export const DEFAULT_TRIGGER_LIMIT = 50;
const TRIGGERS: Record<string, StorySource> = { new_story_by_me: 'mine', new_story_from_following: 'following' };
/** The description of the token /test/setup makes (replaced at each call). */
export const TEST_TOKEN_DESCRIPTION = 'IFTTT endpoint tests';

function errors(status: number, message: string, extra: { status?: 'SKIP' } = {}, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ errors: [{ ...extra, message }] }), { status, headers: { ...JSON_HEADERS, ...headers } });
}
const data = (value: unknown) => new Response(JSON.stringify({ data: value }), { status: 200, headers: JSON_HEADERS });

/** The request carries configuration's service key; a Response to answer when not. */
async function serviceKeyRefusal(c: AppContext): Promise<Response | null> {
  const key = c.env.IFTTT_SERVICE_KEY;
  if (!key) return errors(404, 'IFTTT is not configured.');
  const sent = c.req.header('ifttt-service-key') ?? '';
  if (!sent || !(await timingSafeEqual(sent, key))) return errors(401, 'Service key was invalid.');
  return null;
}

/** The bearer token's holder with the scope, within its rate limit; a Response when not. */
async function holderOf(c: AppContext, scope: ApiScope): Promise<TokenHolder | Response> {
  if (!c.env.IFTTT_SERVICE_KEY) return errors(404, 'IFTTT is not configured.');
  const match = /^Bearer\s+(\S+)$/i.exec((c.req.header('authorization') ?? '').trim());
  const now = Date.now();
  const holder = match ? await tokenHolder(c.env.DB, match[1]!, now) : null;
  if (!holder) return errors(401, 'Token was invalid.');
  const limit = await hit(c.env.DB, API_REQUEST_LIMIT, holder.tokenId, now);
  if (!limit.allowed) return errors(429, 'Too many requests. Please try again later.', {}, { 'retry-after': String(Math.ceil(limit.retryAfterMs / 1000)) });
  if (!holder.scopes.has(scope)) return errors(401, 'The token does not have the scope this call needs.');
  return holder;
}

async function readBody(c: AppContext): Promise<Record<string, unknown> | null> {
  try {
    const body = (await c.req.json()) as unknown;
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

async function status(c: AppContext): Promise<Response> {
  return (await serviceKeyRefusal(c)) ?? new Response(null, { status: 200, headers: { 'cache-control': 'no-store' } });
}

/**
 * IFTTT's endpoint tests: a token of the test account (IFTTT_TEST_USERNAME) and sample fields.
 * The action's sample makes a draft, so running the tests publishes nothing.
 */
async function testSetup(c: AppContext): Promise<Response> {
  const refusal = await serviceKeyRefusal(c);
  if (refusal) return refusal;
  const username = c.env.IFTTT_TEST_USERNAME;
  const user = username ? await c.env.DB.prepare('SELECT id FROM users WHERE username = ? AND deleted_at IS NULL AND is_suspended = 0').bind(username).first<{ id: string }>() : null;
  if (!user) return errors(404, 'No IFTTT test account is configured.');
  const token = TOKEN_PREFIX + randomToken(32);
  const now = Date.now();
  await c.env.DB.batch([
    c.env.DB.prepare('UPDATE api_tokens SET revoked_at = ? WHERE user_id = ? AND description = ? AND oauth_application_id IS NULL AND revoked_at IS NULL').bind(now, user.id, TEST_TOKEN_DESCRIPTION),
    c.env.DB.prepare('INSERT INTO api_tokens (id, user_id, description, token_hash, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?)').bind(
      newId(),
      user.id,
      TEST_TOKEN_DESCRIPTION,
      await sha256Hex(token),
      API_SCOPES.join(','),
      now,
    ),
  ]);
  return data({
    accessToken: token,
    samples: {
      triggers: { new_story_by_me: {}, new_story_from_following: {} },
      actions: { publish_story: { title: 'A story from IFTTT', content: '<p>Sent by an IFTTT applet.</p>', tags: 'ifttt', publish_status: 'draft' } },
      actionRecordSkipping: { publish_story: { title: 'A story from IFTTT', content: '', tags: '', publish_status: 'draft' } },
    },
  });
}

async function userInfo(c: AppContext): Promise<Response> {
  const holder = await holderOf(c, 'basicProfile');
  if (holder instanceof Response) return holder;
  const user = await c.env.DB.prepare('SELECT id, username, name FROM users WHERE id = ? AND deleted_at IS NULL').bind(holder.userId).first<{ id: string; username: string; name: string }>();
  if (!user) return errors(401, 'Token was invalid.');
  return data({ name: user.name, id: user.id, url: `${mainOrigin(c.env)}/@${user.username}` });
}

async function trigger(c: AppContext): Promise<Response> {
  const source = TRIGGERS[c.req.param('slug') ?? ''];
  if (!source) return errors(404, 'No such trigger.');
  const holder = await holderOf(c, 'basicProfile');
  if (holder instanceof Response) return holder;
  const body = await readBody(c);
  if (!body) return errors(400, 'The body must be a JSON object.');
  // These triggers take no fields; IFTTT sends triggerFields all the same (an object).
  if (body.triggerFields !== undefined && (typeof body.triggerFields !== 'object' || body.triggerFields === null || Array.isArray(body.triggerFields))) {
    return errors(400, 'triggerFields must be an object.');
  }
  const limit = body.limit === undefined ? DEFAULT_TRIGGER_LIMIT : Number(body.limit);
  if (!Number.isInteger(limit) || limit < 0) return errors(400, 'limit must be a whole number, 0 or more.');
  return data(await storiesForTrigger(c.env.DB, c.env, holder.userId, source, Math.min(limit, DEFAULT_TRIGGER_LIMIT)));
}

const field = (fields: Record<string, unknown>, name: string): string => (typeof fields[name] === 'string' ? (fields[name] as string) : '');

async function publishStory(c: AppContext): Promise<Response> {
  const holder = await holderOf(c, 'publishPost');
  if (holder instanceof Response) return holder;
  const body = await readBody(c);
  const fields = body?.actionFields;
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return errors(400, 'actionFields is required.');
  const author = await c.env.DB.prepare('SELECT id, username, is_suspended, limited_at FROM users WHERE id = ? AND deleted_at IS NULL')
    .bind(holder.userId)
    .first<{ id: string; username: string; is_suspended: number; limited_at: number | null }>();
  if (!author) return errors(401, 'Token was invalid.');
  // Retrying cannot help these: IFTTT records the applet run as skipped, with the reason.
  const refusal = publishingRefusal({ isSuspended: author.is_suspended === 1, isLimited: author.limited_at !== null });
  if (refusal) return errors(400, refusal, { status: 'SKIP' });
  const actionFields = fields as Record<string, unknown>;
  const input = readCreateStoryBody({
    title: field(actionFields, 'title'),
    contentFormat: 'html',
    content: field(actionFields, 'content'),
    tags: field(actionFields, 'tags').split(',').map((t) => t.trim()).filter(Boolean),
    publishStatus: field(actionFields, 'publish_status') || 'public',
  });
  if (typeof input === 'string') return errors(400, input, { status: 'SKIP' });
  const now = Date.now();
  const posts = await hit(c.env.DB, API_STORY_LIMIT, author.id, now);
  if (!posts.allowed) return errors(429, 'Too many posts today. Please try again tomorrow.', {}, { 'retry-after': String(Math.ceil(posts.retryAfterMs / 1000)) });
  const outcome = await createApiStory(c.env, author, input, { publicationId: null, now });
  if (outcome.kind === 'invalid') return errors(400, outcome.message, { status: 'SKIP' });
  return data([{ id: outcome.post.id, url: outcome.post.url }]);
}

export function mountIfttt(app: Hono<{ Bindings: Env }>): void {
  const limit = bodyLimit({ maxSize: API_BODY_LIMIT_BYTES, onError: () => errors(413, 'The request body is too large.') });
  app.get('/ifttt/v1/status', status);
  app.post('/ifttt/v1/test/setup', testSetup);
  app.get('/ifttt/v1/user/info', userInfo);
  app.post('/ifttt/v1/triggers/:slug', limit, trigger);
  app.post('/ifttt/v1/actions/publish_story', limit, publishStory);
  app.all('/ifttt/v1/*', () => errors(404, 'Not found.'));
}
