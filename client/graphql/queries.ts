// Every GraphQL document the client sends lives in this one module: the server render
// and the browser must build the same document objects, or urql computes different
// operation keys and the server's prefetched results are silently wasted.
import { gql } from 'urql';

export const PostPreviewFields = gql`
  fragment PostPreviewFields on Post {
    id
    title
    subtitle
    uniqueSlug
    visibility
    isLocked
    readingTime
    firstPublishedAt
    latestPublishedAt
    clapCount
    responsesCount
    previewImage {
      id
    }
    creator {
      id
      name
      username
      imageId
    }
    collection {
      id
      name
      slug
    }
  }
`;

export const HomePageQuery = gql`
  query HomePageQuery($paging: PagingOptions) {
    homeFeed(mode: LATEST, paging: $paging) {
      items {
        post {
          ...PostPreviewFields
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
  ${PostPreviewFields}
`;

export const UserProfilePageQuery = gql`
  query UserProfilePageQuery($username: String!, $paging: PagingOptions) {
    userResult(username: $username) {
      __typename
      ... on User {
        id
        name
        username
        bio
        imageId
        mediumMemberAt
        socialStats {
          followerCount
          followingCount
        }
        postsConnection(paging: $paging) {
          posts {
            ...PostPreviewFields
          }
          pagingInfo {
            next {
              limit
              to
            }
          }
        }
      }
      ... on NotFound {
        message
      }
      ... on AccountSuspended {
        message
      }
    }
  }
  ${PostPreviewFields}
`;

/** Four sample stories for the 404 page. */
export const NotFoundPageQuery = gql`
  query NotFoundPageQuery {
    homeFeed(mode: LATEST, paging: { limit: 4 }) {
      items {
        post {
          ...PostPreviewFields
        }
      }
    }
  }
  ${PostPreviewFields}
`;

/**
 * The avatar menu (spec 1 §2.6, §7): loaded in the browser when the menu is about to open,
 * never during the server render (the header must not change while it hydrates).
 */
export const AvatarMenuQuery = gql`
  query AvatarMenuQuery {
    viewer {
      id
      username
      name
      imageId
      hasSubdomain
      customDomainState {
        live {
          domain
        }
      }
      emailObfuscated
      membership {
        id
        tier
        memberSince
        isCancelled
        paymentFailedAt
        currentPeriodEndsAt
        paymentProvider
      }
      adminCollections {
        id
        name
        slug
        domain
        avatarId
      }
      linkedAccounts {
        id
        mastodon {
          id
          username
          domain
          url
        }
      }
      verifications {
        isBookAuthor
      }
      partnerProgramEnrollment {
        id
        status
      }
    }
  }
`;

/** The header's notification badge; only sent for a signed-in viewer (spec 1 §7). */
export const UnreadNotificationCount = gql`
  query UnreadNotificationCount {
    viewer {
      id
      notificationStatus {
        id
        unreadNotificationCount
      }
    }
  }
`;

// Sign-in and sign-up (client/components/signin/, the registration form).
export * from './auth.ts';
