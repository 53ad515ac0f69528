// GraphQL documents (and the shapes of their results) of the profile, publication and
// topic pages. Each document is defined once here: the server render and the browser use
// the same objects, so urql's operation keys match and hydration sends no request.
import { graphql, known } from '../app/graphql.ts';
import { PagedStories_connection } from '../components/StoryCard.graphql.ts';
import { CatalogResponses_catalog, type CatalogResponsesData } from '../components/lists/CatalogResponses.graphql.ts';
import type { PagingInfo, PostPreview } from './types.ts';
import { PersonRow_user, type PersonPreview } from '../components/profiles/PersonRow.graphql.ts';
import { ProfileHeading_user, UnavailableProfile_result, type ProfileResult } from '../components/profiles/profile-parts.graphql.ts';

// The shared shapes now come from the components' fragments; re-exported for the pages that
// still read hand-written shapes built on them.
export type { PersonPreview } from '../components/profiles/PersonRow.graphql.ts';
export type { ProfileHeaderUser, ProfileResult, UnavailableUser } from '../components/profiles/profile-parts.graphql.ts';

// ---- Shapes --------------------------------------------------------------------------------

export interface PostConnectionData {
  posts: PostPreview[];
  pagingInfo: PagingInfo;
}

export interface PersonConnectionData {
  users: PersonPreview[];
  pagingInfo: PagingInfo;
}

export interface CatalogPreview {
  id: string;
  name: string;
  description: string;
  visibility: 'PUBLIC' | 'PRIVATE' | 'LOCKED';
  predefined: 'READING_LIST' | 'CURRENTLY_READING' | 'PURCHASED' | null;
  itemCount: number;
  updatedAt: number;
}

export interface CatalogConnectionData {
  catalogs: CatalogPreview[];
  pagingInfo: PagingInfo;
}

export interface TopicSummary {
  id: string;
  slug: string;
  displayTitle: string;
  postCount: number;
}

// ---- Fragments -----------------------------------------------------------------------------

// ---- Profile pages -------------------------------------------------------------------------

/** A profile page's address names its user by username, by id (/u/{userId}), or not at all (/me: the viewer). */
export type ProfileLookup = { username: string | null; id: string | null };

export function profileLookup(params: Record<string, string>): ProfileLookup {
  return { username: params.username ?? null, id: params.username ? null : (params.userId ?? null) };
}

export const PROFILE_STORIES_PAGE_SIZE = 10;
export const PEOPLE_PAGE_SIZE = 20;
export const CATALOGS_PAGE_SIZE = 20;

export interface UserAboutPageData {
  userResult: ProfileResult;
}

export const UserAboutPageQuery = known(graphql(`
  query UserAboutPageQuery($username: String, $id: ID) {
    userResult: profileResult(username: $username, id: $id) {
      __typename
      ... on User {
        ...ProfileHeading_user
      }
      ...UnavailableProfile_result
    }
  }
`, [ProfileHeading_user, UnavailableProfile_result]));

export interface UserFollowersPageData {
  userResult: ProfileResult<{ followersConnection: PersonConnectionData }>;
}

export const UserFollowersPageQuery = known(graphql(`
  query UserFollowersPageQuery($username: String, $id: ID, $paging: PagingOptions) {
    userResult: profileResult(username: $username, id: $id) {
      __typename
      ... on User {
        ...ProfileHeading_user
        followersConnection(paging: $paging) {
          users {
            ...PersonRow_user
          }
          pagingInfo {
            next {
              limit
              to
            }
          }
        }
      }
      ...UnavailableProfile_result
    }
  }
`, [ProfileHeading_user, PersonRow_user, UnavailableProfile_result]));

export interface UserFollowingPageData {
  userResult: ProfileResult<{ followingConnection: PersonConnectionData }>;
}

export const UserFollowingPageQuery = known(graphql(`
  query UserFollowingPageQuery($username: String, $id: ID, $paging: PagingOptions) {
    userResult: profileResult(username: $username, id: $id) {
      __typename
      ... on User {
        ...ProfileHeading_user
        followingConnection(paging: $paging) {
          users {
            ...PersonRow_user
          }
          pagingInfo {
            next {
              limit
              to
            }
          }
        }
      }
      ...UnavailableProfile_result
    }
  }
`, [ProfileHeading_user, PersonRow_user, UnavailableProfile_result]));

export interface UserCatalogsPageData {
  userResult: ProfileResult<{ catalogsConnection: CatalogConnectionData }>;
}

export const UserCatalogsPageQuery = known(graphql(`
  query UserCatalogsPageQuery($username: String, $id: ID, $paging: PagingOptions) {
    userResult: profileResult(username: $username, id: $id) {
      __typename
      ... on User {
        ...ProfileHeading_user
        catalogsConnection(paging: $paging) {
          catalogs {
            id
            name
            description
            visibility
            predefined
            itemCount: postItemsCount
            updatedAt
          }
          pagingInfo {
            next {
              limit
              to
            }
          }
        }
      }
      ...UnavailableProfile_result
    }
  }
`, [ProfileHeading_user, UnavailableProfile_result]));

export interface UserCatalogPageData {
  userResult: ProfileResult;
  userCatalog: (CatalogPreview & CatalogResponsesData & { postsConnection: PostConnectionData }) | null;
}

export const UserCatalogPageQuery = known(graphql(`
  query UserCatalogPageQuery($username: String!, $catalogSlugId: String!, $paging: PagingOptions) {
    userResult(username: $username) {
      __typename
      ... on User {
        ...ProfileHeading_user
      }
      ...UnavailableProfile_result
    }
    userCatalog: catalogBySlugId(username: $username, catalogSlugId: $catalogSlugId) {
      id
      name
      description
      visibility
      predefined
      itemCount: postItemsCount
      updatedAt
      ...CatalogResponses_catalog
      postsConnection(paging: $paging) {
        ...PagedStories_connection
      }
    }
  }
`, [CatalogResponses_catalog, PagedStories_connection, ProfileHeading_user, UnavailableProfile_result]));

// ---- Publication pages ---------------------------------------------------------------------

/** A publication page's address names it by slug (custom domains put the slug back) or by id (/c/{id}). */
export type PublicationLookup = { slug: string | null; id: string | null };

// ---- Topic pages ---------------------------------------------------------------------------

export const WHO_TO_FOLLOW_LIMIT = 20;

export interface ExploreTopicsPageData {
  exploreTopics: TopicSummary[];
}

export const ExploreTopicsPageQuery = known(graphql(`
  query ExploreTopicsPageQuery {
    exploreTopics {
      id
      slug
      displayTitle
      postCount
    }
  }
`));

export interface LegacyTopicPageData {
  topic: { id: string; slug: string; displayTitle: string } | null;
}

export const LegacyTopicPageQuery = known(graphql(`
  query LegacyTopicPageQuery($topicSlug: String!) {
    topic(slug: $topicSlug) {
      id
      slug
      displayTitle
    }
  }
`));
