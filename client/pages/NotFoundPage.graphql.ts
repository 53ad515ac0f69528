import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { StoryCard_post } from '../components/StoryCard.graphql.ts';

/** The 404 page's stories, chosen by the words of the missing address (docs/adr/0138-stories-for-a-lost-reader.md). */
export const NotFoundPageQuery = known(graphql(`
  query NotFoundPageQuery($path: String!) {
    lostReaderStories(path: $path) {
      ...StoryCard_post
    }
  }
`, [StoryCard_post]));

export type NotFoundPageData = ResultOf<typeof NotFoundPageQuery>;
