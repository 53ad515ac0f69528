// Stories pinned to a publication's homepage (docs/product/2-sign-in-notices-cache-routing.md §4.4
// POST_PINNED_TO_COLLECTION_HOMEPAGE, §8 MaxPinnedStoriesReached). The rules are
// worker/publications/pins.ts's.
import type { RequestContext } from '../../context/request-context.ts';
import type { CollectionRow } from '../../publications/results.ts';
import { pinnedStories, setStoryPinned } from '../../publications/pins.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  "A story's place on a publication's homepage."
  type CollectionPin {
    collectionId: ID!
    postId: ID!
    isPinned: Boolean!
  }

  "The publication already pins as many stories as it may (docs/product/2-sign-in-notices-cache-routing.md §8)."
  type MaxPinnedStoriesReached {
    message: String!
  }

  union PinPostResult = CollectionPin | NotFound | Forbidden | MaxPinnedStoriesReached

  type Collection {
    "Stories its editors pinned to its homepage, most recently pinned first."
    pinnedPosts: [Post!]!
  }

  type Mutation {
    "Pins one of the publication's stories to its homepage (editors only; idempotent)."
    pinPostToCollectionHomepage(collectionId: ID!, postId: ID!): PinPostResult!
    "Unpins it (editors only; idempotent)."
    unpinPostFromCollectionHomepage(collectionId: ID!, postId: ID!): PinPostResult!
  }
`;

const pin = (on: boolean) => async (_root: unknown, args: { collectionId: string; postId: string }, ctx: RequestContext) => {
  const result = await setStoryPinned(ctx, args.collectionId, args.postId, on);
  return '__typename' in result ? result : { __typename: 'CollectionPin', ...result };
};

export const publicationPinsModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Collection: {
      pinnedPosts: (collection: CollectionRow, _args: unknown, ctx: RequestContext) => pinnedStories(ctx, collection),
    },
    Mutation: { pinPostToCollectionHomepage: pin(true), unpinPostFromCollectionHomepage: pin(false) },
    PinPostResult: { __resolveType: (value: { __typename: string }) => value.__typename },
  },
};
