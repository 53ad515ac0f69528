// GraphQL documents of responses on lists (spec 2 §3 Catalog: responsesCount,
// threadedCatalogResponses; §7 RefetchThreadedCatalogResponsesQuery,
// ShowCatalogResponseOnParent). A list's responses are drawn by the same section as a
// story's (client/components/story/ResponsesSection.tsx), so they select the same fields.
import { gql } from 'urql';
import { RESPONSES_PAGE_LIMIT, THREAD_SELECTION } from './story.ts';
import type { ThreadedResponses } from './story-types.ts';

/** What the list page's query selects on the list for its responses (first page inline). */
export const CATALOG_RESPONSES_SELECTION = `
  creator {
    id
  }
  responsesCount
  responsesLocked
  threadedCatalogResponses(paging: { limit: ${RESPONSES_PAGE_LIMIT} }, sortType: NEWEST) {
    ${THREAD_SELECTION}
  }
`;

export interface CatalogResponsesData {
  creator: { id: string };
  responsesCount: number;
  responsesLocked: boolean;
  threadedCatalogResponses: ThreadedResponses;
}

export interface RefetchThreadedCatalogResponsesData {
  catalog: { id: string; responsesCount: number; threadedCatalogResponses: ThreadedResponses } | null;
}

/** Spec 2 §7: a list's responses, paged and sorted (also the refetch after Undo). */
export const RefetchThreadedCatalogResponsesQuery = gql`
  query RefetchThreadedCatalogResponsesQuery($catalogId: ID!, $catalogResponsesPagingOptions: PagingOptions, $sortType: ResponseSortType) {
    catalog(id: $catalogId) {
      id
      responsesCount
      threadedCatalogResponses(paging: $catalogResponsesPagingOptions, sortType: $sortType) {
        ${THREAD_SELECTION}
      }
    }
  }
`;

export const PublishCatalogResponse = gql`
  mutation PublishCatalogResponse($catalogId: ID!, $text: String!) {
    publishCatalogResponse(catalogId: $catalogId, text: $text) {
      id
    }
  }
`;

export const HideCatalogResponseOnParent = gql`
  mutation HideCatalogResponseOnParent($parentCatalogId: ID!, $catalogResponseId: ID!) {
    hideCatalogResponseOnParent(parentCatalogId: $parentCatalogId, catalogResponseId: $catalogResponseId) {
      id
      responsesCount
    }
  }
`;

export const ShowCatalogResponseOnParent = gql`
  mutation ShowCatalogResponseOnParent($parentCatalogId: ID!, $catalogResponseId: ID!) {
    showCatalogResponseOnParent(parentCatalogId: $parentCatalogId, catalogResponseId: $catalogResponseId) {
      id
      responsesCount
    }
  }
`;

export const SetCatalogResponsesLocked = gql`
  mutation SetCatalogResponsesLocked($catalogId: ID!, $responsesLocked: Boolean!) {
    setCatalogResponsesLocked(catalogId: $catalogId, responsesLocked: $responsesLocked) {
      id
      responsesLocked
    }
  }
`;
