// The topics to follow: the curated list onboarding offers (docs/adr/0135-onboarding-offers-topics-to-follow.md).
// The spec's start-up configuration holds "topics to follow"
// (docs/product/3-routes-data-calls-constants.md §9 "Configuration"); a deployment names them
// in TOPICS_TO_FOLLOW (comma-separated topic slugs, in the order to offer), else the product's
// own list below. Every tag a writer ever typed is a tag, not a topic to follow: a stray tag on
// one story must not be offered to every newcomer (issue 29, point 9).
import { inArray } from 'drizzle-orm';
import { tags, type TagRow } from '../db/schema.ts';
import { orm } from '../db/orm.ts';
import type { RequestContext } from '../context/request-context.ts';
import type { Env } from '../env.ts';

/** The product's curated topics, in the order onboarding offers them (slugs of tags). */
export const DEFAULT_TOPICS_TO_FOLLOW: readonly string[] = [
  'technology', 'programming', 'javascript', 'python', 'software-engineering', 'data-science', 'artificial-intelligence', 'web-development',
  'design', 'ux', 'startup', 'entrepreneurship', 'leadership', 'productivity', 'self-improvement', 'writing', 'books',
  'psychology', 'mental-health', 'health', 'science', 'climate-change', 'politics', 'economics', 'history', 'travel',
  'food', 'music', 'film', 'parenting', 'philosophy', 'poetry',
];

/** Topics a configured list may name (more would not fit a first screen). */
export const MAX_TOPICS_TO_FOLLOW = 60;

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** The configured slugs (lower-cased, well-formed, without repeats), else the product's list. */
export function topicsToFollowSlugs(env: Pick<Env, 'TOPICS_TO_FOLLOW'>): string[] {
  const configured = [...new Set((env.TOPICS_TO_FOLLOW ?? '').split(',').map((s) => s.trim().toLowerCase()).filter((s) => SLUG.test(s)))];
  return (configured.length > 0 ? configured : [...DEFAULT_TOPICS_TO_FOLLOW]).slice(0, MAX_TOPICS_TO_FOLLOW);
}

/**
 * The topics to follow that exist as topics here (a slug without a tags row has no page and
 * cannot be followed), in the list's order.
 */
export async function topicsToFollow(ctx: RequestContext): Promise<TagRow[]> {
  const slugs = topicsToFollowSlugs(ctx.env);
  const rows = await orm(ctx.db).select().from(tags).where(inArray(tags.slug, slugs));
  for (const tag of rows) ctx.loaders.tagBySlug.prime(tag.slug, tag);
  const bySlug = new Map(rows.map((tag) => [tag.slug, tag]));
  return slugs.flatMap((slug) => bySlug.get(slug) ?? []);
}
