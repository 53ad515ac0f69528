import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { StoryCard_post } from '../components/StoryCard.graphql.ts';

/** Four sample stories for the 404 page. */
export const NotFoundPageQuery = known(graphql(`
  query NotFoundPageQuery {
    homeFeed(mode: LATEST, paging: { limit: 4 }) {
      items {
        post {
          ...StoryCard_post
        }
      }
    }
  }
`, [StoryCard_post]));

export type NotFoundPageData = ResultOf<typeof NotFoundPageQuery>;
