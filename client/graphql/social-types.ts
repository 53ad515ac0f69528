// Shapes of the results of the documents in ./social.ts (hand-written to match them).
import type { PagingInfo, PostPreview } from './types.ts';

export interface SocialUser {
  id: string;
  name: string;
  username: string;
  imageId: string | null;
  bio: string;
  socialStats: { followerCount: number };
  viewerEdge: { id: string; isFollowing: boolean; isMuting: boolean };
}

export interface SocialCollection {
  id: string;
  name: string;
  slug: string;
  description: string;
  avatarId: string | null;
  socialStats: { followerCount: number };
  viewerEdge: { id: string; isFollowing: boolean; isMuting: boolean };
}

export interface SocialTag {
  id: string;
  slug: string;
  displayTitle: string;
  postCount: number;
  followerCount: number;
  viewerEdge: { id: string; isFollowing: boolean };
}

export interface TopicLink {
  id: string;
  slug: string;
  displayTitle: string;
}

export interface FeedPageData {
  items: { post: PostPreview }[];
  pagingInfo: PagingInfo;
}

export interface HomeFeedPageData {
  homeFeed: FeedPageData;
  followSuggestions: { users: SocialUser[]; collections: SocialCollection[] };
  homeTopics: TopicLink[];
}

export interface HomeLoPageData {
  trendingPosts: PostPreview[];
  homeTopics: TopicLink[];
  homeFeed: FeedPageData;
}

export interface CustomizeSuggestionsData {
  viewer: { id: string } | null;
  followSuggestions: { users: SocialUser[]; collections: SocialCollection[] };
}
