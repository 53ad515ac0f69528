// The query of explore-topics (issue 6 item 7), defined once (docs/adr/0045-fragments-beside-components.md).
import { graphql, known } from '../app/graphql.ts';

export interface TopicSummary {
  id: string;
  slug: string;
  displayTitle: string;
  postCount: number;
}

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
