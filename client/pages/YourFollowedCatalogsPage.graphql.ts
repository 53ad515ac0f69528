// The query of your-followed-catalogs (/me/lists/saved; issue 6 item 8), defined once: the
// server render and the browser use the same object (docs/adr/0045-fragments-beside-components.md).
import { graphql, known } from '../app/graphql.ts';
import { CatalogFields, type CatalogPageData } from '../components/lists/CatalogCard.graphql.ts';

/** your-followed-catalogs (/me/lists/saved). */
export const YourFollowedCatalogsPageQuery = known(graphql(`
  query YourFollowedCatalogsPageQuery($paging: PagingOptions) {
    viewer {
      id
      followedCatalogsConnection(paging: $paging) {
        catalogs {
          ...CatalogFields
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
    }
  }
`, [CatalogFields]));

export interface YourFollowedCatalogsPageData {
  viewer: { id: string; followedCatalogsConnection: CatalogPageData | null } | null;
}
