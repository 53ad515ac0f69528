// What building a person's or a story's address needs, as fragments every document that links
// one spreads (client/app/hrefs.ts builds the address from them). The address rule itself
// (docs/product/1-product-screens-membership-header-search.md §3,
// docs/product/3-routes-data-calls-constants.md §2.11) lives in shared/urls/: a person's live
// custom domain, else their username subdomain, else /@{username}, else /u/{id}; a story follows
// its publication's address, else its writer's.
import { graphql, known, type ResultOf } from '../../app/graphql.ts';

/** A person's address: the live custom domain and the subdomain decide where it points. */
export const UserAddress_user = known(graphql(`
  fragment UserAddress_user on User {
    id
    username
    hasSubdomain
    customDomainState {
      live {
        domain
      }
    }
  }
`));

/** A publication's address: its live custom domain, else /{slug}. */
export const CollectionAddress_collection = known(graphql(`
  fragment CollectionAddress_collection on Collection {
    id
    slug
    domain
    customDomainState {
      live {
        domain
      }
    }
  }
`));

/** A story's address: its slug and id under its publication's or its writer's address. */
export const StoryAddress_post = known(graphql(
  `
    fragment StoryAddress_post on Post {
      id
      uniqueSlug
      creator {
        ...UserAddress_user
      }
      collection {
        ...CollectionAddress_collection
      }
    }
  `,
  [UserAddress_user, CollectionAddress_collection],
));

export type UserAddress = ResultOf<typeof UserAddress_user>;
export type CollectionAddress = ResultOf<typeof CollectionAddress_collection>;
export type StoryAddress = ResultOf<typeof StoryAddress_post>;
