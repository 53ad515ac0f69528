// The queries of customize-following: what the viewer follows, and each list's further
// pages, each defined once (docs/adr/0045-fragments-beside-components.md).
import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { UserRow_user, CollectionRow_collection, TagRow_tag } from '../components/follow/SocialRows.graphql.ts';

export const CustomizeFollowingQuery = known(graphql(`
  query CustomizeFollowingQuery($paging: PagingOptions) {
    viewer {
      id
      followedUsers(paging: $paging) {
        users {
          ...UserRow_user
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
      followedCollections(paging: $paging) {
        collections {
          ...CollectionRow_collection
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
      followedTags(paging: $paging) {
        tags {
          ...TagRow_tag
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
    }
  }
`, [UserRow_user, CollectionRow_collection, TagRow_tag]));

export const FollowedUsersPageQuery = known(graphql(`
  query FollowedUsersPageQuery($paging: PagingOptions) {
    viewer { id followedUsers(paging: $paging) { users { ...UserRow_user } pagingInfo { next { limit to } } } }
  }
`, [UserRow_user]));

export const FollowedCollectionsPageQuery = known(graphql(`
  query FollowedCollectionsPageQuery($paging: PagingOptions) {
    viewer { id followedCollections(paging: $paging) { collections { ...CollectionRow_collection } pagingInfo { next { limit to } } } }
  }
`, [CollectionRow_collection]));

export const FollowedTagsPageQuery = known(graphql(`
  query FollowedTagsPageQuery($paging: PagingOptions) {
    viewer { id followedTags(paging: $paging) { tags { ...TagRow_tag } pagingInfo { next { limit to } } } }
  }
`, [TagRow_tag]));

export type CustomizeFollowingData = ResultOf<typeof CustomizeFollowingQuery>;
