// The creator-partner program flags on a story (docs/product/3-routes-data-calls-constants.md §3;
// docs/partner-program.md "Flags on stories"): whether its writer is in the Partner Program, and
// whether members' reading of this story earns them money now (the allocation model's rule:
// a share goes to writers who are ACTIVE or PENDING_ACTION, for stories members can read).
import type { RequestContext } from '../context/request-context.ts';
import type { StoryNode } from '../db/story-node.ts';
import { EARNING_STATUSES } from './earnings.ts';

export interface CreatorPartnerProgramFlags {
  isCreatorEnrolled: boolean;
  isEarning: boolean;
}

export async function creatorPartnerProgramFlags(ctx: RequestContext, post: Pick<StoryNode, 'creatorId' | 'status' | 'deletedAt' | 'isSuspended'>): Promise<CreatorPartnerProgramFlags> {
  const creator = await ctx.loaders.userById.load(post.creatorId);
  const status = creator?.partnerProgramStatus ?? null;
  const isCreatorEnrolled = status != null && (EARNING_STATUSES as readonly string[]).includes(status);
  const isEarning = isCreatorEnrolled && post.status === 'PUBLISHED' && post.deletedAt == null && !post.isSuspended && !creator?.isSuspended;
  return { isCreatorEnrolled, isEarning };
}
