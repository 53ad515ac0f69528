// The stories the 404 page offers a reader whose address led nowhere
// (docs/adr/0138-stories-for-a-lost-reader.md): first public stories whose title, subtitle,
// topics, writer or publication hold words of the missing address (a mistyped or outdated story
// address usually still carries its title's words), then the most clapped public stories.
// Never member-only, draft, unlisted, trashed or suspended stories.
//
// Cost: the 404 page answers any random address, so the read is bounded whatever the address:
// at most MAX_ADDRESS_WORDS words, one FTS match over at most MATCH_CANDIDATES index rows, one
// walk of the top of posts_by_claps, then the few stories read by key.
import { and, eq, sql } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { posts, users } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { viewerId } from '../context/viewer-checks.ts';
import { listedAmong, notBlockedWith, notMutedBy, primedStories } from '../stories/story-lists.ts';
import type { StoryNode } from '../stories/content-gate.ts';
import { FTS_TABLE } from '../search/index-sql.ts';
import { WEIGHTS } from '../search/engine.ts';
import { queryWords } from '../search/query-text.ts';

/** Stories the 404 page shows (docs/product/1-product-screens-membership-header-search.md §2.2). */
export const LOST_READER_STORIES = 4;
/** Words of an address that are matched: a story address's title words, not a whole sentence. */
export const MAX_ADDRESS_WORDS = 8;
/** Index rows a match ranks at most, however common the words. */
const MATCH_CANDIDATES = 200;
/** Candidates read per shown story, so a filtered-out one rarely leaves the page short. */
const CANDIDATES_PER_SHOWN = 3;

/** Words that say nothing about what the reader was after: address parts and filler. */
const NOISE = new Set([
  'the', 'and', 'for', 'with', 'from', 'that', 'this', 'your', 'you', 'are', 'was', 'how', 'what', 'why', 'who', 'when',
  'about', 'into', 'its', 'not', 'but', 'all', 'out', 'our', 'can', 'will',
  'www', 'http', 'https', 'html', 'htm', 'php', 'index', 'amp', 'tag', 'tags', 'topic', 'topics', 'story', 'stories', 'post', 'posts',
  'user', 'users', 'list', 'lists', 'page', 'pages', 'search', 'archive', 'feed', 'rss',
]);

/**
 * The words of a missing address worth matching: letters only (ids and numbers say nothing to
 * the index), three letters or more, no address parts or filler, each once, at most
 * MAX_ADDRESS_WORDS.
 */
export function wordsOfAddress(path: string): string[] {
  let text = path.slice(0, 512);
  try {
    text = decodeURIComponent(text);
  } catch {
    // A malformed escape is read as typed.
  }
  const words: string[] = [];
  for (const word of queryWords(text.replace(/[-_+.~/@]/g, ' '))) {
    if (word.length < 3 || /\d/.test(word) || NOISE.has(word) || words.includes(word)) continue;
    words.push(word);
    if (words.length >= MAX_ADDRESS_WORDS) break;
  }
  return words;
}

/** Ids of public stories matching any of the words, the best match first (title strongest). */
async function matchingIds(ctx: RequestContext, words: string[], limit: number): Promise<string[]> {
  if (!words.length) return [];
  // A word holds only letters, digits and marks (queryWords), so quoting it cannot be escaped.
  const match = words.map((word) => `"${word}"`).join(' OR ');
  const fts = sql.raw(FTS_TABLE.post);
  // The FTS match drives and each match looks its record up by key (docs/adr/0062-fts-match-drives-the-join.md).
  const rows = await orm(ctx.db).all<{ id: string }>(sql`SELECT r.object_id AS id FROM (
      SELECT r.id AS rid, bm25(${fts}, ${sql.raw(WEIGHTS.post)}) AS score, r.popularity AS popularity
      FROM ${fts} CROSS JOIN search_records r ON r.id = ${fts}.rowid
      WHERE ${fts} MATCH ${match} AND r.index_kind = 'post' AND r.high_quality = 1 AND json_extract(r.record, '$.isLocked') = 0
      LIMIT ${MATCH_CANDIDATES}
    ) AS c JOIN search_records r ON r.id = c.rid ORDER BY c.score, c.popularity DESC, r.id LIMIT ${limit}`);
  return rows.map((row) => row.id);
}

/** Ids of the most clapped public stories, walked on posts_by_claps from the top. */
async function popularIds(ctx: RequestContext, limit: number): Promise<string[]> {
  const rows = await orm(ctx.db).all<{ id: string }>(sql`SELECT p.id FROM posts AS p INDEXED BY posts_by_claps
    INNER JOIN users AS u ON u.id = p.creator_id AND u.is_suspended = 0 AND u.deleted_at IS NULL
    WHERE p.status = 'PUBLISHED' AND p.deleted_at IS NULL AND p.in_response_to_post_id IS NULL
      AND p.in_response_to_catalog_id IS NULL AND p.visibility = 'PUBLIC' AND p.is_suspended = 0
    ORDER BY p.clap_count DESC, p.id DESC LIMIT ${limit}`);
  return rows.map((row) => row.id);
}

/** The stories for a reader lost at `path`: matches of its words first, then popular ones. */
export async function storiesForLostReader(ctx: RequestContext, path: string): Promise<StoryNode[]> {
  const candidates = LOST_READER_STORIES * CANDIDATES_PER_SHOWN;
  const [matched, popular] = await Promise.all([matchingIds(ctx, wordsOfAddress(path), candidates), popularIds(ctx, candidates)]);
  const order = [...new Set([...matched, ...popular])];
  if (!order.length) return [];
  const viewer = viewerId(ctx);
  const rows = await orm(ctx.db)
    .select({ post: posts, creator: users })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(
      and(
        ...listedAmong(order),
        eq(posts.visibility, 'PUBLIC'),
        ...(viewer ? [...notMutedBy(ctx, viewer), ...notBlockedWith(ctx, viewer)] : []),
      ),
    );
  const rank = new Map(order.map((id, i) => [id, i]));
  rows.sort((a, b) => rank.get(a.post.id)! - rank.get(b.post.id)!);
  return primedStories(ctx, { items: rows.slice(0, LOST_READER_STORIES), pagingInfo: { next: null } }).items;
}
