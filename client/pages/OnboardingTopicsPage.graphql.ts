// Onboarding (/get-started/topics): the topics, the writers to follow, and the finish; each
// document defined once (docs/adr/0045-fragments-beside-components.md).
import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { UserRow_user } from '../components/follow/SocialRows.graphql.ts';

export const OnboardingTopicsQuery = known(graphql(`
  query OnboardingTopicsQuery {
    viewer {
      id
      name
    }
    topicsToFollow {
      id
      slug
      displayTitle
    }
  }
`));

export type OnboardingTopicsData = ResultOf<typeof OnboardingTopicsQuery>;

export const OnboardingWritersQuery = known(graphql(`
  query OnboardingWritersQuery($topicSlugs: [String!]!) {
    onboardingWriters(topicSlugs: $topicSlugs, limit: 12) {
      ...UserRow_user
    }
  }
`, [UserRow_user]));

export const CompleteOnboarding = known(graphql(`
  mutation CompleteOnboarding {
    completeOnboarding
  }
`));
