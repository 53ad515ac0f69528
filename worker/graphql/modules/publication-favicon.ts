// The publication favicon query of docs/product/2-sign-in-notices-cache-routing.md §3: domainOrSlug
// → collection id and favicon id.
import type { D1Database } from '@cloudflare/workers-types';
import type { RequestContext } from '../../context/request-context.ts';
import type { SchemaModule } from './schema-module.ts';

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

export const publicationFaviconModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type PublicationFavicon {
      collectionId: ID!
      faviconId: String
    }
    type Query {
      "A publication's favicon by slug or live custom domain; null when there is no such publication."
      publicationFavicon(domainOrSlug: String!): PublicationFavicon
    }
  `,
  resolvers: {
    Query: {
      publicationFavicon: (_: unknown, args: { domainOrSlug: string }, context: RequestContext) =>
        findPublicationFavicon(context.db, args.domainOrSlug),
    },
  },
};
