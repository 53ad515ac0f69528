// Shapes of the query results the pages read (hand-written to match client/graphql/queries.ts).
import type { Paragraph } from '../../shared/content.ts';

export interface UserPreview {
  id: string;
  name: string;
  username: string;
  imageId: string | null;
}

export interface PostPreview {
  __typename?: 'Post';
  id: string;
  title: string;
  subtitle: string;
  uniqueSlug: string;
  visibility: 'PUBLIC' | 'UNLISTED' | 'LOCKED';
  isLocked: boolean;
  readingTime: number;
  firstPublishedAt: number | null;
  latestPublishedAt: number | null;
  clapCount: number;
  responsesCount: number;
  previewImage: { id: string } | null;
  creator: UserPreview;
  collection: { id: string; name: string; slug: string } | null;
}

export interface PagingInfo {
  next: { limit: number; to: string } | null;
}

export interface HomePageData {
  homeFeed: { items: { post: PostPreview }[]; pagingInfo: PagingInfo };
}

export interface ProfileUser {
  __typename: 'User';
  id: string;
  name: string;
  username: string;
  bio: string;
  imageId: string | null;
  mediumMemberAt: number | null;
  socialStats: { followerCount: number; followingCount: number };
  postsConnection: { posts: PostPreview[]; pagingInfo: PagingInfo };
}

export interface UserProfilePageData {
  userResult: ProfileUser | { __typename: 'NotFound' | 'AccountSuspended'; message: string };
}

export interface NotFoundPageData {
  homeFeed: { items: { post: PostPreview }[] };
}
