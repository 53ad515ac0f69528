// Publishing (issue 12 item 4; docs/adr/0069-publishing.md):
// publishPost (the publish step: up to 5 tags, member-only, unlisted, a publication),
// unpublishPost, updatePostSettings (/p/{postId}/settings), and the writer's own lists of
// /me/stories/{drafts,public,unlisted,responses}. Who may do what is
// worker/stories/publishing.ts's; the lists are worker/stories/your-stories.ts.
import type { RequestContext } from '../../context/request-context.ts';
import type { PagingOptions } from '../../context/paging.ts';
import type { StoryNode } from '../../stories/content-gate.ts';
import {
  authorCanonicalUrl,
  canMakeStoriesMemberOnly,
  newsletterSubscriberCount,
  publishPost,
  submittedCollection,
  unpublishPost,
  updatePostSettings,
  writablePublications,
  type PublishArgs,
  type SettingsArgs,
} from '../../stories/publishing.ts';
import { yourStories, type YourStoriesFilter } from '../../stories/your-stories.ts';
import { sendStoryToSubscribers } from '../../newsletters/send-story.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  union PublishPostResult = Post | NotFound | BadRequest | Forbidden | PublishingRestrictedBannedLinks
  union PostSettingsResult = Post | NotFound | BadRequest

  "The writer's own lists (/me/stories/{filterBy})."
  enum YourStoriesFilter {
    DRAFTS
    PUBLIC
    UNLISTED
    RESPONSES
  }

  type Post {
    "Author only: the story's original address, when it was first published elsewhere."
    canonicalUrl: String
    "Author only: the publication the story was submitted to, waiting for an editor."
    submittedCollection: Collection
  }

  "A publication the viewer writes for, and whether they publish to it or submit."
  type WritablePublication {
    collection: Collection!
    "True for its owner and editors; its writers submit."
    canPublish: Boolean!
    "Editors: the subscribers of the publication's newsletter a story they publish there can be sent to; null without one, or for writers."
    newsletterSubscriberCount: Int
  }

  type User {
    "Viewer only: the viewer's stories of one kind, newest first."
    yourStoriesConnection(filter: YourStoriesFilter!, paging: PagingOptions): PostConnection
    "Viewer only: the publications the viewer may publish or submit to."
    writablePublications: [WritablePublication!]
    "Viewer only: whether the viewer may make stories member-only (Partner Program writers)."
    canMakeStoriesMemberOnly: Boolean
    "Viewer only: how many readers subscribe to the viewer's newsletter (the publish step's 'Send to subscribers')."
    newsletterSubscriberCount: Int
  }

  type Mutation {
    """
    Publishes the author's story with its newest saved revision: up to 5 tags, member-only
    (Partner Program writers), unlisted, into a publication (editors) or submitted to it
    (writers). Publishing a published story applies its saved changes. sendToSubscribers emails
    it to the writer's newsletter subscribers on its first listed publication (once per story).
    """
    publishPost(postId: ID!, tags: [String!]!, memberOnly: Boolean!, unlisted: Boolean!, collectionId: ID, sendToSubscribers: Boolean = false): PublishPostResult!
    "Takes the author's story back to drafts."
    unpublishPost(postId: ID!): PublishPostResult!
    "The story's settings: canonical link, responses open or closed, member-only, license (unchanged when not given)."
    updatePostSettings(postId: ID!, canonicalUrl: String, responsesLocked: Boolean!, memberOnly: Boolean!, license: PostLicense): PostSettingsResult!
  }
`;

async function yourStoriesConnection(user: { id: string }, args: { filter: YourStoriesFilter; paging?: PagingOptions | null }, ctx: RequestContext) {
  const page = await yourStories(ctx, user.id, args.filter, args.paging);
  return page && { posts: page.items, pagingInfo: page.pagingInfo };
}

export const publishingModule: SchemaModule = {
  typeDefs,
  resolvers: {
    PublishPostResult: { __resolveType: (value: { __typename?: string }) => value.__typename ?? 'Post' },
    PostSettingsResult: { __resolveType: (value: { __typename?: string }) => value.__typename ?? 'Post' },
    Post: {
      canonicalUrl: (post: StoryNode, _a: unknown, ctx: RequestContext) => authorCanonicalUrl(ctx, post),
      submittedCollection: (post: StoryNode, _a: unknown, ctx: RequestContext) => submittedCollection(ctx, post),
    },
    User: {
      yourStoriesConnection,
      writablePublications: (user: { id: string }, _a: unknown, ctx: RequestContext) => writablePublications(ctx, user.id),
      canMakeStoriesMemberOnly: (user: { id: string }, _a: unknown, ctx: RequestContext) => canMakeStoriesMemberOnly(ctx, user.id),
      newsletterSubscriberCount: (user: { id: string }, _a: unknown, ctx: RequestContext) => newsletterSubscriberCount(ctx, user.id),
    },
    Mutation: {
      publishPost: async (_root: unknown, args: PublishArgs, ctx: RequestContext) => {
        const result = await publishPost(ctx, args);
        if ('__typename' in result) return result;
        // Queued (docs/adr/0090-one-fan-out-queue.md): the request answers once its own writes are done.
        if (result.newsletterStory) await sendStoryToSubscribers(ctx.env, result.newsletterStory, ctx.now);
        return result.post;
      },
      unpublishPost: (_root: unknown, args: { postId: string }, ctx: RequestContext) => unpublishPost(ctx, args.postId),
      updatePostSettings: (_root: unknown, args: SettingsArgs, ctx: RequestContext) => updatePostSettings(ctx, args),
    },
  },
};
