// The queries of a profile's followers and following (issue 6 item 6), each defined once
// (docs/adr/0045-fragments-beside-components.md).
import { graphql, known } from '../app/graphql.ts';
import { PersonRow_user, type PersonConnectionData } from '../components/profiles/PersonRow.graphql.ts';
import { ProfileHeading_user, UnavailableProfile_result, type ProfileResult } from '../components/profiles/profile-parts.graphql.ts';

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
