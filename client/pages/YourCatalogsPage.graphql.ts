// The query of your-catalogs (/me/lists; issue 6 item 8), defined once: the server render and
// the browser use the same object (docs/adr/0045-fragments-beside-components.md).
import { graphql, known } from '../app/graphql.ts';
import { CatalogFields, type CatalogPageData } from '../components/lists/CatalogCard.graphql.ts';

/** your-catalogs (/me/lists). */
export const YourCatalogsPageQuery = known(graphql(`
  query YourCatalogsPageQuery($paging: PagingOptions) {
    viewer {
      id
      catalogsConnection(paging: $paging) {
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

export interface YourCatalogsPageData {
  viewer: { id: string; catalogsConnection: CatalogPageData } | null;
}
