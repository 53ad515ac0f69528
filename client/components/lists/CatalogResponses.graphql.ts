// Documents of responses on lists (docs/product/2-sign-in-notices-cache-routing.md §3 (Catalog):
// responsesCount, threadedCatalogResponses; §7 RefetchThreadedCatalogResponsesQuery,
// ShowCatalogResponseOnParent). A list's responses are drawn by the story's responses
// section (client/components/story/ResponsesSection.tsx), through its thread fragment.
import { graphql, known, type ResultOf } from '../../app/graphql.ts';
import { ResponsesSection_thread } from '../story/ResponsesSection.graphql.ts';

/**
 * What the list page's query selects on the list for its responses (the first page inline;
 * its limit is RESPONSES_PAGE_LIMIT, written out: a document's text must be a literal).
 */
export const CatalogResponses_catalog = known(graphql(
  `
    fragment CatalogResponses_catalog on Catalog {
      id
      creator {
        id
      }
      responsesCount
      responsesLocked
      threadedCatalogResponses(paging: { limit: 10 }, sortType: NEWEST) {
        ...ResponsesSection_thread
      }
    }
  `,
  [ResponsesSection_thread],
));

export type CatalogResponsesData = ResultOf<typeof CatalogResponses_catalog>;

/**
 * docs/product/2-sign-in-notices-cache-routing.md §7: a list's responses, paged and sorted (also
 * the refetch after Undo).
 */
export const RefetchThreadedCatalogResponsesQuery = known(graphql(
  `
    query RefetchThreadedCatalogResponsesQuery($catalogId: ID!, $catalogResponsesPagingOptions: PagingOptions, $sortType: ResponseSortType) {
      catalog(id: $catalogId) {
        id
        responsesCount
        threadedCatalogResponses(paging: $catalogResponsesPagingOptions, sortType: $sortType) {
          ...ResponsesSection_thread
        }
      }
    }
  `,
  [ResponsesSection_thread],
));

export const PublishCatalogResponse = known(graphql(`
  mutation PublishCatalogResponse($catalogId: ID!, $text: String!) {
    publishCatalogResponse(catalogId: $catalogId, text: $text) {
      id
    }
  }
`));

export const HideCatalogResponseOnParent = known(graphql(`
  mutation HideCatalogResponseOnParent($parentCatalogId: ID!, $catalogResponseId: ID!) {
    hideCatalogResponseOnParent(parentCatalogId: $parentCatalogId, catalogResponseId: $catalogResponseId) {
      id
      responsesCount
    }
  }
`));

export const ShowCatalogResponseOnParent = known(graphql(`
  mutation ShowCatalogResponseOnParent($parentCatalogId: ID!, $catalogResponseId: ID!) {
    showCatalogResponseOnParent(parentCatalogId: $parentCatalogId, catalogResponseId: $catalogResponseId) {
      id
      responsesCount
    }
  }
`));

export const SetCatalogResponsesLocked = known(graphql(`
  mutation SetCatalogResponsesLocked($catalogId: ID!, $responsesLocked: Boolean!) {
    setCatalogResponsesLocked(catalogId: $catalogId, responsesLocked: $responsesLocked) {
      id
      responsesLocked
    }
  }
`));
