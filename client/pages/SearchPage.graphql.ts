// GraphQL documents of the search page (docs/product/1-product-screens-membership-header-search.md §7):
// the publication of a publication's search page with the first screen of results the server
// paints (docs/search.md, "Search pages"), and whom the viewer follows among the hits.
// Each is defined once; the search box's context queries (PublicationNavigationContextQuery,
// UserSearchQuery) are client/components/search/search-context.graphql.ts.
import { graphql, known } from '../app/graphql.ts';

export const PublicationSearchQuery = known(graphql(`
  query PublicationSearchQuery($domainOrSlug: String!, $query: String = "", $index: String) {
    publicationByDomainOrSlug(domainOrSlug: $domainOrSlug) {
      id
      name
      slug
    }
    searchPageResults(query: $query, index: $index, publication: $domainOrSlug) {
      index
      query
      page
      nbPages
      nbHits
      queryID
      hits
      viewerFollowing
    }
  }
`));

/** Which of the hits' people, publications and topics the viewer follows (Follow buttons' first state). */
export const SearchViewerFollowingQuery = known(graphql(`
  query SearchViewerFollowingQuery($userIds: [ID!], $collectionIds: [ID!], $tagIds: [ID!]) {
    viewerFollowing(userIds: $userIds, collectionIds: $collectionIds, tagIds: $tagIds) {
      userIds
      collectionIds
      tagIds
    }
  }
`));
