// Which of some people, publications and topics the viewer follows: what the search pages ask
// for the hits they show (their records come from the search service and carry no viewer
// state), so each Follow button starts in the viewer's real state (docs/search.md, "Follow
// buttons"). One primary-key probe per kind.
import type { RequestContext } from '../context/request-context.ts';
import { badRequest } from '../context/errors.ts';
import type { FollowTargetType } from './follow-lists.ts';

/** Ids per kind one call may ask about: a few pages of search hits. */
export const MAX_FOLLOW_PROBES = 100;

/** The ids among `ids` of one kind that `follower` follows. */
export async function followedAmong(ctx: RequestContext, follower: string, kind: FollowTargetType, ids: readonly string[] | null | undefined): Promise<string[]> {
  const unique = [...new Set(ids ?? [])];
  if (unique.length === 0) return [];
  if (unique.length > MAX_FOLLOW_PROBES) throw badRequest(`At most ${MAX_FOLLOW_PROBES} ids per kind.`);
  const { results } = await ctx.db
    .prepare(`SELECT target_id FROM follows WHERE follower_id = ? AND target_type = ? AND target_id IN (${unique.map(() => '?').join(',')})`)
    .bind(follower, kind, ...unique)
    .all<{ target_id: string }>();
  return results.map((r) => r.target_id);
}
