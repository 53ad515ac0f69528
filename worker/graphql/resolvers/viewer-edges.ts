// Viewer edges: how the signed-in viewer relates to a user, publication or tag. The edge
// object is built without I/O; each field asks the batched loader only when selected.

import type { RequestContext } from '../../context/request-context.ts';
import type { ViewerEdgeKey } from '../../context/loaders.ts';
import { viewerId } from '../../context/viewer-checks.ts';

export type EdgeTargetType = 'USER' | 'COLLECTION' | 'TAG';

export interface ViewerEdgeSource {
  /** `{targetId}-{viewerId}` ("lo" when logged out): one cache entry per viewer and target. */
  id: string;
  key: ViewerEdgeKey;
}

export function viewerEdge(ctx: RequestContext, type: EdgeTargetType, targetId: string): ViewerEdgeSource {
  return { id: `${targetId}-${viewerId(ctx) ?? 'lo'}`, key: `${type}:${targetId}` };
}

export const followEdgeResolvers = {
  isFollowing: (edge: ViewerEdgeSource, _args: unknown, ctx: RequestContext) => ctx.loaders.viewerFollows.load(edge.key),
};

export const followAndMuteEdgeResolvers = {
  ...followEdgeResolvers,
  isMuting: (edge: ViewerEdgeSource, _args: unknown, ctx: RequestContext) => ctx.loaders.viewerMutes.load(edge.key),
};
