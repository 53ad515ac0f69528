// A thread's page built once per isolate (worker/responses/responses.ts threadSelect, run through
// worker/db/isolate-statements.ts; docs/adr/0226-a-fresh-render-builds-nothing-it-built-before.md):
// its parent, cursor and limit are placeholders, so the isolate's statement holds no request's
// value, and a request's values fill them as the per-request statement bound them.
import { describe, expect, it } from 'vitest';
import type { D1Database } from '@cloudflare/workers-types';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { threadSelect } from '../../../worker/responses/responses.ts';

const builder = drizzle({ prepare: () => ({}) } as unknown as D1Database);

describe("a thread's page with placeholders", () => {
  for (const of of ['post', 'catalog'] as const) {
    for (const after of [null, { at: 1_700_000_000_000, id: 'r9' }]) {
      it(`binds the parent, the cursor and the limit per request (${of}, ${after ? 'after a cursor' : 'the first page'})`, () => {
        const withValues = threadSelect(builder, of, 'NEWEST', true, after, 26).toSQL();
        const shaped = threadSelect(builder, of, 'NEWEST', true, after && { at: sql.placeholder('at'), id: sql.placeholder('afterId') }, sql.placeholder('limit')).toSQL();
        expect(shaped.sql).toBe(withValues.sql);
        expect(shaped.sql).toContain(of === 'post' ? '"in_response_to_post_id" = ?' : '"in_response_to_catalog_id" = ?');
        const values = { parent: 'p1', limit: 26, ...(after ? { at: after.at, afterId: after.id } : {}) };
        const bound = fillPlaceholders(shaped.params, values);
        expect(bound).toEqual(fillPlaceholders(withValues.params, values));
        expect(bound).toContain('p1');
        expect(bound).toContain(26);
        if (after) expect(bound).toEqual(expect.arrayContaining([after.at, after.id]));
        expect(fillPlaceholders(shaped.params, { ...values, parent: 'p2' })).toContain('p2');
      });
    }
  }
});
