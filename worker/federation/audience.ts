// The writer's fediverse audience (issue 30 point 2; docs/adr/0207-fediverse-followers-in-the-audience.md):
// their fediverse followers, listed beside the others on the audience page, and what the writer
// does about them: remove one (their server is sent a Reject of the Follow) or block a whole
// instance (every follower from it removed, its Follows refused; refusals.ts), and unblock it;
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
  followRequestOf,
  followRequests,
  newestFollowersPage,
  removeFollower,
  removeFollowRequest,
  setApprovesFollowers,
  type AudienceFollower,
} from './followers.ts';
import { blockInstanceFor, instanceBlocksOf, instanceOf, parseInstance, unblockInstanceFor, type InstanceBlock } from './refusals.ts';

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
  const page = await newestFollowersPage(ctx.db, actorId, after ?? '', size);
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
  const follower = await followerOf(ctx.db, actorId, followerId);
  if (!follower || !(await removeFollower(ctx.db, actorId, followerId))) throw notFound('That account does not follow you.');
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

/** The Follows held for approval, newest first (the caller has checked who may see them). */
export async function fediverseFollowRequests(ctx: RequestContext, actorId: string): Promise<FediverseFollower[]> {
  return (await followRequests(ctx.db, actorId)).map(shown);
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
  const request = await followRequestOf(ctx.db, actorId, followerId);
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
  const request = await followRequestOf(ctx.db, actorId, followerId);
  if (!request || !(await removeFollowRequest(ctx.db, actorId, followerId))) throw notFound('That account is not asking to follow you.');
  logEvent({ event: 'federation_follow_declined', actor: actorId, follower: followerId });
  try {
    const { sendFollowReject } = await import('./rejections.ts');
    await sendFollowReject(ctx.env, actorId, request);
  } catch (error) {
    logEvent({ event: 'federation_reject_failed', actor: actorId, follower: followerId, error: String(error) }, 'warn');
  }
  return shown(request);
}
