// A ranking's candidates are read by their keys (docs/adr/0193-known-ids-read-by-key.md): the
// statement that reads trending's 18 candidate ids must search the primary key, never walk the
// status index over every published story (which made the logged-out home grow with the site:
// 169 ms at 50,000 stories). SQLite in D1 has no statistics, so the plan does not depend on how
// many rows the table holds: checking it on the test database checks it at every size.
import { env } from 'cloudflare:workers';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orm } from '../../worker/db/orm.ts';
import { posts, users } from '../../worker/db/schema.ts';
import { listedAmong, listedToEveryone } from '../../worker/stories/story-lists.ts';

const CANDIDATES = Array.from({ length: 18 }, (_, i) => `c0000000${i.toString(16).padStart(4, '0')}`);

async function planOf(where: ReturnType<typeof and>): Promise<string> {
  const query = orm(env.DB)
    .select({ post: posts, creator: users })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(where)
    .orderBy(desc(posts.clapCount), desc(posts.latestPublishedAt), desc(posts.id))
    .limit(6)
    .toSQL();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
    .bind(...query.params)
    .all<{ detail: string }>();
  return (results as { detail: string }[]).map((row) => row.detail).join(' | ');
}

describe('known ids are read by their keys', () => {
  it('listedAmong: the posts are searched by id (the primary key), whatever the table holds', async () => {
    const plan = await planOf(and(...listedAmong(CANDIDATES)));
    expect(plan).toMatch(/SEARCH posts USING INDEX sqlite_autoindex_posts_1 \(id=\?\)/);
    expect(plan).not.toContain('posts_recent_claps');
  });

  it('the plain listing rules with the same ids walk the status index: why listedAmong exists', async () => {
    const plan = await planOf(and(inArray(posts.id, CANDIDATES), ...listedToEveryone()));
    expect(plan).toContain('posts_recent_claps (status=?)');
  });
});
