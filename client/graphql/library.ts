// GraphQL documents of the library: lists (catalogs), reading history, notifications and
// the trash (issue 6 items 8, 9, 10, 12), with the shapes the pages read. Each document
// is defined once, here: the server render and the browser must use the same objects
// (docs/adr/0006-graphql-documents.md).
import { graphql, known } from '../app/graphql.ts';
import type { PagingInfo, PostPreview, UserPreview } from './types.ts';
import { StoryCard_post } from '../components/StoryCard.graphql.ts';
import { CatalogResponses_catalog, type CatalogResponsesData } from '../components/lists/CatalogResponses.graphql.ts';
import { StoryAddress_post, UserAddress_user, type StoryAddress, type UserAddress } from '../components/links/addresses.graphql.ts';

export const CatalogFields = known(graphql(`
  fragment CatalogFields on Catalog {
    id
    name
    description
    type
    predefined
    visibility
    slugId
    postItemsCount
    updatedAt
    creator {
      ...UserAddress_user
      id
      name
      username
      imageId
    }
    viewerEdge {
      id
      isFollowing
      isCreator
    }
  }
`, [UserAddress_user]));

// ---- Pages -----------------------------------------------------------------------------

/** your-catalogs (/me/lists). */
export const YourCatalogsPageQuery = known(graphql(`
  query YourCatalogsPageQuery($paging: PagingOptions) {
    viewer {
      id
      catalogsConnection(paging: $paging) {
        catalogs {
          ...CatalogFields
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
    }
  }
`, [CatalogFields]));

/** your-followed-catalogs (/me/lists/saved). */
export const YourFollowedCatalogsPageQuery = known(graphql(`
  query YourFollowedCatalogsPageQuery($paging: PagingOptions) {
    viewer {
      id
      followedCatalogsConnection(paging: $paging) {
        catalogs {
          ...CatalogFields
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
    }
  }
`, [CatalogFields]));

/** your-catalog (/me/list/{catalogSlugId}). */
export const YourCatalogPageQuery = known(graphql(`
  query YourCatalogPageQuery($catalogSlugId: String!, $paging: PagingOptions, $withResponses: Boolean = false) {
    viewer {
      id
    }
    catalogBySlugId(catalogSlugId: $catalogSlugId) {
      ...CatalogFields
      # The page's first render shows the list's responses; "Show more" pages only stories.
      ...CatalogResponses_catalog @include(if: $withResponses)
      itemsConnection(paging: $paging) {
        items {
          catalogItemId
          note
          createdAt
          post {
            ...StoryCard_post
          }
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
    }
  }
`, [CatalogFields, CatalogResponses_catalog, StoryCard_post]));

/** your-reading-history and customize-reading-history. */
export const ReadingHistoryPageQuery = known(graphql(`
  query ReadingHistoryPageQuery($paging: PagingOptions) {
    viewer {
      id
      readingHistoryConnection(paging: $paging) {
        items {
          id
          readAt
          post {
            ...StoryCard_post
            viewerEdge {
              id
              isBookmarked
            }
          }
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
    }
  }
`, [StoryCard_post]));

/** notifications (/me/notifications). */
export const NotificationsPageQuery = known(graphql(`
  query NotificationsPageQuery($paging: PagingOptions) {
    viewer {
      id
      notificationsConnection(paging: $paging) {
        notifications {
          id
          notificationType
          isUnread
          createdAt
          actor {
            ...UserAddress_user
            id
            name
            username
            imageId
          }
          post {
            ...StoryAddress_post
            id
            title
            type
            inResponseToPost {
              ...StoryAddress_post
              id
              title
              type
            }
          }
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
    }
  }
`, [UserAddress_user, StoryAddress_post]));

/** your-stories (/me/stories/{filterBy}): the published stories and the trash. */
export const YourStoriesPageQuery = known(graphql(`
  query YourStoriesPageQuery($paging: PagingOptions, $filter: YourStoriesFilter!, $deleted: Boolean!) {
    viewer {
      id
      username
      yourStoriesConnection(filter: $filter, paging: $paging) @skip(if: $deleted) {
        posts {
          id
          title
          updatedAt
          firstPublishedAt
          readingTime
          isPublished
          visibility
          mediumUrl
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
      trashedPostsConnection(paging: $paging) @include(if: $deleted) {
        items {
          id
          deletedAt
          purgeAt
          post {
            ...StoryCard_post
          }
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
    }
  }
`, [StoryCard_post]));

/** The save-to-list popover: the viewer's lists, and which hold the story. */
export const SaveToListPopoverQuery = known(graphql(`
  query SaveToListPopoverQuery($postId: ID!) {
    viewer {
      id
      catalogsConnection(paging: { limit: 50 }) {
        catalogs {
          id
          name
          predefined
          visibility
          hasPost(postId: $postId)
        }
      }
    }
  }
`));

// ---- Mutations -------------------------------------------------------------------------

/** A catalog mutation answers the list, or the union member that says why not. */
export const CatalogResultFields = known(graphql(`
  fragment CatalogResultFields on CatalogResult {
    __typename
    ... on Catalog {
      ...CatalogFields
    }
    ... on BadRequest {
      message
    }
    ... on NotFound {
      message
    }
    ... on Forbidden {
      message
    }
  }
`, [CatalogFields]));

export const CreateCatalog = known(graphql(`
  mutation CreateCatalog($input: CreateCatalogInput!) {
    createCatalog(input: $input) {
      ...CatalogResultFields
    }
  }
`, [CatalogResultFields]));

export const UpdateCatalog = known(graphql(`
  mutation UpdateCatalog($catalogId: ID!, $input: UpdateCatalogInput!) {
    updateCatalog(catalogId: $catalogId, input: $input) {
      ...CatalogResultFields
    }
  }
`, [CatalogResultFields]));

export const DeleteCatalog = known(graphql(`
  mutation DeleteCatalog($catalogId: ID!) {
    deleteCatalog(catalogId: $catalogId) {
      __typename
      ... on DeleteCatalogSuccess {
        catalogId
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
      ... on Forbidden {
        message
      }
    }
  }
`));

export const AddToCatalog = known(graphql(`
  mutation AddToCatalog($catalogId: ID!, $postId: ID!) {
    addToCatalog(catalogId: $catalogId, postId: $postId) {
      ...CatalogResultFields
    }
  }
`, [CatalogResultFields]));

export const RemoveFromCatalog = known(graphql(`
  mutation RemoveFromCatalog($catalogId: ID!, $postId: ID!) {
    removeFromCatalog(catalogId: $catalogId, postId: $postId) {
      ...CatalogResultFields
    }
  }
`, [CatalogResultFields]));

export const FollowCatalog = known(graphql(`
  mutation FollowCatalog($catalogId: ID!) {
    followCatalog(catalogId: $catalogId) {
      ...CatalogResultFields
    }
  }
`, [CatalogResultFields]));

export const UnfollowCatalog = known(graphql(`
  mutation UnfollowCatalog($catalogId: ID!) {
    unfollowCatalog(catalogId: $catalogId) {
      ...CatalogResultFields
    }
  }
`, [CatalogResultFields]));

export const MarkPostAsRead = known(graphql(`
  mutation MarkPostAsRead($postId: ID!) {
    markPostAsRead(postId: $postId)
  }
`));

export const RemoveFromReadingHistory = known(graphql(`
  mutation RemoveFromReadingHistory($postId: ID!) {
    removeFromReadingHistory(postId: $postId) {
      removedCount
    }
  }
`));

export const ClearReadingHistory = known(graphql(`
  mutation ClearReadingHistory {
    clearReadingHistory {
      removedCount
    }
  }
`));

/** Answers NotificationStatus, so urql refetches the header's UnreadNotificationCount. */
export const MarkNotificationsAsRead = known(graphql(`
  mutation MarkNotificationsAsRead($before: Long) {
    markNotificationsAsRead(before: $before) {
      id
      unreadNotificationCount
    }
  }
`));

export const DeletePost = known(graphql(`
  mutation DeletePost($targetPostId: ID!) {
    deletePost(targetPostId: $targetPostId) {
      __typename
      ... on TrashedPost {
        id
        deletedAt
        purgeAt
      }
      ... on NotFound {
        message
      }
    }
  }
`));

export const UndeletePostMutation = known(graphql(`
  mutation UndeletePostMutation($targetPostId: ID!) {
    undeletePost(targetPostId: $targetPostId) {
      __typename
      ... on Post {
        id
        title
        type
      }
      ... on NotFound {
        message
      }
    }
  }
`));

// ---- Shapes ----------------------------------------------------------------------------

export type CatalogVisibility = 'PUBLIC' | 'PRIVATE' | 'LOCKED';

export interface CatalogSummary {
  id: string;
  name: string;
  description: string;
  type: string;
  predefined: 'READING_LIST' | 'CURRENTLY_READING' | 'PURCHASED' | null;
  visibility: CatalogVisibility;
  slugId: string;
  postItemsCount: number;
  updatedAt: number;
  creator: UserPreview & UserAddress;
  viewerEdge: { id: string; isFollowing: boolean; isCreator: boolean };
}

export interface CatalogPageData {
  catalogs: CatalogSummary[];
  pagingInfo: PagingInfo;
}

export interface YourCatalogsPageData {
  viewer: { id: string; catalogsConnection: CatalogPageData } | null;
}

export interface YourFollowedCatalogsPageData {
  viewer: { id: string; followedCatalogsConnection: CatalogPageData | null } | null;
}

export interface CatalogItemData {
  catalogItemId: string;
  note: string;
  createdAt: number;
  post: PostPreview;
}

export interface YourCatalogPageData {
  viewer: { id: string } | null;
  catalogBySlugId:
    | (CatalogSummary & { itemsConnection: { items: CatalogItemData[]; pagingInfo: PagingInfo } } & Partial<CatalogResponsesData>)
    | null;
}

export interface ReadingHistoryItemData {
  id: string;
  readAt: number;
  post: PostPreview & { viewerEdge: { id: string; isBookmarked: boolean } };
}

export interface ReadingHistoryPageData {
  viewer: { id: string; readingHistoryConnection: { items: ReadingHistoryItemData[]; pagingInfo: PagingInfo } | null } | null;
}

export type NotificationType = 'FOLLOW' | 'CLAP' | 'RESPONSE' | 'MENTION' | 'NEW_STORY';

interface NotificationPost extends StoryAddress {
  title: string;
  /** "response" names a response (it has no title) in the text. */
  type: string;
}

export interface NotificationData {
  id: string;
  notificationType: NotificationType;
  isUnread: boolean;
  createdAt: number;
  actor: (UserPreview & UserAddress) | null;
  post: (NotificationPost & { inResponseToPost: NotificationPost | null }) | null;
}

export interface NotificationsPageData {
  viewer: { id: string; notificationsConnection: { notifications: NotificationData[]; pagingInfo: PagingInfo } | null } | null;
}

export interface TrashedPostData {
  id: string;
  deletedAt: number;
  purgeAt: number;
  post: PostPreview;
}

/** A story of the writer's own lists (drafts, published, unlisted, responses). */
export interface YourStoryData {
  id: string;
  title: string;
  updatedAt: number;
  firstPublishedAt: number | null;
  readingTime: number;
  isPublished: boolean;
  visibility: 'PUBLIC' | 'UNLISTED' | 'LOCKED';
  mediumUrl: string;
}

export interface YourStoriesPageData {
  viewer: {
    id: string;
    username: string;
    /** Absent on the deleted view (@skip). */
    yourStoriesConnection?: { posts: YourStoryData[]; pagingInfo: PagingInfo } | null;
    /** Present on the deleted view only (@include). */
    trashedPostsConnection?: { items: TrashedPostData[]; pagingInfo: PagingInfo } | null;
  } | null;
}

export interface SaveToListCatalog {
  id: string;
  name: string;
  predefined: CatalogSummary['predefined'];
  visibility: CatalogVisibility;
  hasPost: boolean;
}

export interface SaveToListPopoverData {
  viewer: { id: string; catalogsConnection: { catalogs: SaveToListCatalog[] } } | null;
}

/** A catalog mutation's answer: the list, or the union member that says why not. */
export type CatalogMutationResult = (CatalogSummary & { __typename: 'Catalog' }) | { __typename: 'BadRequest' | 'NotFound' | 'Forbidden'; message: string };
