// A list of stories built once per isolate (worker/stories/story-lists.ts listSelect, run through
// worker/db/isolate-statements.ts; docs/adr/0226-a-fresh-render-builds-nothing-it-built-before.md):
// the statement built with placeholders is the statement built per request with the values, the
// same SQL text and, once the request's values fill the placeholders, the same parameters.
import { describe, expect, it } from 'vitest';
import type { D1Database } from '@cloudflare/workers-types';
import { eq, fillPlaceholders, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { posts } from '../../../worker/db/schema.ts';
import { listedToEveryone, listSelect } from '../../../worker/stories/story-lists.ts';

const builder = drizzle({ prepare: () => ({}) } as unknown as D1Database);

describe('a list of stories with placeholders', () => {
  for (const tag of [null, 'cooking']) {
    for (const after of [null, { at: 1_700_000_000_000, id: 'p9' }]) {
      it(`is the per-request statement (${tag ? 'a tag' : 'no tag'}, ${after ? 'after a cursor' : 'the first page'})`, () => {
        const withValues = listSelect(builder, [eq(posts.creatorId, 'u1'), ...listedToEveryone()], tag, after, 11).toSQL();
        const shaped = listSelect(
          builder,
          [eq(posts.creatorId, sql.placeholder('owner')), ...listedToEveryone()],
          tag === null ? null : sql.placeholder('tag'),
          after && { at: sql.placeholder('at'), id: sql.placeholder('afterId') },
          sql.placeholder('limit'),
        ).toSQL();
        expect(shaped.sql).toBe(withValues.sql);
        const values = { owner: 'u1', tag, limit: 11, ...(after ? { at: after.at, afterId: after.id } : {}) };
        expect(fillPlaceholders(shaped.params, values)).toEqual(withValues.params);
        // The request's values are bound, not written into the isolate's statement.
        expect(shaped.sql).not.toContain('u1');
        expect(fillPlaceholders(shaped.params, { ...values, owner: 'u2' })).not.toEqual(withValues.params);
      });
    }
  }
});
