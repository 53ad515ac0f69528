// A writer removed a fediverse follower, or declined (or approved) a Follow held for approval
// (docs/adr/0212-approving-fediverse-followers.md) (docs/adr/0207-fediverse-followers-in-the-audience.md):
// the follower's server is sent a Reject of their Follow, as Mastodon does when one of its users
// removes a follower, so it stops showing them as following. The Reject leaves through the
// fan-out queue like every outgoing activity, signed when delivered. Loaded (with Fedify) only
// when a follower is removed (worker/federation/audience.ts).
import { Accept, Follow, Reject } from '@fedify/fedify/vocab';
import type { Env } from '../env.ts';
import { mainOrigin } from '../env.ts';
import { federationFor } from './federation.ts';
import type { AudienceFollower } from './followers.ts';

export function sendFollowReject(env: Env, actorId: string, follower: AudienceFollower): Promise<void> {
  return answerFollow(env, actorId, follower, 'reject');
}

/** A Follow the writer approved is answered with the Accept it waited for. */
export function sendFollowAccept(env: Env, actorId: string, follower: AudienceFollower): Promise<void> {
  return answerFollow(env, actorId, follower, 'accept');
}

async function answerFollow(env: Env, actorId: string, follower: AudienceFollower, answer: 'accept' | 'reject'): Promise<void> {
  const ctx = federationFor(env).createContext(new URL(mainOrigin(env)), { env, host: null });
  const actor = ctx.getActorUri(actorId);
  // The Follow as they sent it (its id when stored): their server finds the follow it names.
  const follow = new Follow({ id: follower.followUri ? new URL(follower.followUri) : null, actor: new URL(follower.followerUri), object: actor });
  await ctx.sendActivity(
    { identifier: actorId },
    { id: new URL(follower.followerUri), inboxId: new URL(follower.inbox), endpoints: null },
    answer === 'accept'
      ? new Accept({ id: new URL(`#accepts/${crypto.randomUUID()}`, actor), actor, object: follow })
      : new Reject({ id: new URL(`#rejects/${crypto.randomUUID()}`, actor), actor, object: follow }),
  );
}
