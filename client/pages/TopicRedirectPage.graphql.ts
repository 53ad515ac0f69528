// The query of the legacy topic address (legacy-topic-redirect; issue 6 item 7), defined once
// (docs/adr/0045-fragments-beside-components.md).
import { graphql, known } from '../app/graphql.ts';

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
