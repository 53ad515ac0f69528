// The queries of a profile's lists and of one list (user-catalogs, user-catalog; issue 6
// item 6), with the shapes the pages read, each defined once (docs/adr/0045-fragments-beside-components.md).
import { graphql, known } from '../app/graphql.ts';
import { PagedStories_connection, type PostConnectionData } from '../components/StoryCard.graphql.ts';
import { CatalogResponses_catalog, type CatalogResponsesData } from '../components/lists/CatalogResponses.graphql.ts';
import type { PagingInfo } from '../components/lists/catalog-paging.ts';
import { ProfileHeading_user, UnavailableProfile_result, type ProfileResult } from '../components/profiles/profile-parts.graphql.ts';

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
  userCatalog:
    | (CatalogPreview &
        CatalogResponsesData & {
          postsConnection: PostConnectionData;
          /** The list's claps (issue 27 point 6), for the clap button. */
          clapCount: number;
          creator: { id: string };
          viewerEdge: { id: string; clapCount: number };
        })
    | null;
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
      clapCount
      creator {
        id
      }
      viewerEdge {
        id
        clapCount
      }
      ...CatalogResponses_catalog
      postsConnection(paging: $paging) {
        ...PagedStories_connection
      }
    }
  }
`, [CatalogResponses_catalog, PagedStories_connection, ProfileHeading_user, UnavailableProfile_result]));
