// The public REST API (docs/product/3-routes-data-calls-constants.md §7.6;
// docs/adr/0082-integration-tokens-and-v1.md): the paths, JSON shapes and error shape of the Medium API, so the
// existing clients of that API can post to Vellum with an integration token.
//
//   GET  /v1/me                                    basicProfile
//   GET  /v1/users/{userId}/publications           listPublications (the token's own user only)
//   GET  /v1/publications/{publicationId}/contributors   listPublications
//   POST /v1/users/{authorId}/posts                publishPost (the token's own user only)
//   POST /v1/publications/{publicationId}/posts    publishPost (a contributor; writers: draft only)
// IFTTT's endpoints are in worker/api/ifttt/endpoints.ts.
//
// Answers: { "data": … }; errors { "errors": [{ "message", "code" }] } with the HTTP status; an
// error about the token also carries the outcome kind of docs/product/2-sign-in-notices-cache-routing.md §8
// as "kind" (MissingOAuthTokens, MalformedOAuthToken, ExpiredCredentials; docs/outcomes.md), a field
// the Medium API's clients ignore and ours read to ask the writer to connect again.
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { mainOrigin, type Env } from '../../env.ts';
import { hit, type Limit } from '../../auth/rate-limit.ts';
import { imageUrl, LOCAL_IMAGE_ORIGIN } from '../../../shared/urls/image-urls.ts';
import { createApiStory, readCreateStoryBody } from './create-story.ts';
import { isWellFormedToken, tokenHolder, type ApiScope, type TokenHolder } from '../../integrations/integration-tokens.ts';
import { publishingRefusal } from '../../accounts/account-limits.ts';

type AppContext = Context<{ Bindings: Env }>;

/** Error codes (the Medium API's numbering where it is known: 6003 for a bad token). */
export const API_ERRORS = {
  tokenMissing: { status: 401, code: 6000, message: 'An access token is required.', kind: 'MissingOAuthTokens' },
  /** Not a token of ours at all (wrong prefix or length). */
  tokenMalformed: { status: 401, code: 6003, message: 'Token was invalid.', kind: 'MalformedOAuthToken' },
  /** Shaped like ours, but revoked, unknown, or its account or application gone: connect again. */
  tokenInvalid: { status: 401, code: 6003, message: 'Token was invalid.', kind: 'ExpiredCredentials' },
  scope: { status: 401, code: 6009, message: 'The token does not have the scope this call needs.' },
  forbidden: { status: 403, code: 6026, message: 'The token may not act for this user.' },
  notFound: { status: 404, code: 6027, message: 'Not found.' },
  badRequest: { status: 400, code: 6004, message: 'The request was invalid.' },
  tooLarge: { status: 413, code: 6005, message: 'The request body is too large.' },
  rateLimited: { status: 429, code: 6029, message: 'Too many requests. Please try again later.' },
} as const;
type ApiError = (typeof API_ERRORS)[keyof typeof API_ERRORS];

/** A token's requests per window, and posts a user may create per day. */
export const API_REQUEST_LIMIT: Limit = { name: 'v1:token', max: 300, windowMs: 15 * 60 * 1000 };
export const API_STORY_LIMIT: Limit = { name: 'v1:posts', max: 30, windowMs: 24 * 60 * 60 * 1000 };
/** Story bodies: a long essay in HTML is well under this. */
export const API_BODY_LIMIT_BYTES = 1024 * 1024;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

function errorResponse(error: ApiError, message: string = error.message, headers: Record<string, string> = {}): Response {
  const kind = 'kind' in error ? { kind: error.kind } : {};
  return new Response(JSON.stringify({ errors: [{ message, code: error.code, ...kind }] }), { status: error.status, headers: { ...JSON_HEADERS, ...headers } });
}

function dataResponse(data: unknown, status = 200): Response {
  return new Response(JSON.stringify({ data }), { status, headers: JSON_HEADERS });
}

function bearer(c: AppContext): string | null {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1]! : null;
}

/** The token's holder with the scope, within its rate limit — or the error to answer. */
async function authorize(c: AppContext, scope: ApiScope): Promise<TokenHolder | Response> {
  const token = bearer(c);
  if (!token) return errorResponse(API_ERRORS.tokenMissing);
  const now = Date.now();
  if (!isWellFormedToken(token)) return errorResponse(API_ERRORS.tokenMalformed);
  const holder = await tokenHolder(c.env.DB, token, now);
  if (!holder) return errorResponse(API_ERRORS.tokenInvalid);
  const limit = await hit(c.env.DB, API_REQUEST_LIMIT, holder.tokenId, now);
  if (!limit.allowed) return errorResponse(API_ERRORS.rateLimited, undefined, { 'retry-after': String(Math.ceil(limit.retryAfterMs / 1000)) });
  if (!holder.scopes.has(scope)) return errorResponse(API_ERRORS.scope);
  return holder;
}

interface UserRow {
  id: string;
  username: string;
  name: string;
  image_id: string | null;
}

async function userRow(env: Env, id: string): Promise<UserRow | null> {
  return env.DB.prepare('SELECT id, username, name, image_id FROM users WHERE id = ? AND deleted_at IS NULL').bind(id).first<UserRow>();
}

function userShape(env: Env, user: UserRow) {
  const origin = mainOrigin(env);
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    url: `${origin}/@${user.username}`,
    imageUrl: user.image_id ? imageUrl(user.image_id, { strategy: 'crop', width: 400, height: 400, origin: origin + LOCAL_IMAGE_ORIGIN }) : '',
  };
}

async function me(c: AppContext): Promise<Response> {
  const holder = await authorize(c, 'basicProfile');
  if (holder instanceof Response) return holder;
  const user = await userRow(c.env, holder.userId);
  return user ? dataResponse(userShape(c.env, user)) : errorResponse(API_ERRORS.tokenInvalid);
}

async function userPublications(c: AppContext): Promise<Response> {
  const holder = await authorize(c, 'listPublications');
  if (holder instanceof Response) return holder;
  if (c.req.param('userId') !== holder.userId) return errorResponse(API_ERRORS.forbidden);
  const origin = mainOrigin(c.env);
  const { results } = await c.env.DB.prepare(
    'SELECT c.id, c.name, c.slug, c.description, c.avatar_id FROM collection_members m JOIN collections c ON c.id = m.collection_id WHERE m.user_id = ? ORDER BY c.name',
  )
    .bind(holder.userId)
    .all<{ id: string; name: string; slug: string; description: string; avatar_id: string | null }>();
  return dataResponse(
    results.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      url: `${origin}/${p.slug}`,
      imageUrl: p.avatar_id ? imageUrl(p.avatar_id, { strategy: 'crop', width: 400, height: 400, origin: origin + LOCAL_IMAGE_ORIGIN }) : '',
    })),
  );
}

/** Medium's contributor roles: an owner or editor is "editor", a writer "writer". */
const contributorRole = (role: string) => (role === 'WRITER' ? 'writer' : 'editor');

async function publicationContributors(c: AppContext): Promise<Response> {
  const holder = await authorize(c, 'listPublications');
  if (holder instanceof Response) return holder;
  const publicationId = c.req.param('publicationId') ?? '';
  const exists = await c.env.DB.prepare('SELECT id FROM collections WHERE id = ?').bind(publicationId).first();
  if (!exists) return errorResponse(API_ERRORS.notFound, 'No such publication.');
  const { results } = await c.env.DB.prepare(
    'SELECT m.user_id, m.role FROM collection_members m JOIN users u ON u.id = m.user_id WHERE m.collection_id = ? AND u.deleted_at IS NULL ORDER BY m.created_at',
  )
    .bind(publicationId)
    .all<{ user_id: string; role: string }>();
  return dataResponse(results.map((r) => ({ publicationId, userId: r.user_id, role: contributorRole(r.role) })));
}

async function readJson(c: AppContext): Promise<unknown | Response> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().includes('application/json')) {
    return errorResponse(API_ERRORS.badRequest, 'Send the body as application/json.');
  }
  try {
    return await c.req.json();
  } catch {
    return errorResponse(API_ERRORS.badRequest, 'The body is not valid JSON.');
  }
}

async function createPost(c: AppContext, publicationId: string | null): Promise<Response> {
  const holder = await authorize(c, 'publishPost');
  if (holder instanceof Response) return holder;
  const authorId = publicationId ? holder.userId : c.req.param('authorId');
  // A token posts as its own user, never as anyone else.
  if (authorId !== holder.userId) return errorResponse(API_ERRORS.forbidden);
  const author = await c.env.DB.prepare('SELECT id, username, limited_at FROM users WHERE id = ? AND deleted_at IS NULL AND is_suspended = 0')
    .bind(holder.userId)
    .first<{ id: string; username: string; limited_at: number | null }>();
  if (!author) return errorResponse(API_ERRORS.tokenInvalid);
  const refusal = publishingRefusal({ isSuspended: false, isLimited: author.limited_at !== null });
  if (refusal) return errorResponse(API_ERRORS.forbidden, refusal);
  const body = await readJson(c);
  if (body instanceof Response) return body;
  const input = readCreateStoryBody(body);
  if (typeof input === 'string') return errorResponse(API_ERRORS.badRequest, input);
  if (publicationId) {
    const member = await c.env.DB.prepare('SELECT role FROM collection_members WHERE collection_id = ? AND user_id = ?').bind(publicationId, author.id).first<{ role: string }>();
    if (!member) {
      const exists = await c.env.DB.prepare('SELECT id FROM collections WHERE id = ?').bind(publicationId).first();
      return exists ? errorResponse(API_ERRORS.forbidden, 'You are not a contributor of this publication.') : errorResponse(API_ERRORS.notFound, 'No such publication.');
    }
    // A writer's post waits for an editor, as in the Medium API.
    if (member.role === 'WRITER') input.publishStatus = 'draft';
  }
  const now = Date.now();
  const posts = await hit(c.env.DB, API_STORY_LIMIT, author.id, now);
  if (!posts.allowed) return errorResponse(API_ERRORS.rateLimited, 'Too many posts today. Please try again tomorrow.', { 'retry-after': String(Math.ceil(posts.retryAfterMs / 1000)) });
  const outcome = await createApiStory(c.env, author, input, { publicationId, now });
  if (outcome.kind === 'invalid') return errorResponse(API_ERRORS.badRequest, outcome.message);
  return dataResponse(outcome.post, 201);
}

export function mountPublicApi(app: Hono<{ Bindings: Env }>): void {
  const limit = bodyLimit({ maxSize: API_BODY_LIMIT_BYTES, onError: () => errorResponse(API_ERRORS.tooLarge) });
  app.get('/v1/me', me);
  app.get('/v1/users/:userId/publications', userPublications);
  app.get('/v1/publications/:publicationId/contributors', publicationContributors);
  app.post('/v1/users/:authorId/posts', limit, (c) => createPost(c, null));
  app.post('/v1/publications/:publicationId/posts', limit, (c) => createPost(c, c.req.param('publicationId')));
  // Everything else under /v1 answers in the API's shape, not with the 404 page.
  app.all('/v1/*', () => errorResponse(API_ERRORS.notFound));
}
