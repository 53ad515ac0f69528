// The publication favicon query of docs/product/2-sign-in-notices-cache-routing.md §3: domainOrSlug
// → collection id and favicon id.
import type { D1Database } from '@cloudflare/workers-types';

export interface PublicationFavicon {
  collectionId: string;
  faviconId: string | null;
}

/** A publication's favicon by its slug or its live custom domain (the "publication favicon query"). */
export async function findPublicationFavicon(db: D1Database, domainOrSlug: string): Promise<PublicationFavicon | null> {
  const row = await db
    .prepare(
      "SELECT id, favicon_id FROM collections WHERE slug = ?1 OR (domain = ?1 AND custom_domain_state = 'LIVE') LIMIT 1",
    )
    .bind(domainOrSlug.toLowerCase())
    .first<{ id: string; favicon_id: string | null }>();
  return row ? { collectionId: row.id, faviconId: row.favicon_id } : null;
}
