// Onboarding (/get-started/topics, page topics-onboarding; docs/adr/0081-sign-up-context-and-onboarding.md): after
// picking topics, a new reader is offered the writers who publish most in them; finishing marks
// the account onboarded. The follows themselves are the social graph's
// (worker/follows/follow-edges.ts).
import type { UserRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { badRequest, signInRequired } from '../context/errors.ts';

const MAX_TOPICS = 20;
const MAX_WRITERS = 20;

/** Writers to follow for the picked topics (most stories in them first). */
export async function onboardingWriters(ctx: RequestContext, topicSlugs: readonly string[], requestedLimit: number | null | undefined): Promise<UserRow[]> {
  const slugs = [...new Set(topicSlugs.map((s) => s.trim().toLowerCase()).filter(Boolean))];
  if (slugs.length > MAX_TOPICS) throw badRequest(`Pick at most ${MAX_TOPICS} topics.`);
  const limit = requestedLimit ?? 12;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_WRITERS) throw badRequest(`limit must be between 1 and ${MAX_WRITERS}.`);
  const viewer = ctx.viewer.user?.id ?? '';
  // Writers of public, published stories in the topics, most stories first; none the viewer
  // already follows or mutes. Without topics: the most followed writers.
  const placeholders = slugs.map(() => '?').join(', ');
  const sql = slugs.length
    ? `SELECT p.creator_id AS id FROM post_tags pt JOIN posts p ON p.id = pt.post_id JOIN users u ON u.id = p.creator_id
       WHERE pt.tag_slug IN (${placeholders}) AND p.status = 'PUBLISHED' AND p.visibility <> 'UNLISTED' AND p.deleted_at IS NULL
         AND u.deleted_at IS NULL AND u.is_suspended = 0 AND u.id <> ?
         AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ? AND f.target_type = 'USER' AND f.target_id = u.id)
         AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.muter_id = ? AND m.target_type = 'USER' AND m.target_id = u.id)
       GROUP BY p.creator_id ORDER BY count(*) DESC, p.creator_id LIMIT ?`
    : `SELECT u.id FROM users u WHERE u.deleted_at IS NULL AND u.is_suspended = 0 AND u.id <> ?
         AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ? AND f.target_type = 'USER' AND f.target_id = u.id)
         AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.muter_id = ? AND m.target_type = 'USER' AND m.target_id = u.id)
       ORDER BY u.follower_count DESC, u.id LIMIT ?`;
  const { results } = await ctx.db.prepare(sql).bind(...slugs, viewer, viewer, viewer, limit).all<{ id: string }>();
  const users = await Promise.all(results.map((row) => ctx.loaders.userById.load(row.id)));
  return users.filter((u): u is UserRow => Boolean(u));
}

/** CompleteOnboarding: the reader finished /get-started (the first time counts). */
export async function completeOnboarding(ctx: RequestContext): Promise<boolean> {
  const id = ctx.viewer.user?.id;
  if (!id) throw signInRequired('get started');
  await ctx.db.prepare('UPDATE users SET onboarded_at = coalesce(onboarded_at, ?) WHERE id = ?').bind(ctx.now, id).run();
  return true;
}
