// The documents of your-catalog (/me/list/{catalogSlugId}; issue 6 item 8): the page's query
// and the edits of the list, each defined once (docs/adr/0045-fragments-beside-components.md).
import { graphql, known } from '../app/graphql.ts';
import type { PagingInfo } from '../components/lists/catalog-paging.ts';
import { StoryCard_post, type PostPreview } from '../components/StoryCard.graphql.ts';
import { CatalogFields, CatalogResultFields, type CatalogSummary } from '../components/lists/CatalogCard.graphql.ts';
import { CatalogResponses_catalog, type CatalogResponsesData } from '../components/lists/CatalogResponses.graphql.ts';

/** your-catalog (/me/list/{catalogSlugId}). */
export const YourCatalogPageQuery = known(graphql(`
  query YourCatalogPageQuery($catalogSlugId: String!, $paging: PagingOptions, $withResponses: Boolean = false) {
    viewer {
      id
    }
    catalogBySlugId(catalogSlugId: $catalogSlugId) {
      ...CatalogFields
      # The page's first render shows the list's responses; "Show more" pages only stories.
      ...CatalogResponses_catalog @include(if: $withResponses)
      itemsConnection(paging: $paging) {
        items {
          catalogItemId
          note
          createdAt
          post {
            ...StoryCard_post
          }
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
`, [CatalogFields, CatalogResponses_catalog, StoryCard_post]));

export const UpdateCatalog = known(graphql(`
  mutation UpdateCatalog($catalogId: ID!, $input: UpdateCatalogInput!) {
    updateCatalog(catalogId: $catalogId, input: $input) {
      ...CatalogResultFields
    }
  }
`, [CatalogResultFields]));

export const DeleteCatalog = known(graphql(`
  mutation DeleteCatalog($catalogId: ID!) {
    deleteCatalog(catalogId: $catalogId) {
      __typename
      ... on DeleteCatalogSuccess {
        catalogId
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
      ... on Forbidden {
        message
      }
    }
  }
`));

export interface CatalogItemData {
  catalogItemId: string;
  note: string;
  createdAt: number;
  post: PostPreview;
}

export interface YourCatalogPageData {
  viewer: { id: string } | null;
  catalogBySlugId:
    | (CatalogSummary & { itemsConnection: { items: CatalogItemData[]; pagingInfo: PagingInfo } } & Partial<CatalogResponsesData>)
    | null;
}
