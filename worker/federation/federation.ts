// The fediverse's door (issue 30; docs/adr/0175-fedify-for-activitypub.md): Fedify answers
// WebFinger, NodeInfo, the actors, their inboxes (and the shared inbox), outboxes and followers
// collections, and signs and verifies every exchange. Vellum gives it its storage (D1KvStore),
// its queue (the fan-out queue, FanOutMessageQueue), its network (the guarded loader) and its
// data (actors, keys, followers).
//
// Addresses (Mastodon's shapes, under /ap/ so no page route can collide):
//   /ap/actors/{identifier}             the actor (identifier: a user id or a collection id)
//   /ap/actors/{identifier}/inbox       its inbox          /ap/inbox   the shared inbox
//   /ap/actors/{identifier}/outbox      its outbox         /ap/actors/{identifier}/followers
//   /.well-known/webfinger, /.well-known/nodeinfo, /nodeinfo/2.1
// The profile page's own address answers an ActivityPub client with the actor document too
// (worker/federation/serve.ts).
//
// Incoming activities are handled inline (the sender learns at once whether it was taken);
// outgoing ones (the Accept of a Follow, or of one the writer approved later) go through the fan-out queue, signed when delivered.
import { createFederation, type Federation } from '@fedify/fedify';
import { Accept, Announce, Create, Delete, Endpoints, Follow, Image, Like, Organization, Person, Undo, Update, type Recipient } from '@fedify/fedify/vocab';
import type { Env } from '../env.ts';
import { isDevelopment } from '../env.ts';
import type { HostContext } from '../host/resolve-host.ts';
import { logEvent } from '../lib/log-context.ts';
import { imageUrl, LOCAL_IMAGE_ORIGIN } from '../../shared/urls/image-urls.ts';
import { D1KvStore } from './kv-store.ts';
import { FanOutMessageQueue } from './message-queue.ts';
import { documentLoaderWith, federationAddressCheck } from './network.ts';
import { actorById, actorIdForHandle, profilePath } from './actors.ts';
import { actorKeyPairs } from './keys.ts';
import { addFollower, approvesFollowers, countFollowers, followerOf, followersPage, removeFollower } from './followers.ts';
import { oncePerKey } from '../queues/idempotency.ts';
import { withPrivateKeys } from './queued-keys.ts';
import type { RequestContext } from '../context/request-context.ts';
import { onCreate, onDelete, onUpdate } from './replies.ts';
import { isReaction, onAnnounce, onLike, undoReaction } from './reactions.ts';
import { isRemoteActorRefused } from './refusals.ts';

/** What every federation callback knows: the deployment and the host the request came to. */
export interface FederationData {
  env: Env;
  /** null for a queued task, which runs outside any request. */
  host: HostContext | null;
  /** A signed-out request context for the capabilities an inbox listener calls (replies.ts); absent in a queued task. */
  openContext?: () => Promise<RequestContext>;
}

export const ACTOR_PATH = '/ap/actors/{identifier}';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function buildFederation(env: Env): Federation<FederationData> {
  const federation = createFederation<FederationData>({
    kv: new D1KvStore(env.DB),
    queue: { outbox: new FanOutMessageQueue(env) },
    manuallyStartQueue: true,
    documentLoaderFactory: () => documentLoaderWith(federationAddressCheck(env)),
    contextLoaderFactory: () => documentLoaderWith(federationAddressCheck(env)),
    // Keys of incoming signatures are fetched through the same guard (Fedify's own authenticated
    // loader would otherwise fetch them, e.g. for RFC 9421 requests); unsigned, as ADR 0175 says.
    authenticatedDocumentLoaderFactory: () => documentLoaderWith(federationAddressCheck(env)),
  });

  federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      const actor = await actorById(ctx.data.env.DB, identifier);
      if (!actor) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      const host = ctx.data.host ?? { kind: 'default' as const, host: ctx.url.host };
      const values = {
        id: ctx.getActorUri(identifier),
        preferredUsername: actor.handle,
        name: actor.name,
        summary: actor.summary ? `<p>${escapeHtml(actor.summary)}</p>` : null,
        url: new URL(profilePath(host, actor), ctx.origin),
        icon: actor.imageId ? new Image({ url: new URL(imageUrl(actor.imageId, { strategy: 'crop', width: 400, height: 400, origin: ctx.origin + LOCAL_IMAGE_ORIGIN })) }) : null,
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((key) => key.multikey),
        // The writer's "Approve fediverse followers" (docs/adr/0212-approving-fediverse-followers.md).
        manuallyApprovesFollowers: await approvesFollowers(ctx.data.env.DB, identifier),
        discoverable: true,
      };
      // A publication is an Organization: Mastodon shows it as an account like any other
      // (a Group would be taken for a forum one posts into).
      return actor.kind === 'writer' ? new Person(values) : new Organization(values);
    })
    .setKeyPairsDispatcher(async (ctx, identifier) => ((await actorById(ctx.data.env.DB, identifier)) ? actorKeyPairs(ctx.data.env.DB, identifier) : []))
    .mapHandle(async (ctx, name) => (ctx.data.host ? actorIdForHandle(ctx.data.env.DB, ctx.data.host, name) : null));

  federation
    .setFollowersDispatcher(`${ACTOR_PATH}/followers`, async (ctx, identifier, cursor) => {
      if (cursor === null) return null;
      if (!(await actorById(ctx.data.env.DB, identifier))) return null;
      const page = await followersPage(ctx.data.env.DB, identifier, cursor);
      const items: Recipient[] = page.followers.map((follower) => ({
        id: new URL(follower.followerUri),
        inboxId: new URL(follower.inbox),
        endpoints: follower.sharedInbox ? { sharedInbox: new URL(follower.sharedInbox) } : null,
      }));
      return { items, nextCursor: page.nextCursor };
    })
    .setFirstCursor(() => '')
    .setCounter((ctx, identifier) => countFollowers(ctx.data.env.DB, identifier));

  // Stories reach followers as they change (stories.ts); the outbox does not list them yet.
  federation
    .setOutboxDispatcher(`${ACTOR_PATH}/outbox`, async (ctx, identifier, cursor) => {
      if (cursor === null) return null;
      return (await actorById(ctx.data.env.DB, identifier)) ? { items: [], nextCursor: null } : null;
    })
    .setFirstCursor(() => '')
    .setCounter(() => 0);

  federation
    .setInboxListeners(`${ACTOR_PATH}/inbox`, '/ap/inbox')
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.actorId || !follow.objectId) return;
      const target = ctx.parseUri(follow.objectId);
      if (target?.type !== 'actor') return;
      const db = ctx.data.env.DB;
      if (!(await actorById(db, target.identifier))) return;
      // An instance the writer (or staff) blocked: refused before its actor is even fetched (refusals.ts).
      if (await isRemoteActorRefused(db, follow.actorId, target.identifier)) return;
      const follower = await follow.getActor(ctx);
      if (!follower?.id || !follower.inboxId || follower.id.href !== follow.actorId.href) return;
      const sharedInbox = follower.endpoints?.sharedInbox ?? null;
      // Deliveries go where the follower says: only to public addresses, checked as every fetch is.
      const checkAddress = federationAddressCheck(ctx.data.env);
      if (!checkAddress(follower.inboxId.href).ok || (sharedInbox && !checkAddress(sharedInbox.href).ok)) {
        logEvent({ event: 'federation_follow_refused', follower: follower.id.href, reason: 'inbox not on the public internet' }, 'warn');
        return;
      }
      const held = { followerUri: follower.id.href, inbox: follower.inboxId.href, sharedInbox: sharedInbox?.href ?? null, followUri: follow.id.href, handle: follower.preferredUsername?.toString() ?? null };
      // A writer who approves followers: the Follow waits (no Accept, no deliveries) until they
      // approve or decline it on the audience page; one already following is answered again.
      if ((await approvesFollowers(db, target.identifier)) && !(await followerOf(db, 'followers', target.identifier, held.followerUri))) {
        await addFollower(db, 'requests', target.identifier, held);
        logEvent({ event: 'federation_follow_requested', actor: target.identifier, follower: follower.id.href });
        return;
      }
      await addFollower(db, 'followers', target.identifier, held);
      logEvent({ event: 'federation_follow', actor: target.identifier, follower: follower.id.href });
      await ctx.sendActivity(
        { identifier: target.identifier },
        follower,
        new Accept({ id: new URL(`#accepts/${crypto.randomUUID()}`, ctx.getActorUri(target.identifier)), actor: ctx.getActorUri(target.identifier), object: follow }),
      );
    })
    .on(Undo, async (ctx, undo) => {
      if (!undo.actorId) return;
      const object = await undo.getObject(ctx);
      if (isReaction(object)) return undoReaction(ctx, undo, object);
      if (!(object instanceof Follow) || !object.objectId || object.actorId?.href !== undo.actorId.href) return;
      const target = ctx.parseUri(object.objectId);
      if (target?.type !== 'actor') return;
      // An Undo of a Follow still held for approval withdraws the request.
      if (await removeFollower(ctx.data.env.DB, 'requests', target.identifier, undo.actorId.href)) {
        logEvent({ event: 'federation_follow_withdrawn', actor: target.identifier, follower: undo.actorId.href });
      }
      const removed = await removeFollower(ctx.data.env.DB, 'followers', target.identifier, undo.actorId.href);
      if (removed) logEvent({ event: 'federation_unfollow', actor: target.identifier, follower: undo.actorId.href });
    })
    // Replies become responses, likes and boosts are counted (replies.ts, reactions.ts).
    .on(Create, onCreate)
    .on(Update, onUpdate)
    .on(Delete, onDelete)
    .on(Like, onLike)
    .on(Announce, onAnnounce);

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async (ctx) => {
    const db = ctx.data.env.DB;
    const users = (await db.prepare('SELECT COUNT(*) AS n FROM users WHERE is_suspended = 0 AND deleted_at IS NULL').first<{ n: number }>())?.n ?? 0;
    const posts = (await db.prepare("SELECT COUNT(*) AS n FROM posts WHERE status = 'PUBLISHED' AND deleted_at IS NULL AND in_response_to_post_id IS NULL").first<{ n: number }>())?.n ?? 0;
    return {
      software: { name: 'vellum', version: '1.0.0', homepage: new URL(ctx.origin) },
      protocols: ['activitypub'],
      openRegistrations: true,
      usage: { users: { total: users }, localPosts: posts, localComments: 0 },
      metadata: { nodeName: ctx.data.env.PRODUCT_NAME ?? 'Vellum', development: isDevelopment(ctx.data.env) },
    };
  });

  return federation;
}

const federations = new WeakMap<Env, Federation<FederationData>>();

/** The federation of this deployment (one per env object, so per isolate in production). */
export function federationFor(env: Env): Federation<FederationData> {
  let federation = federations.get(env);
  if (!federation) federations.set(env, (federation = buildFederation(env)));
  return federation;
}

type QueuedTask = Parameters<Federation<FederationData>['processQueuedTask']>[1];

/**
 * Development only: FEDERATION_DELIVERY_SINK sends every delivery to a local stand-in instead of
 * the follower's inbox (bench/scale-federation.bench.mjs), never to the network.
 */
function toDeliverySink(env: Env, task: unknown): unknown {
  const sink = isDevelopment(env) ? env.FEDERATION_DELIVERY_SINK : undefined;
  const delivery = task as { type?: string; inbox?: string } | null;
  if (!sink || delivery?.type !== 'outbox' || !delivery.inbox) return task;
  const target = new URL(sink);
  target.searchParams.set('inbox', delivery.inbox);
  return { ...delivery, inbox: target.href };
}

/**
 * The queue consumer's part (worker/jobs/queue-handlers.ts): one queued Fedify task, e.g. a
 * delivery. A delivery of an activity with an id to an inbox happens at most once (idempotency
 * key federation:{activity}:{inbox}, docs/adr/0091-idempotency-keys.md), as a newsletter's email
 * does: the queue delivers at least once, and a story's activity may be handed over again.
 */
export async function processFederationTask(env: Env, queued: unknown): Promise<void> {
  // The queue carries no private key (queued-keys.ts): the sender's are read back here.
  const task = await withPrivateKeys(env.DB, toDeliverySink(env, queued));
  const run = () => federationFor(env).processQueuedTask({ env, host: null }, task as QueuedTask);
  const delivery = task as { type?: string; activityId?: string; inbox?: string } | null;
  if (delivery?.type === 'outbox' && delivery.activityId && delivery.inbox) {
    await oncePerKey(env.DB, `federation:${delivery.activityId}:${delivery.inbox}`, run);
    return;
  }
  await run();
}
