// Onboarding (/get-started/topics, page topics-onboarding; docs/adr/0081-sign-up-context-and-onboarding.md): after
// picking topics, a new reader is offered the writers who publish most in them; finishing marks
// the account onboarded (worker/accounts/onboarding.ts). The follows themselves are the social
// graph's calls (FollowTag, FollowUser in ./social-graph.ts).
//
//   query    topicsToFollow → [Tag!]! (worker/topics/topics-to-follow.ts)
//   query    onboardingWriters(topicSlugs, limit) → [User!]!
//   mutation CompleteOnboarding  completeOnboarding → Boolean!
import type { RequestContext } from '../../context/request-context.ts';
import { completeOnboarding, onboardingWriters } from '../../accounts/onboarding.ts';
import { topicsToFollow } from '../../topics/topics-to-follow.ts';
import type { SchemaModule } from './schema-module.ts';

export const onboardingModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type Query {
      "The topics onboarding offers to follow: the configured list (start-up configuration's topics to follow), not every tag ever used."
      topicsToFollow: [Tag!]!
      "Writers to follow for the picked topics (most stories in them first)."
      onboardingWriters(topicSlugs: [String!]!, limit: Int): [User!]!
    }
    type Mutation {
      "CompleteOnboarding: the reader finished /get-started."
      completeOnboarding: Boolean!
    }
  `,
  resolvers: {
    Query: {
      topicsToFollow: (_: unknown, __: unknown, ctx: RequestContext) => topicsToFollow(ctx),
      onboardingWriters: (_: unknown, args: { topicSlugs: string[]; limit?: number | null }, ctx: RequestContext) => onboardingWriters(ctx, args.topicSlugs, args.limit),
    },
    Mutation: {
      completeOnboarding: (_: unknown, __: unknown, ctx: RequestContext) => completeOnboarding(ctx),
    },
  },
};
