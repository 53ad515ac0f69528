// Whom a search hit's Follow button follows (docs/search.md, "Follow buttons"): a person, a
// publication or a topic, by the id its record carries; stories and lists have no button. The
// server reads the viewer's follows of a painted page's hits with it
// (worker/graphql/modules/search.ts), the browser draws the buttons with it
// (client/pages/SearchPage.tsx), so both name the same ids.
import type { SearchIndexKind } from './search-page-requests.ts';

export type HitFollowKind = 'USER' | 'COLLECTION' | 'TAG';

/** What an index's hits are followed as; stories and lists are not followed from a hit. */
export const HIT_FOLLOW_KIND: Partial<Record<SearchIndexKind, HitFollowKind>> = { user: 'USER', collection: 'COLLECTION', tag: 'TAG' };

export function hitFollowTarget(kind: SearchIndexKind, hit: { objectID: string; [field: string]: unknown }): { kind: HitFollowKind; id: string } | null {
  if (kind === 'user') return { kind: 'USER', id: String(hit.userId ?? hit.objectID) };
  if (kind === 'collection') return { kind: 'COLLECTION', id: String(hit.collectionId ?? hit.objectID) };
  if (kind === 'tag' && hit.tagId) return { kind: 'TAG', id: String(hit.tagId) };
  return null;
}
