// The writer's membership promotion (Settings → Publishing → "Customize membership promotion";
// docs/membership.md "Membership promotion"): whether the paywall of their member-only stories
// invites non-members to support them. Saving it is what raises the SUBSCRIPTION_PROMOTION toast
// (docs/product/2-sign-in-notices-cache-routing.md §4.4) on the settings page.
import { MEMBERSHIP_PROMOTION_PREFERENCE } from '../../shared/accounts/settings.ts';
import type { RequestContext } from '../context/request-context.ts';
import { CallerError } from '../context/errors.ts';

export interface MembershipPromotion {
  enabled: boolean;
  /** Where "Take a look" leads: the writer's membership page. */
  username: string;
}

/**
 * Whether the writer's member-only stories show the promotion (on unless they turned it off).
 * Read through the request's loader: a story page's own read of the story already carried it
 * (worker/context/loaders.ts), so the paywall costs no statement of its own (docs/scale.md).
 */
export async function membershipPromotionEnabled(ctx: RequestContext, userId: string): Promise<boolean> {
  return ctx.loaders.membershipPromotionByUserId.load(userId);
}

/** Turns the viewer's promotion on or off; their member-only stories' pages change with it. */
export async function setMembershipPromotion(ctx: RequestContext, enabled: boolean): Promise<MembershipPromotion> {
  const user = ctx.viewer.user;
  if (!user) throw new CallerError('Sign in to change your settings.', { code: 'UNAUTHENTICATED' });
  if (ctx.viewer.isSpoofed) throw new CallerError('A spoofed session cannot change settings.', { code: 'FORBIDDEN' });
  await ctx.db
    .prepare('INSERT INTO user_preferences (user_id, key, enabled, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (user_id, key) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at')
    .bind(user.id, MEMBERSHIP_PROMOTION_PREFERENCE, enabled ? 1 : 0, ctx.now)
    .run();
  ctx.loaders.membershipPromotionByUserId.clear(user.id).prime(user.id, enabled);
  const { results } = await ctx.db
    .prepare("SELECT id FROM posts WHERE creator_id = ? AND visibility = 'LOCKED'")
    .bind(user.id)
    .all<{ id: string }>();
  await ctx.changes.record({ pages: results.map((r) => ({ kind: 'story' as const, id: r.id })) });
  return { enabled, username: user.username };
}
