// The documents of the notifications page (/me/notifications; issue 6 item 10), each defined
// once (docs/adr/0045-fragments-beside-components.md).
import { graphql, known } from '../app/graphql.ts';
import type { PagingInfo } from '../components/lists/catalog-paging.ts';
import type { UserPreview } from '../components/lists/CatalogCard.graphql.ts';
import { StoryAddress_post, UserAddress_user, type StoryAddress, type UserAddress } from '../components/links/addresses.graphql.ts';

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
          remoteActor {
            name
            handle
            url
          }
          fediverseResponseId
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
          note {
            id
            quote
          }
          noteReply {
            id
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

/** Answers NotificationStatus, so urql refetches the header's UnreadNotificationCount. */
export const MarkNotificationsAsRead = known(graphql(`
  mutation MarkNotificationsAsRead($before: Long) {
    markNotificationsAsRead(before: $before) {
      id
      unreadNotificationCount
    }
  }
`));

export type NotificationType = 'FOLLOW' | 'CLAP' | 'RESPONSE' | 'MENTION' | 'NEW_STORY' | 'SERIES_PART' | 'NOTE_FOR_WRITER' | 'NOTE_REPLY';

export interface NotificationPost extends StoryAddress {
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
  /** RESPONSE from the fediverse: the person who replied (actor is null; docs/adr/0215-notifications-from-fediverse-people.md). */
  remoteActor: { name: string; handle: string; url: string } | null;
  /** RESPONSE from the fediverse: the reply, anchored fediverse-response-{id} on the story. */
  fediverseResponseId: string | null;
  post: (NotificationPost & { inResponseToPost: NotificationPost | null }) | null;
  /** NOTE_FOR_WRITER, NOTE_REPLY: the note, while the viewer may see it. */
  note: { id: string; quote: string } | null;
  /** NOTE_REPLY: the answer it opens (/p/notereplies/{id}). */
  noteReply: { id: string } | null;
}

export interface NotificationsPageData {
  viewer: { id: string; notificationsConnection: { notifications: NotificationData[]; pagingInfo: PagingInfo } | null } | null;
}
