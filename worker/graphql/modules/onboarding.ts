// Onboarding (/get-started/topics, page topics-onboarding; docs/adr/0081-sign-up-context-and-onboarding.md): after
// picking topics, a new reader is offered the writers who publish most in them; finishing marks
// the account onboarded (worker/accounts/onboarding.ts). The follows themselves are the social
// graph's calls (FollowTag, FollowUser in ./social-graph.ts).
//
//   query    onboardingWriters(topicSlugs, limit) → [User!]!
//   mutation CompleteOnboarding  completeOnboarding → Boolean!
import type { RequestContext } from '../../context/request-context.ts';
import { completeOnboarding, onboardingWriters } from '../../accounts/onboarding.ts';
import type { SchemaModule } from './schema-module.ts';

export const onboardingModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type Query {
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
      onboardingWriters: (_: unknown, args: { topicSlugs: string[]; limit?: number | null }, ctx: RequestContext) => onboardingWriters(ctx, args.topicSlugs, args.limit),
    },
    Mutation: {
      completeOnboarding: (_: unknown, __: unknown, ctx: RequestContext) => completeOnboarding(ctx),
    },
  },
};
