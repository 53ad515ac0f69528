// The queries of customize-muted: whom the viewer mutes, and each list's further pages,
// each defined once (docs/adr/0045-fragments-beside-components.md).
import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { UserRow_user, CollectionRow_collection } from '../components/follow/SocialRows.graphql.ts';

export const CustomizeMutedQuery = known(graphql(`
  query CustomizeMutedQuery($paging: PagingOptions) {
    viewer {
      id
      mutedUsers(paging: $paging) {
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
      mutedCollections(paging: $paging) {
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
    }
  }
`, [UserRow_user, CollectionRow_collection]));

export const MutedUsersPageQuery = known(graphql(`
  query MutedUsersPageQuery($paging: PagingOptions) {
    viewer { id mutedUsers(paging: $paging) { users { ...UserRow_user } pagingInfo { next { limit to } } } }
  }
`, [UserRow_user]));

export const MutedCollectionsPageQuery = known(graphql(`
  query MutedCollectionsPageQuery($paging: PagingOptions) {
    viewer { id mutedCollections(paging: $paging) { collections { ...CollectionRow_collection } pagingInfo { next { limit to } } } }
  }
`, [CollectionRow_collection]));

export type CustomizeMutedData = ResultOf<typeof CustomizeMutedQuery>;
