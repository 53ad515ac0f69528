// "Show less like this" on a home-feed card and its Undo
// (docs/product/2-sign-in-notices-cache-routing.md §4.4 USER_NEGATIVE_SIGNAL). The rules are
// worker/stories/negative-signals.ts's.
import type { RequestContext } from '../../context/request-context.ts';
import { setNegativeSignal } from '../../stories/negative-signals.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  "The viewer's 'show less like this' on one story."
  type NegativeSignal {
    postId: ID!
    "True while the viewer asked for fewer stories like this one (it is off their home feeds)."
    isShowingLess: Boolean!
  }

  union NegativeSignalResult = NegativeSignal | NotFound

  type Mutation {
    "Show less like this: takes the story off the viewer's home feeds (idempotent)."
    showLessLikeThis(targetPostId: ID!): NegativeSignalResult!
    "Undo of showLessLikeThis: the story comes back (idempotent)."
    undoShowLessLikeThis(targetPostId: ID!): NegativeSignalResult!
  }
`;

const run = (on: boolean) => async (_root: unknown, args: { targetPostId: string }, ctx: RequestContext) => {
  const result = await setNegativeSignal(ctx, args.targetPostId, on);
  return '__typename' in result ? result : { __typename: 'NegativeSignal', ...result };
};

export const negativeSignalsModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Mutation: { showLessLikeThis: run(true), undoShowLessLikeThis: run(false) },
    NegativeSignalResult: { __resolveType: (value: { __typename: string }) => value.__typename },
  },
};
