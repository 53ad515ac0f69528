// List (catalog) addresses (docs/product/3-routes-data-calls-constants.md §2.11, §3):
// /@{username}/list/{catalogSlugId}. A predefined list has an id of the form
// predefined:{userId}:{KIND} and its kind's slug (reading-list, currently-reading, purchased); any
// other list reads "{name-slug}-{id}".
import { slugify } from '../format.ts';
import type { LinkContext } from '../routing/links.ts';
import { userSiteLink } from './profile-urls.ts';
import type { UserSiteRef } from './profile-urls.ts';

export const PREDEFINED_LIST_SLUGS = {
  READING_LIST: 'reading-list',
  CURRENTLY_READING: 'currently-reading',
  PURCHASED: 'purchased',
} as const;

export type PredefinedListKind = keyof typeof PREDEFINED_LIST_SLUGS;

function isPredefinedListKind(kind: string): kind is PredefinedListKind {
  return Object.hasOwn(PREDEFINED_LIST_SLUGS, kind);
}

export function predefinedListId(userId: string, kind: PredefinedListKind): string {
  return `predefined:${userId}:${kind}`;
}

/** { userId, kind } of a predefined list id, or null for any other id. */
export function parsePredefinedListId(id: string): { userId: string; kind: PredefinedListKind } | null {
  const match = /^predefined:([^:]+):([A-Z_]+)$/.exec(id);
  if (!match) return null;
  const [, userId = '', kind = ''] = match;
  return isPredefinedListKind(kind) ? { userId, kind } : null;
}

/** The predefined kind a list slug stands for (reading-list → READING_LIST), or null. */
export function predefinedListKindFromSlug(slug: string): PredefinedListKind | null {
  const entry = Object.entries(PREDEFINED_LIST_SLUGS).find(([, s]) => s === slug);
  return entry && isPredefinedListKind(entry[0]) ? entry[0] : null;
}

export interface CatalogRef {
  id: string;
  name?: string | null;
  predefined?: PredefinedListKind | null;
  creator: UserSiteRef;
}

/** The catalogSlugId route param of a list. */
export function catalogSlugId(catalog: Omit<CatalogRef, 'creator'>): string {
  const kind = catalog.predefined ?? parsePredefinedListId(catalog.id)?.kind;
  if (kind) return PREDEFINED_LIST_SLUGS[kind];
  const slug = slugify(catalog.name ?? '');
  return slug ? `${slug}-${catalog.id}` : catalog.id;
}

/** The stored id in a "{name-slug}-{id}" catalogSlugId, or null (a predefined list's slug, or not an id). */
export function catalogIdFromSlugId(slugId: string): string | null {
  if (predefinedListKindFromSlug(slugId)) return null;
  const id = slugId.slice(slugId.lastIndexOf('-') + 1);
  return /^[0-9a-f]{1,32}$/.test(id) ? id : null;
}

/** The list's page on its creator's site. */
export function listUrl(catalog: CatalogRef, ctx: LinkContext): string {
  return userSiteLink(catalog.creator, 'ShowUserList', { catalogSlugId: catalogSlugId(catalog) }, ctx);
}
