// The one check every write aimed at another user goes through when a block must stop it:
// a reader whom a writer blocked cannot follow that writer, clap for or respond to their
// stories and responses; and a reader who blocked a writer must unblock them first.
// Reads are refused by post-access.ts (outcomes Blocked and Blocking) instead.
import { GraphQLError } from 'graphql';
import type { RequestContext } from '../../context/request-context.ts';
import { viewerId } from '../../context/viewer-checks.ts';

export const BLOCKED_BY_MESSAGE = 'You can’t do that: this account has blocked you.';
export const BLOCKING_MESSAGE = 'You blocked this account. Unblock it first.';

/**
 * Throws FORBIDDEN when there is a block between the viewer and any of `userIds` (the
 * viewer's own id is skipped). One batched lookup for all of them.
 */
export async function assertNotBlocked(ctx: RequestContext, userIds: readonly string[]): Promise<void> {
  const viewer = viewerId(ctx);
  if (!viewer) return;
  const others = [...new Set(userIds)].filter((id) => id !== viewer);
  const found = await Promise.all(others.map((id) => ctx.loaders.viewerBlockWith.load(id)));
  if (found.some((b) => b.blockedBy)) throw new GraphQLError(BLOCKED_BY_MESSAGE, { extensions: { code: 'FORBIDDEN', outcome: 'Blocked' } });
  if (found.some((b) => b.blocking)) throw new GraphQLError(BLOCKING_MESSAGE, { extensions: { code: 'FORBIDDEN', outcome: 'Blocking' } });
}
