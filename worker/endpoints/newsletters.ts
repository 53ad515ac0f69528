// The newsletter endpoints outside the page pipeline (docs/newsletters.md):
//
// POST /_/newsletters/unsubscribe/{userId}/{writerId}/{hash}
//   The List-Unsubscribe address of every newsletter email: mail clients POST
//   "List-Unsubscribe=One-Click" to it (RFC 8058) and the subscription ends, without sign-in;
//   the signature is the authority (a forged or changed one answers 403 and changes nothing).
//   A GET (a client that opens the address in a browser, a link scanner) changes nothing: it
//   redirects to the signed email-settings page, where the reader unsubscribes with one click.
//   {writerId} is a writer's id or a publication newsletter's id (docs/newsletters.md).
// GET /_/subscribe/user/{id}
//   The writer's newsletter by user id: redirects to /@{username}/subscribe.
// GET /_/subscribe/collection/{id}
//   A publication's newsletter by the publication's id: redirects to its newsletter's page,
//   /{collectionSlug}/newsletters/{newsletterSlug} (404 when it has none).
// GET /_/subscribe/user/{id}/{plan}, /_/subscribe/collection/{id}/{plan}
//   The same newsletter reached with a membership plan (a MembershipPlanType, e.g. MONTHLY): an
//   active member goes to the newsletter's page as above; anyone else to that plan's
//   confirmation (/plans/confirmation/{plan}). 404 for an unknown plan or a writer or
//   publication without a newsletter.
// GET, POST /_/api/users/{id}/lazily-enable-writer-subscription
//   A writer's newsletter is on from the start (its id is the writer's, docs/newsletters.md), so
//   there is nothing to create: the answer says so, { userId, newsletterV3Id, isEnabled: true }.
//   POST is the writer's own (401 signed out, 403 another person or no anti-forgery token); 404
//   for someone who cannot have one (unknown, deleted or suspended).
// GET, POST, DELETE /_/api/subscriptions/newsletters/{id}
//   The viewer's subscription to a publication newsletter (docs/product/3-routes-data-calls-constants.md §7.5):
//   GET answers { newsletterId, subscribed }, POST subscribes, DELETE unsubscribes (both answer
//   the same shape). Signed in only (401), with the anti-forgery token for changes (403); 404 for
//   a newsletter that does not exist.
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Env } from '../env.ts';
import { mayMutate } from '../auth/anti-forgery.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { unsubscribeUser, writerNewsletterPath } from '../newsletters/writer-newsletters.ts';
import { isSubscribedToPublicationNewsletter, newsletterById, publicationNewsletterPath, setPublicationSubscription } from '../newsletters/publication-newsletters.ts';
import { isNewsletterRefusal } from '../newsletters/results.ts';
import { resolveViewer } from '../session/viewer.ts';
import { isValidEmailSettingsHash } from '../newsletters/signing.ts';
import { mountSubscriberExport } from './newsletter-subscriber-export.ts';
import { mountSubscriberImport } from './newsletter-import.ts';
import { isPlanType } from '../../shared/membership/plans.ts';
import { viewerIsActiveMember } from '../membership/active-membership.ts';

const plain = (text: string, status: number) => new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

async function oneClickUnsubscribe(c: Context<{ Bindings: Env }>): Promise<Response> {
  const { userId, writerId, hash } = c.req.param() as { userId: string; writerId: string; hash: string };
  if (!(await isValidEmailSettingsHash(c.env, userId, hash))) return plain('This unsubscribe link is not valid.', 403);
  if (c.req.method === 'GET') return c.redirect(`/me/email-settings/${encodeURIComponent(userId)}/${hash}`, 302);
  await unsubscribeUser(c.env.DB, userId, writerId, Date.now());
  return plain("You've been unsubscribed. It may take up to 24 hours to take effect.", 200);
}

async function subscribeToUser(c: Context<{ Bindings: Env }>): Promise<Response> {
  const path = await writerNewsletterPath(c.env.DB, c.req.param('userId')!);
  if (!path) return plain('Not found', 404);
  return c.redirect(path, 302);
}

async function subscribeToCollection(c: Context<{ Bindings: Env }>): Promise<Response> {
  const path = await publicationNewsletterPath(c.env.DB, c.req.param('collectionId')!);
  if (!path) return plain('Not found', 404);
  return c.redirect(path, 302);
}

/** /_/subscribe/{user|collection}/{id}/{plan}: the plan's confirmation, then the newsletter. */
async function subscribeWithPlan(c: Context<{ Bindings: Env }>, kind: 'user' | 'collection'): Promise<Response> {
  const plan = c.req.param('plan')!.toUpperCase();
  if (!isPlanType(plan)) return plain('Not found', 404);
  const path = kind === 'user' ? await writerNewsletterPath(c.env.DB, c.req.param('id')!) : await publicationNewsletterPath(c.env.DB, c.req.param('id')!);
  if (!path) return plain('Not found', 404);
  const viewer = await resolveViewer(c.env.DB, c.req.raw);
  const member = viewer.user ? await viewerIsActiveMember(requestContextFor({ db: c.env.DB, env: c.env, viewer, request: c.req.raw })) : false;
  return c.redirect(member ? path : `/plans/confirmation/${plan}`, 302);
}

async function lazilyEnableWriterSubscription(c: Context<{ Bindings: Env }>): Promise<Response> {
  const userId = c.req.param('userId')!;
  const writer = await c.env.DB.prepare('SELECT id FROM users WHERE id = ? AND deleted_at IS NULL AND is_suspended = 0').bind(userId).first<{ id: string }>();
  if (!writer) return json({ error: 'NOT_FOUND', message: 'This writer does not exist.' }, 404);
  if (c.req.method === 'POST') {
    const viewer = await resolveViewer(c.env.DB, c.req.raw);
    if (!viewer.user) return json({ error: 'UNAUTHENTICATED', message: 'Sign in first.' }, 401);
    if (viewer.user.id !== writer.id || !(await mayMutate(c.req.raw, viewer))) return json({ error: 'FORBIDDEN', message: 'Only the writer can do this.' }, 403);
  }
  return json({ userId: writer.id, newsletterV3Id: writer.id, isEnabled: true }, 200);
}

const json = (body: unknown, status: number) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

async function publicationSubscription(c: Context<{ Bindings: Env }>): Promise<Response> {
  const newsletterId = c.req.param('newsletterId')!;
  const viewer = await resolveViewer(c.env.DB, c.req.raw);
  if (!viewer.user) return json({ error: 'UNAUTHENTICATED', message: 'Sign in to subscribe to newsletters.' }, 401);
  const ctx = requestContextFor({ db: c.env.DB, env: c.env, viewer, request: c.req.raw });
  if (c.req.method !== 'GET') {
    if (!(await mayMutate(c.req.raw, viewer))) return json({ error: 'FORBIDDEN', message: 'Missing or invalid anti-forgery token.' }, 403);
    const result = await setPublicationSubscription(ctx, newsletterId, c.req.method === 'POST');
    if (isNewsletterRefusal(result)) return json({ error: 'NOT_FOUND', message: 'This newsletter does not exist.' }, 404);
  } else if (!(await newsletterById(ctx, newsletterId))) {
    return json({ error: 'NOT_FOUND', message: 'This newsletter does not exist.' }, 404);
  }
  return json({ newsletterId, subscribed: await isSubscribedToPublicationNewsletter(ctx, newsletterId, viewer.user.id) }, 200);
}

export function mountNewsletters(app: Hono<{ Bindings: Env }>): void {
  app.get('/_/subscribe/collection/:collectionId', subscribeToCollection);
  mountSubscriberExport(app);
  mountSubscriberImport(app);
  app.on(['GET', 'POST', 'DELETE'], '/_/api/subscriptions/newsletters/:newsletterId', bodyLimit({ maxSize: 1024, onError: () => json({ error: 'TOO_LARGE', message: 'The request is too large.' }, 413) }), publicationSubscription);
  app.on(['GET', 'POST'], '/_/newsletters/unsubscribe/:userId/:writerId/:hash', oneClickUnsubscribe);
  app.get('/_/subscribe/user/:userId', subscribeToUser);
  app.get('/_/subscribe/user/:id/:plan', (c) => subscribeWithPlan(c, 'user'));
  app.get('/_/subscribe/collection/:id/:plan', (c) => subscribeWithPlan(c, 'collection'));
  app.on(['GET', 'POST'], '/_/api/users/:userId/lazily-enable-writer-subscription', lazilyEnableWriterSubscription);
}
