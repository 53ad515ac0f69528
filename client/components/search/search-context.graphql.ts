// The predictive search's context (docs/product/1-product-screens-membership-header-search.md
// §2.8 scope by page, §7 calls): on a publication's pages the box names the publication it
// searches (PublicationNavigationContextQuery, variable domainOrSlug), on a writer's pages the
// writer (UserSearchQuery, variable user id or username). Asked when the popover opens, never
// while a page renders or hydrates.
import { graphql, known } from '../../app/graphql.ts';

export const PublicationNavigationContextQuery = known(graphql(`
  query PublicationNavigationContextQuery($domainOrSlug: String!) {
    publicationByDomainOrSlug(domainOrSlug: $domainOrSlug) {
      id
      name
      slug
      domain
      isAuroraVisible
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
