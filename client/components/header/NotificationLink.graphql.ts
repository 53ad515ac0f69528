import { graphql, known } from '../../graphql/graphql.ts';

/** The header's notification badge; only sent for a signed-in viewer (spec 1 §7). */
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
