// Topic curators (docs/reader.md, "Topic curators"): who may curate a topic, its featured
// stories (chosen on /topic/{topicSlug}/edit, worker/endpoints/topic-curators.ts, shown in
// their order above the topic's newest stories), its description, and the stories curators add
// to it. A change is recorded for the topic's pages and search record (and, for added stories,
// through storyChanged, every page that shows the story).
import type { D1Database } from '@cloudflare/workers-types';
import { and, asc, eq } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { posts, topicFeaturedPosts, users, type TagRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import type { RequestViewer } from '../session/viewer.ts';
import { listedToEveryone, notBlockedWith, notMutedBy, primedStories } from '../stories/story-lists.ts';
import type { StoryNode } from '../stories/content-gate.ts';
import { storyChanged } from '../stories/story-changed.ts';
import { viewerId } from '../context/viewer-checks.ts';

/** A topic's description, as long as the heading shows without folding. */
export const MAX_TOPIC_DESCRIPTION = 500;
/** Featured stories a topic keeps (the heading's shelf). */
export const MAX_FEATURED_STORIES = 10;

/**
 * A topic's featured stories, in the curators' order. One statement over the primary key range
 * of topic_featured_posts (at most MAX_FEATURED_STORIES rows), filtered like every public list.
 */
export async function featuredPosts(ctx: RequestContext, tag: TagRow): Promise<StoryNode[]> {
  const viewer = viewerId(ctx);
  const rows = await orm(ctx.db)
    .select({ post: posts, creator: users })
    .from(topicFeaturedPosts)
    .innerJoin(posts, eq(posts.id, topicFeaturedPosts.postId))
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(and(eq(topicFeaturedPosts.tagSlug, tag.slug), ...listedToEveryone(), ...(viewer ? [...notMutedBy(ctx, viewer), ...notBlockedWith(ctx, viewer)] : [])))
    .orderBy(asc(topicFeaturedPosts.position));
  return primedStories(ctx, { items: rows, pagingInfo: { next: null } }).items;
}

/** A topic as its curators' pages show it. */
export interface CuratedTopic {
  slug: string;
  display_title: string;
  description: string;
}

/** A story as the curators' pages list it. */
export interface StoryLine {
  id: string;
  title: string;
  username: string;
}

/**
 * The topic when the viewer may curate it, else null: staff (not a spoofed session) and the
 * topic's named curators (topic_curators).
 */
export async function curatedTopic(db: D1Database, viewer: RequestViewer, topicSlug: string): Promise<CuratedTopic | null> {
  if (!viewer.user || viewer.isSpoofed) return null;
  const slug = topicSlug.toLowerCase();
  const topic = await db.prepare('SELECT slug, display_title, description FROM tags WHERE slug = ?').bind(slug).first<CuratedTopic>();
  if (!topic) return null;
  if (viewer.user.isStaff) return topic;
  const named = await db.prepare('SELECT 1 AS yes FROM topic_curators WHERE tag_slug = ? AND user_id = ?').bind(topic.slug, viewer.user.id).first();
  return named ? topic : null;
}

/** Published, live stories among the ids, in the ids' order. */
export async function publishedStories(db: D1Database, ids: readonly string[]): Promise<StoryLine[]> {
  if (ids.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT p.id, p.title, u.username FROM posts p JOIN users u ON u.id = p.creator_id
     WHERE p.id IN (${ids.map(() => '?').join(',')}) AND p.status = 'PUBLISHED' AND p.deleted_at IS NULL AND p.in_response_to_post_id IS NULL`,
    )
    .bind(...ids)
    .all<StoryLine>();
  const byId = new Map(results.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The topic's featured stories as its edit page lists them (every one, in order). */
export async function featuredStories(db: D1Database, slug: string): Promise<StoryLine[]> {
  const { results } = await db
    .prepare(
      `SELECT p.id, p.title, u.username FROM topic_featured_posts f JOIN posts p ON p.id = f.post_id JOIN users u ON u.id = p.creator_id
     WHERE f.tag_slug = ? ORDER BY f.position`,
    )
    .bind(slug)
    .all<StoryLine>();
  return results;
}

/** The topic's ten newest stories, for the add-posts page. */
export async function newestStories(db: D1Database, slug: string): Promise<StoryLine[]> {
  const { results } = await db
    .prepare(
      `SELECT p.id, p.title, u.username FROM post_tags pt JOIN posts p ON p.id = pt.post_id JOIN users u ON u.id = p.creator_id
     WHERE pt.tag_slug = ? AND pt.published_at IS NOT NULL AND p.deleted_at IS NULL ORDER BY pt.published_at DESC LIMIT 10`,
    )
    .bind(slug)
    .all<StoryLine>();
  return results;
}

/**
 * Saves the topic's description and its featured stories (replacing the old ones, in the given
 * order), for the curator who made the change; the topic's pages and search record follow.
 */
export async function saveTopicPage(ctx: RequestContext, topic: CuratedTopic, description: string, stories: readonly StoryLine[], curatorId: string): Promise<void> {
  const db = ctx.db;
  await db.batch([
    db.prepare('UPDATE tags SET description = ? WHERE slug = ?').bind(description, topic.slug),
    db.prepare('DELETE FROM topic_featured_posts WHERE tag_slug = ?').bind(topic.slug),
    ...stories.map((s, position) =>
      db.prepare('INSERT INTO topic_featured_posts (tag_slug, post_id, position, featured_by, featured_at) VALUES (?, ?, ?, ?, ?)').bind(topic.slug, s.id, position, curatorId, ctx.now),
    ),
  ]);
  await ctx.changes.record({ records: [{ kind: 'topic', slug: topic.slug }], pages: [{ kind: 'topic', slug: topic.slug }] });
}

/** The topics each story has now (story id → tag slugs). */
export async function topicsOfStories(db: D1Database, ids: readonly string[]): Promise<Map<string, string[]>> {
  const topicsOf = new Map<string, string[]>();
  const { results } = await db
    .prepare(`SELECT post_id, tag_slug FROM post_tags WHERE post_id IN (${ids.map(() => '?').join(',')})`)
    .bind(...ids)
    .all<{ post_id: string; tag_slug: string }>();
  for (const r of results) topicsOf.set(r.post_id, [...(topicsOf.get(r.post_id) ?? []), r.tag_slug]);
  return topicsOf;
}

/**
 * Adds the stories to the topic, after the topics each already has (`topicsOf`), and recounts
 * the topic's stories.
 */
export async function addStoriesToTopic(ctx: RequestContext, topic: CuratedTopic, stories: readonly StoryLine[], topicsOf: ReadonlyMap<string, readonly string[]>): Promise<void> {
  if (stories.length === 0) return;
  const db = ctx.db;
  // The link carries the story's first publication time, as every tag link does (the topic feed is one index range scan).
  await db.batch([
    ...stories.map((s) =>
      db
        .prepare('INSERT OR IGNORE INTO post_tags (post_id, tag_slug, position, published_at) SELECT id, ?, ?, first_published_at FROM posts WHERE id = ?')
        .bind(topic.slug, (topicsOf.get(s.id) ?? []).length, s.id),
    ),
    db
      .prepare(
        "UPDATE tags SET post_count = (SELECT count(*) FROM post_tags pt JOIN posts p ON p.id = pt.post_id WHERE pt.tag_slug = ? AND p.status = 'PUBLISHED' AND p.deleted_at IS NULL) WHERE slug = ?",
      )
      .bind(topic.slug, topic.slug),
  ]);
  // Each story changed: its pages, its topics' pages (this one included), home and discovery are purged and it is reindexed.
  for (const s of stories) await storyChanged(ctx, s.id, { change: 'settings' });
  await ctx.changes.record({ records: [{ kind: 'topic', slug: topic.slug }] });
}
