// GraphQL documents of the search page (docs/product/1-product-screens-membership-header-search.md §7):
// the publication context of a publication's search, the user of a profile's search, and
// whom the viewer follows among the hits. Each is defined once.
import { graphql, known } from '../app/graphql.ts';

export const PublicationNavigationContextQuery = known(graphql(`
  query PublicationNavigationContextQuery($domainOrSlug: String!) {
    publicationByDomainOrSlug(domainOrSlug: $domainOrSlug) {
      id
      name
      slug
      domain
    }
  }
`));

export const PublicationSearchQuery = known(graphql(`
  query PublicationSearchQuery($domainOrSlug: String!) {
    publicationByDomainOrSlug(domainOrSlug: $domainOrSlug) {
      id
      name
      slug
    }
  }
`));

export const UserSearchQuery = known(graphql(`
  query UserSearchQuery($id: ID, $username: String) {
    user(id: $id, username: $username) {
      id
      name
      username
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
