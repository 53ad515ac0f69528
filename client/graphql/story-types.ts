// Shapes of the story page's query results (hand-written to match client/graphql/story.ts).
import type { Paragraph } from '../../shared/content.ts';
import type { PagingInfo, PostPreview, UserPreview } from './types.ts';

export interface PostResponse {
  __typename?: 'Post';
  id: string;
  uniqueSlug: string;
  firstPublishedAt: number | null;
  clapCount: number;
  responsesCount: number;
  creator: UserPreview;
  postResponses: { count: number };
  viewerEdge: { id: string; clapCount: number };
  content: { isLockedPreviewOnly: boolean; bodyModel: { paragraphs: Paragraph[] } };
}

export interface ThreadedResponses {
  pagingInfo: PagingInfo;
  posts: PostResponse[];
}

export interface FullPost extends PostPreview {
  __typename: 'Post';
  isPublished: boolean;
  updatedAt: number;
  mediumUrl: string;
  responsesLocked: boolean;
  tags: { id: string; slug: string; displayTitle: string }[];
  viewerEdge: { id: string; clapCount: number; isBookmarked: boolean };
  inResponseToPost: { id: string; title: string; uniqueSlug: string; creator: { id: string; name: string; username: string } } | null;
  creator: UserPreview & {
    bio: string;
    /** The writer's own site, for the story's canonical address (shared/urls/post-urls.ts). */
    hasSubdomain?: boolean;
    customDomainState?: { live: { domain: string } | null } | null;
    socialStats: { followerCount: number };
    viewerEdge: { id: string; isFollowing: boolean };
  };
  collection:
    | (NonNullable<PostPreview['collection']> & {
        description: string;
        /** The publication's own site, for the story's canonical address. */
        domain?: string | null;
        customDomainState?: { live: { domain: string } | null } | null;
        socialStats: { followerCount: number };
        viewerEdge: { id: string; isFollowing: boolean };
      })
    | null;
  content: { isLockedPreviewOnly: boolean; bodyModel: { paragraphs: Paragraph[] } };
  postResponses: { count: number };
}

/** What the story page shows under the story; null when the story is not readable. */
export interface PostPageExtras {
  id: string;
  threadedPostResponses: ThreadedResponses;
  creator: { id: string; postsConnection: { posts: PostPreview[] } };
  collection: { id: string; postsConnection: { posts: PostPreview[] } } | null;
}

/** Spec 2 §3 post-retrieval states the data service produces besides the Post. */
export type PostOutcomeTypename = 'NotFound' | 'RemovedByUser' | 'AccountSuspended' | 'AccountDeleted' | 'PostSuspended' | 'Blocked' | 'Blocking';

export interface PostOutcome {
  __typename: PostOutcomeTypename;
  message: string;
  /** Blocking only: the author the viewer blocked. */
  user?: { id: string; name: string; username: string };
}

export interface PostPageData {
  postResult: FullPost | PostOutcome;
  postPageExtras: PostPageExtras | null;
}

export interface RefetchThreadedPostResponsesData {
  post: { id: string; responsesCount: number; postResponses: { count: number }; threadedPostResponses: ThreadedResponses } | null;
}

export interface ClapMutationData {
  clap: { id: string; clapCount: number; viewerEdge: { id: string; clapCount: number } };
}
