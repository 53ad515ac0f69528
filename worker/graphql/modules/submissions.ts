// Publication submissions (issue 12 item 7, first part): a writer of a publication submits a
// story when publishing (publishPost with the publication; worker/graphql/modules/publishing.ts);
// the publication's owner and editors see the submissions and approve or decline them
// (worker/publications/submissions.ts holds the rules). Only editors reach any of this: to
// anyone else a publication has no submissions and the calls answer NotFound.
import type { RequestContext } from '../../context/request-context.ts';
import type { StoryNode } from '../../stories/content-gate.ts';
import { isEditorOf } from '../../publications/members.ts';
import { decideSubmission, nextSubmission, pendingSubmissions, statusForCollection } from '../../publications/submissions.ts';
import { successOr, type SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  union SubmissionResult = Post | NotFound

  "The next submission to decide on, or EmptyQueue when none waits."
  union NextSubmissionResult = Post | EmptyQueue

  type Collection {
    "Whether the viewer is the publication's owner or one of its editors."
    viewerIsEditor: Boolean!
    "Editors only: stories its writers submitted, waiting for a decision, newest first."
    submissions: [Post!]
    "Editors only: the submission that has waited longest, or EmptyQueue (docs/outcomes.md)."
    nextSubmission: NextSubmissionResult
  }

  type Post {
    "APPROVED when the story is in its publication; PENDING (author and editors only) while submitted; else null."
    statusForCollection: String
  }

  type Mutation {
    "An editor takes a submitted story into the publication."
    approveSubmission(postId: ID!): SubmissionResult!
    "An editor declines a submitted story: it stays on its writer's profile."
    declineSubmission(postId: ID!): SubmissionResult!
  }
`;

export const submissionsModule: SchemaModule = {
  typeDefs,
  resolvers: {
    SubmissionResult: { __resolveType: (value: { __typename?: string }) => value.__typename ?? 'Post' },
    NextSubmissionResult: { __resolveType: successOr('Post') },
    Collection: {
      viewerIsEditor: (collection: { id: string }, _a: unknown, ctx: RequestContext) => isEditorOf(ctx, collection.id),
      submissions: (collection: { id: string }, _a: unknown, ctx: RequestContext) => pendingSubmissions(ctx, collection.id),
      nextSubmission: (collection: { id: string }, _a: unknown, ctx: RequestContext) => nextSubmission(ctx, collection.id),
    },
    Post: {
      statusForCollection: (post: StoryNode, _a: unknown, ctx: RequestContext) => statusForCollection(ctx, post),
    },
    Mutation: {
      approveSubmission: (_r: unknown, args: { postId: string }, ctx: RequestContext) => decideSubmission(ctx, args.postId, true),
      declineSubmission: (_r: unknown, args: { postId: string }, ctx: RequestContext) => decideSubmission(ctx, args.postId, false),
    },
  },
};
