// Lists (catalogs): who sees them, how their ids look, and the writes behind the lists
// mutations. Every reader has one predefined Reading list; it is created the first time
// the reader's lists are read or written (ensureReadingList), so accounts made before or
// after the demo world all have one.
//
// Ids: a list's GraphQL id is its row id, except a predefined list, whose id is
// predefined:{userId}:{KIND} (docs/product/3-routes-data-calls-constants.md §2.11) whatever its row
// id is.
//
// Visibility: a PRIVATE list exists only for its creator; to everyone else it answers
// like a missing one (its existence is private). PUBLIC lists (and LOCKED ones, whose
// member-only stories are cut by the content gate anyway) are seen by everyone, unless
// their creator's account is suspended or deleted.
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, sql } from 'drizzle-orm';
import { newId } from '../lib/ids.ts';
import { catalogItems, catalogs, type UserRow } from '../db/schema.ts';
import { orm } from '../db/orm.ts';
import { catalogIdFromSlugId, parsePredefinedListId, predefinedListId, predefinedListKindFromSlug } from '../../shared/urls/list-urls.ts';
import { cleanText, oneLine } from '../../shared/user-text.ts';

export type CatalogRow = typeof catalogs.$inferSelect;
export type CatalogVisibility = CatalogRow['visibility'];

export const READING_LIST_NAME = 'Reading list';
/** Not shown in the spec: long enough for a title-like name, short enough for a card. */
export const MAX_LIST_NAME_LENGTH = 60;
export const MAX_LIST_DESCRIPTION_LENGTH = 280;

/** The id clients see. */
export function listGraphId(row: Pick<CatalogRow, 'id' | 'creatorId' | 'predefined'>): string {
  return row.predefined ? predefinedListId(row.creatorId, row.predefined) : row.id;
}

/** Makes sure the user has their Reading list (a no-op when it exists). */
export async function ensureReadingList(db: D1Database, userId: string, now: number): Promise<void> {
  await orm(db)
    .insert(catalogs)
    .values({
      id: newId(),
      creatorId: userId,
      name: READING_LIST_NAME,
      type: 'PREDEFINED_LIST',
      predefined: 'READING_LIST',
      // Not shown in the spec: a Reading list starts private, like the demo world's.
      visibility: 'PRIVATE',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

/** The row behind a GraphQL id (predefined or not); null when there is none. */
export async function listRowByGraphId(db: D1Database, id: string): Promise<CatalogRow | null> {
  const predefined = parsePredefinedListId(id);
  const q = orm(db);
  const [row] = predefined
    ? await q
        .select()
        .from(catalogs)
        .where(and(eq(catalogs.creatorId, predefined.userId), eq(catalogs.predefined, predefined.kind)))
    : await q.select().from(catalogs).where(eq(catalogs.id, id));
  return row ?? null;
}

/** A list by its creator and its catalogSlugId route param ("reading-list", "{name-slug}-{id}" or "{id}"). */
export async function listRowBySlugId(db: D1Database, creatorId: string, slugId: string): Promise<CatalogRow | null> {
  const kind = predefinedListKindFromSlug(slugId);
  if (kind) return listRowByGraphId(db, predefinedListId(creatorId, kind));
  const id = catalogIdFromSlugId(slugId);
  if (!id) return null;
  const [row] = await orm(db)
    .select()
    .from(catalogs)
    .where(and(eq(catalogs.id, id), eq(catalogs.creatorId, creatorId)));
  return row ?? null;
}

/** Whether a viewer (null: logged out) may see a list, given its creator's row. */
export function mayViewList(row: CatalogRow, creator: Pick<UserRow, 'id' | 'isSuspended' | 'deletedAt'> | null, viewerId: string | null): boolean {
  if (viewerId !== null && row.creatorId === viewerId) return true;
  if (!creator || creator.deletedAt !== null || creator.isSuspended) return false;
  return row.visibility !== 'PRIVATE';
}

/** A list name as stored: trimmed; an error message when it is not acceptable. */
export function validateListName(name: string): { value: string } | { error: string } {
  const value = oneLine(name);
  if (value === '') return { error: 'Give your list a name.' };
  if (value.length > MAX_LIST_NAME_LENGTH) return { error: `A list name is at most ${MAX_LIST_NAME_LENGTH} characters.` };
  return { value };
}

export function validateListDescription(description: string): { value: string } | { error: string } {
  const value = cleanText(description).trim();
  if (value.length > MAX_LIST_DESCRIPTION_LENGTH) return { error: `A list description is at most ${MAX_LIST_DESCRIPTION_LENGTH} characters.` };
  return { value };
}

/**
 * item_count recounted from the rows, in the same batch as the change: one transaction, so
 * the count can never drift from the items, whatever fails or runs at the same time
 * (docs/adr/0055-writes-are-whole.md).
 */
function recountItems(db: D1Database, catalogId: string, now: number) {
  return orm(db)
    .update(catalogs)
    .set({ itemCount: sql`(SELECT count(*) FROM ${catalogItems} WHERE ${catalogItems.catalogId} = ${catalogId})`, updatedAt: now })
    .where(eq(catalogs.id, catalogId));
}

/** Adds a story; false when it was already in the list. Keeps item_count and updated_at. */
export async function addListItem(db: D1Database, catalogId: string, postId: string, now: number): Promise<boolean> {
  const [inserted] = await orm(db).batch([
    orm(db).insert(catalogItems).values({ id: newId(), catalogId, postId, createdAt: now }).onConflictDoNothing().returning({ id: catalogItems.id }),
    recountItems(db, catalogId, now),
  ]);
  return inserted.length > 0;
}

/** Removes a story; false when it was not in the list. */
export async function removeListItem(db: D1Database, catalogId: string, postId: string, now: number): Promise<boolean> {
  const [removed] = await orm(db).batch([
    orm(db)
      .delete(catalogItems)
      .where(and(eq(catalogItems.catalogId, catalogId), eq(catalogItems.postId, postId)))
      .returning({ id: catalogItems.id }),
    recountItems(db, catalogId, now),
  ]);
  return removed.length > 0;
}
