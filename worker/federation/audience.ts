// The writer's fediverse audience (issue 30 point 2; docs/adr/0207-fediverse-followers-in-the-audience.md):
// their fediverse followers, listed beside the others on the audience page, and what the writer
// does about them: remove one (their server is sent a Reject of the Follow) or block a whole
// instance (every follower from it removed, its Follows refused; refusals.ts), and unblock it;
// block one person (docs/adr/0214-blocking-a-fediverse-person.md: from the audience page or
// their response under a story; their follow ends with a Reject, as removing them does), and
// unblock them;
// and, for a writer who approves followers (docs/adr/0212-approving-fediverse-followers.md), the
// Follows held for approval, each approved (an Accept) or declined (a Reject).
// Only the writer acts on their own actor. Fedify is loaded only to send a Reject.
import type { RequestContext } from '../context/request-context.ts';
import { badRequest, notFound, signInRequired } from '../context/errors.ts';
import { logEvent } from '../lib/log-context.ts';
import {
  approveFollowRequest,
  approvesFollowers,
  countFollowers,
  followerOf,
  newestFollowersPage,
  removeFollower,
  setApprovesFollowers,
  type AudienceFollower,
} from './followers.ts';
import {
  blockInstanceFor,
  blockPersonFor,
  instanceBlocksOf,
  instanceOf,
  parseInstance,
  personBlocksOf,
  unblockInstanceFor,
  unblockPersonFor,
  type InstanceBlock,
} from './refusals.ts';

/** Followers a page of the audience list shows. */
export const AUDIENCE_PAGE_SIZE = 20;

export interface FediverseFollower {
  /** The follower's actor id (what removing them names). */
  id: string;
  /** @{handle}@{instance}, or the actor id when they named no handle. */
  handle: string;
  instance: string;
  /** When they followed (ms since the epoch). */
  followedAt: number;
}

export interface FediverseFollowerPage {
  followers: FediverseFollower[];
  /** Pass back as `after` for the next page; null on the last page. */
  nextCursor: string | null;
}

function shown(follower: AudienceFollower): FediverseFollower {
  const instance = instanceOf(follower.followerUri) ?? '';
  return { id: follower.followerUri, handle: follower.handle ? `@${follower.handle}@${instance}` : follower.followerUri, instance, followedAt: follower.createdAt };
}

/** One page of an actor's fediverse followers, newest first (the caller has checked who may see it). */
export async function fediverseFollowers(ctx: RequestContext, actorId: string, after: string | null, first: number | null): Promise<FediverseFollowerPage> {
  const size = Math.min(Math.max(first ?? AUDIENCE_PAGE_SIZE, 1), 100);
  const page = await newestFollowersPage(ctx.db, 'followers', actorId, after ?? '', size);
  return { followers: page.followers.map(shown), nextCursor: page.nextCursor };
}

export function fediverseFollowerCount(ctx: RequestContext, actorId: string): Promise<number> {
  return countFollowers(ctx.db, actorId);
}

export function fediverseInstanceBlocks(ctx: RequestContext, actorId: string): Promise<InstanceBlock[]> {
  return instanceBlocksOf(ctx.db, actorId);
}

function writerId(ctx: RequestContext, action: string): string {
  const user = ctx.viewer.user;
  if (!user) throw signInRequired(action);
  return user.id;
}

/** Removes one of the viewer's fediverse followers and sends their server a Reject of the Follow. */
export async function removeFediverseFollower(ctx: RequestContext, followerId: string): Promise<FediverseFollower> {
  const actorId = writerId(ctx, 'remove a follower');
  const follower = await followerOf(ctx.db, 'followers', actorId, followerId);
  if (!follower || !(await removeFollower(ctx.db, 'followers', actorId, followerId))) throw notFound('That account does not follow you.');
  logEvent({ event: 'federation_follower_removed', actor: actorId, follower: followerId });
  // The removal stands whatever happens next: the Reject only tells their server sooner.
  try {
    const { sendFollowReject } = await import('./rejections.ts');
    await sendFollowReject(ctx.env, actorId, follower);
  } catch (error) {
    logEvent({ event: 'federation_reject_failed', actor: actorId, follower: followerId, error: String(error) }, 'warn');
  }
  return shown(follower);
}

function instanceNamed(input: string): string {
  const host = parseInstance(input);
  if (!host) throw badRequest('Name an instance by its address, such as social.example.org.');
  return host;
}

/** Blocks an instance for the viewer: their followers from it are removed, its Follows refused. */
export async function blockFediverseInstance(ctx: RequestContext, instance: string): Promise<{ instance: string; removedFollowers: number }> {
  const actorId = writerId(ctx, 'block an instance');
  const host = instanceNamed(instance);
  const removedFollowers = await blockInstanceFor(ctx.db, actorId, host, ctx.now);
  logEvent({ event: 'federation_instance_blocked', actor: actorId, instance: host, removed: removedFollowers });
  return { instance: host, removedFollowers };
}

export async function unblockFediverseInstance(ctx: RequestContext, instance: string): Promise<{ instance: string; removedFollowers: number }> {
  const actorId = writerId(ctx, 'unblock an instance');
  const host = instanceNamed(instance);
  await unblockInstanceFor(ctx.db, actorId, host);
  return { instance: host, removedFollowers: 0 };
}

/** Whether the actor holds Follows for approval (the audience page's "Approve fediverse followers"). */
export function fediverseApprovesFollowers(ctx: RequestContext, actorId: string): Promise<boolean> {
  return approvesFollowers(ctx.db, actorId);
}

/** One page of the Follows held for approval, newest first, paged as the followers are (the caller has checked who may see them). */
export async function fediverseFollowRequests(ctx: RequestContext, actorId: string, after: string | null, first: number | null): Promise<FediverseFollowerPage> {
  const size = Math.min(Math.max(first ?? AUDIENCE_PAGE_SIZE, 1), 100);
  const page = await newestFollowersPage(ctx.db, 'requests', actorId, after ?? '', size);
  return { followers: page.followers.map(shown), nextCursor: page.nextCursor };
}

/**
 * Turns "Approve fediverse followers" on or off for the viewer. Turning it off approves nothing:
 * Follows already held stay held until the writer approves or declines each (ADR 0212).
 */
export async function setFediverseFollowerApproval(ctx: RequestContext, approve: boolean): Promise<boolean> {
  const actorId = writerId(ctx, 'change how fediverse followers are approved');
  await setApprovesFollowers(ctx.db, actorId, approve, ctx.now);
  logEvent({ event: 'federation_follower_approval', actor: actorId, approve });
  return approve;
}

/** Approves a held Follow: the account becomes a follower and its server is sent the Accept. */
export async function approveFediverseFollower(ctx: RequestContext, followerId: string): Promise<FediverseFollower> {
  const actorId = writerId(ctx, 'approve a follower');
  const request = await followerOf(ctx.db, 'requests', actorId, followerId);
  if (!request || !(await approveFollowRequest(ctx.db, actorId, followerId, ctx.now))) throw notFound('That account is not asking to follow you.');
  logEvent({ event: 'federation_follow', actor: actorId, follower: followerId, approved: true });
  // Unlike a Reject, the Accept matters to their server: without it the follow stays pending
  // there. A failure to queue it is the writer's to know (the follower is kept; approving is done).
  const { sendFollowAccept } = await import('./rejections.ts');
  await sendFollowAccept(ctx.env, actorId, request);
  return shown({ ...request, createdAt: ctx.now });
}

/** Declines a held Follow: the request is removed and its server is sent a Reject. */
export async function declineFediverseFollower(ctx: RequestContext, followerId: string): Promise<FediverseFollower> {
  const actorId = writerId(ctx, 'decline a follower');
  const request = await followerOf(ctx.db, 'requests', actorId, followerId);
  if (!request || !(await removeFollower(ctx.db, 'requests', actorId, followerId))) throw notFound('That account is not asking to follow you.');
  logEvent({ event: 'federation_follow_declined', actor: actorId, follower: followerId });
  try {
    const { sendFollowReject } = await import('./rejections.ts');
    await sendFollowReject(ctx.env, actorId, request);
  } catch (error) {
    logEvent({ event: 'federation_reject_failed', actor: actorId, follower: followerId, error: String(error) }, 'warn');
  }
  return shown(request);
}

/** A fediverse person the writer blocked (the audience page's "Blocked accounts"). */
export interface FediversePersonBlock {
  /** Their actor id (what unblocking names). */
  id: string;
  /** @{name}@{instance}. */
  handle: string;
  blockedAt: number;
}

export async function fediversePersonBlocks(ctx: RequestContext, actorId: string): Promise<FediversePersonBlock[]> {
  return (await personBlocksOf(ctx.db, actorId)).map((block) => ({ id: block.remoteActorUri, handle: block.handle, blockedAt: block.createdAt }));
}

/**
 * The handle of a fediverse person the writer knows: a follower, a Follow held for approval, or
 * the author of a reply (remote_authors); null: nobody the writer could have met.
 */
async function knownHandle(ctx: RequestContext, actorId: string, personId: string): Promise<string | null> {
  const held = (await followerOf(ctx.db, 'followers', actorId, personId)) ?? (await followerOf(ctx.db, 'requests', actorId, personId));
  if (held) return shown(held).handle;
  const author = await ctx.db.prepare('SELECT handle FROM remote_authors WHERE actor_uri = ?').bind(personId).first<{ handle: string }>();
  return author?.handle ?? null;
}

/** The person's replies under the actor's stories leave (or return to) the readers' threads: those pages change. */
async function threadsChanged(ctx: RequestContext, actorId: string, personId: string): Promise<void> {
  const { results } = await ctx.db
    .prepare('SELECT DISTINCT r.post_id AS id FROM fediverse_responses r JOIN posts p ON p.id = r.post_id WHERE r.author_uri = ? AND (p.creator_id = ? OR p.collection_id = ?)')
    .bind(personId, actorId, actorId)
    .all<{ id: string }>();
  if (results.length > 0) await ctx.changes.record({ pages: results.map((row) => ({ kind: 'story' as const, id: row.id })) });
}

/**
 * Blocks one fediverse person for the viewer: their follow (or Follow held for approval) ends
 * and their server is sent a Reject of it, as removing them does; their Follows, replies, likes
 * and boosts are refused from now on and their replies no longer shown to readers (refusals.ts).
 */
export async function blockFediversePerson(ctx: RequestContext, personId: string): Promise<FediversePersonBlock> {
  const actorId = writerId(ctx, 'block an account');
  const handle = await knownHandle(ctx, actorId, personId);
  if (!handle) throw notFound('We do not know that fediverse account.');
  const following = (await followerOf(ctx.db, 'followers', actorId, personId)) ?? (await followerOf(ctx.db, 'requests', actorId, personId));
  await blockPersonFor(ctx.db, actorId, { remoteActorUri: personId, handle }, ctx.now);
  await threadsChanged(ctx, actorId, personId);
  logEvent({ event: 'federation_person_blocked', actor: actorId, person: personId, wasFollowing: following !== null });
  if (following) {
    try {
      const { sendFollowReject } = await import('./rejections.ts');
      await sendFollowReject(ctx.env, actorId, following);
    } catch (error) {
      logEvent({ event: 'federation_reject_failed', actor: actorId, follower: personId, error: String(error) }, 'warn');
    }
  }
  return { id: personId, handle, blockedAt: ctx.now };
}

/** Lifts the viewer's block of a fediverse person: they may follow again; their replies show again. */
export async function unblockFediversePerson(ctx: RequestContext, personId: string): Promise<FediversePersonBlock> {
  const actorId = writerId(ctx, 'unblock an account');
  const block = (await personBlocksOf(ctx.db, actorId)).find((b) => b.remoteActorUri === personId);
  if (!block || !(await unblockPersonFor(ctx.db, actorId, personId))) throw notFound('You have not blocked that account.');
  await threadsChanged(ctx, actorId, personId);
  return { id: personId, handle: block.handle, blockedAt: block.createdAt };
}
