// What every activity posted to an inbox passes before Fedify reads it (issue 30 point 5;
// docs/adr/0206-refusing-remote-instances.md): a bounded body (413 past MAX_DOCUMENT_BYTES),
// an actor named, its instance not blocked (isRemoteActorRefused: 403), and its instance within
// its rate (FEDERATION_INBOX_PER_MINUTE activities a minute: 429 with Retry-After). A refused
// activity is never verified, handled or stored; only the instance's counter moves.
//
// The instance counted is the one the activity names as its actor, before the signature is
// checked: checking costs a fetch of the actor's key, which is what a flood must not make us
// do. A sender naming someone else's instance only spends that instance's budget for the
// minute; the signature check that follows still refuses its activities.
import type { Env } from '../env.ts';
import { hit, type Limit } from '../auth/rate-limit.ts';
import { logEvent } from '../lib/log-context.ts';
import { MAX_DOCUMENT_BYTES, readCapped, RemoteDocumentRefused } from './network.ts';
import { instanceOf, isRemoteActorRefused } from './refusals.ts';

/** Five a second, sustained over a minute: far above what one instance's followers and repliers send one site. */
export const DEFAULT_INBOX_PER_MINUTE = 300;

/** The inbox limit of this deployment: FEDERATION_INBOX_PER_MINUTE, else the default. */
export function inboxLimit(env: Pick<Env, 'FEDERATION_INBOX_PER_MINUTE'>): Limit {
  const configured = Number(env.FEDERATION_INBOX_PER_MINUTE);
  return { name: 'federation:inbox', max: Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_INBOX_PER_MINUTE, windowMs: 60_000 };
}

const answer = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers } });

/** The actor an activity names: its `actor`, an id or an embedded object's id. */
function actorOf(activity: unknown): string | null {
  const actor = typeof activity === 'object' && activity !== null ? (activity as { actor?: unknown }).actor : undefined;
  if (typeof actor === 'string') return actor;
  if (typeof actor === 'object' && actor !== null && typeof (actor as { id?: unknown }).id === 'string') return (actor as { id: string }).id;
  return null;
}

/**
 * The request to hand to Fedify (the same body, read once), or the refusal to answer.
 * `localActorId`: whose inbox it was posted to (null: the shared inbox).
 */
export async function gateInbox(request: Request, env: Env, localActorId: string | null, now = Date.now()): Promise<Request | Response> {
  let text: string;
  try {
    text = await readCapped(request, MAX_DOCUMENT_BYTES);
  } catch (error) {
    if (error instanceof RemoteDocumentRefused) return answer(413, 'Activity too large');
    throw error;
  }
  let activity: unknown;
  try {
    activity = JSON.parse(text);
  } catch {
    return answer(400, 'An activity is a JSON document');
  }
  const actor = actorOf(activity);
  const instance = actor ? instanceOf(actor) : null;
  if (!actor || !instance) return answer(400, 'An activity names its actor');
  if (await isRemoteActorRefused(env.DB, actor, localActorId)) {
    logEvent({ event: 'federation_refused', instance, reason: 'instance blocked' }, 'warn');
    return answer(403, 'Activities from this instance are refused');
  }
  const limit = await hit(env.DB, inboxLimit(env), instance, now);
  if (!limit.allowed) {
    logEvent({ event: 'federation_refused', instance, reason: 'rate limit' }, 'warn');
    return answer(429, 'Too many activities from this instance; try again later', { 'retry-after': String(Math.max(1, Math.ceil(limit.retryAfterMs / 1000))) });
  }
  return new Request(request.url, { method: request.method, headers: request.headers, body: text });
}
