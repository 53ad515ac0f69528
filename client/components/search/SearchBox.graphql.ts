// A click on a search hit (docs/product/1-product-screens-membership-header-search.md §7), sent
// by the search box and the search page. Loaded with the first click.
import { graphql, known } from '../../app/graphql.ts';

export const SearchClickEvent = known(graphql(`
  mutation SearchClickEvent($queryId: String!, $indexName: String!, $objectIds: [String!]!, $positions: [Int!]!) {
    searchClickEvent(queryId: $queryId, indexName: $indexName, objectIds: $objectIds, positions: $positions)
  }
`));
