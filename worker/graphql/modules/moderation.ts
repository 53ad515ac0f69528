// Moderation by staff (issue 12 item 9): suspending and restoring a story or an account
// (worker/stories/moderation.ts holds the rules: staff only, the pages purged at once).
import type { RequestContext } from '../../context/request-context.ts';
import { isOutcome, type Outcome } from '../../context/outcomes.ts';
import { setPostSuspended, setUserSuspended, type ModerationDone } from '../../stories/moderation.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  union ModerationResult = ModerationDone | NotFound

  type ModerationDone {
    "The story's or account's id."
    id: ID!
    isSuspended: Boolean!
  }

  type Mutation {
    "Staff only: suspends (true) or restores (false) a story."
    setPostSuspended(postId: ID!, suspended: Boolean!): ModerationResult!
    "Staff only: suspends (true) or restores (false) an account."
    setUserSuspended(userId: ID!, suspended: Boolean!): ModerationResult!
  }
`;

const moderationResult = (result: ModerationDone | Outcome) => (isOutcome(result) ? result : { __typename: 'ModerationDone', ...result });

export const moderationModule: SchemaModule = {
  typeDefs,
  resolvers: {
    ModerationResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    Mutation: {
      setPostSuspended: async (_r: unknown, args: { postId: string; suspended: boolean }, ctx: RequestContext) =>
        moderationResult(await setPostSuspended(ctx, args.postId, args.suspended)),
      setUserSuspended: async (_r: unknown, args: { userId: string; suspended: boolean }, ctx: RequestContext) =>
        moderationResult(await setUserSuspended(ctx, args.userId, args.suspended)),
    },
  },
};
