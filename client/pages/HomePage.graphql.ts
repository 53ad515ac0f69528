// The logged-in home's query (page home): the first page of For you, and the sidebar.
import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { CollectionRow_collection, UserRow_user } from '../components/follow/SocialRows.graphql.ts';
import { HomeFeed_feed } from './HomeFeed.graphql.ts';

export const HomeFeedPageQuery = known(graphql(
  `
    query HomeFeedPageQuery($paging: PagingOptions) {
      homeFeed(mode: FOR_YOU, paging: $paging) {
        ...HomeFeed_feed
      }
      followSuggestions(limit: 3) {
        users {
          ...UserRow_user
        }
        collections {
          ...CollectionRow_collection
        }
      }
      homeTopics(limit: 8) {
        id
        slug
        displayTitle
      }
    }
  `,
  [HomeFeed_feed, UserRow_user, CollectionRow_collection],
));

export type HomeFeedPageData = ResultOf<typeof HomeFeedPageQuery>;
