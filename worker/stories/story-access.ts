// Who may retrieve a story by id, and what the others are told
// (docs/product/2-sign-in-notices-cache-routing.md §3 post-retrieval states). Checked in this
// order; the first that applies wins:
//
//   no such post                                   → NotFound
//   a draft, and the viewer may not change it       → NotFound (a draft's existence is private;
//                                                     its author and its publication's editors
//                                                     may: ./story-editors.ts)
//   the author's account is deleted                 → AccountDeleted
//   in the trash: never published and not the author → NotFound; otherwise → RemovedByUser
//   the author's account is suspended               → AccountSuspended  } unless the viewer is the
//   the story is suspended                          → PostSuspended     } author, staff or has
//                                                                         can_view_suspended_content
//   staff put a legal block on the story            → UnavailableForLegalReasons (staff excepted)
//   the story is withheld in the reader's country   → WithheldInCountry (staff excepted; the
//                                                     country is the request's, CF-IPCountry)
//   the story needs a signed-in reader, and the
//   viewer is logged out                            → Unauthorized
//   the author blocked the signed-in viewer          → Blocked   (staff excepted: moderation)
//   the signed-in viewer blocked the author          → Blocking  (the page offers to unblock)
//   otherwise                                       → the Post (UNLISTED and LOCKED included:
//                                                     an unlisted story is read by its link; a
//                                                     locked one is cut by the content gate)
//
// Blocks come last: they only speak to a reader who could otherwise read the story, and a
// logged-out viewer is never blocked (the loader answers "no block" without a query), so
// cached anonymous pages never depend on a block. Blocked wins when both have blocked each
// other: unblocking from the page would not open the story anyway.
//
// Every path to a Post by id (post, postResult, inResponseToPost) comes through here.

import type { RequestContext } from '../context/request-context.ts';
import { isOutcome, outcomes, type Outcome } from '../context/outcomes.ts';
import type { StoryNode } from './content-gate.ts';
import { isViewer, maySeeSuspended } from '../context/viewer-checks.ts';
import { storyEditorRole } from './story-editors.ts';

export async function storyOrOutcome(ctx: RequestContext, id: string): Promise<StoryNode | Outcome> {
  if (id.trim() === '') return outcomes.graphqlEmptyId();
  const post = await ctx.loaders.postById.load(id);
  if (!post) return outcomes.notFound('story');
  const isAuthor = isViewer(ctx, post.creatorId);
  if (post.status === 'DRAFT' && !isAuthor && !(await storyEditorRole(ctx, post))) return outcomes.notFound('story');

  const creator = await ctx.loaders.userById.load(post.creatorId);
  if (!creator) return outcomes.notFound('story');
  if (creator.deletedAt !== null) return outcomes.accountDeleted();

  if (post.deletedAt !== null) {
    return post.firstPublishedAt === null && !isAuthor ? outcomes.notFound('story') : outcomes.removedByUser();
  }

  if (!maySeeSuspended(ctx, creator.id)) {
    const productName = ctx.env.PRODUCT_NAME;
    if (creator.isSuspended) return outcomes.accountSuspended(productName);
    if (post.isSuspended) return outcomes.postSuspended(productName);
  }

  // Restrictions bind the author too (a legal order is about the text, not who asks); staff
  // keep access to act on them. The row is primed by postById's query.
  const restriction = await ctx.loaders.postRestrictionByPostId.load(post.id);
  if (restriction) {
    const isStaff = ctx.viewer.user?.isStaff === true;
    if (restriction.legalBlockedAt !== null && !isStaff) return outcomes.unavailableForLegalReasons();
    if (ctx.country && withheldCountries(restriction.withheldCountries).has(ctx.country) && !isStaff) return outcomes.withheldInCountry();
    if (restriction.signInRequired && !ctx.viewer.user) return outcomes.unauthorized();
  }

  if (!isAuthor) {
    const block = await ctx.loaders.viewerBlockWith.load(creator.id);
    if (block.blockedBy && !ctx.viewer.user?.isStaff) return outcomes.blocked();
    if (block.blocking) return outcomes.blocking(creator.id);
  }
  return post;
}

/** The ISO country codes of a restriction's comma-separated list. */
export function withheldCountries(list: string): ReadonlySet<string> {
  return new Set(list.split(',').map((code) => code.trim().toUpperCase()).filter((code) => /^[A-Z]{2}$/.test(code)));
}

/** The Post when this viewer may retrieve it, else null. */
export async function visibleStory(ctx: RequestContext, id: string): Promise<StoryNode | null> {
  const result = await storyOrOutcome(ctx, id);
  return isOutcome(result) ? null : result;
}
