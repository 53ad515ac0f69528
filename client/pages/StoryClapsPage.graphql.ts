// The query of post-upvotes: who clapped for a story, most recent clap first, paged.
import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { PersonRow_user } from '../components/profiles/PersonRow.graphql.ts';

export const StoryClapsPageQuery = known(graphql(`
  query StoryClapsPageQuery($postId: ID!, $paging: PagingOptions) {
    post(id: $postId) {
      id
      title
      isPublished
      clapCount
      clappersConnection(paging: $paging) {
        claps {
          clapCount
          user {
            ...PersonRow_user
          }
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
`, [PersonRow_user]));

export type StoryClapsPageData = ResultOf<typeof StoryClapsPageQuery>;
