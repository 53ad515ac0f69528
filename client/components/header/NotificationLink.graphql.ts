import { graphql, known } from '../../app/graphql.ts';

/**
 * The header's notification badge; only sent for a signed-in viewer
 * (docs/product/1-product-screens-membership-header-search.md §7).
 */
export const UnreadNotificationCount = known(graphql(`
  query UnreadNotificationCount {
    viewer {
      id
      notificationStatus {
        id
        unreadNotificationCount
      }
    }
  }
`));
