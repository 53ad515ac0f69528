// Notifications (page notifications, issue 6 item 9): who followed the viewer, clapped for
// or responded to their stories, or mentioned them, and new stories by writers they follow
// (worker/notifications/new-story.ts); newest first, unread ones marked.
// Writes that cause them record them through worker/notifications/notify.ts; the list, the
// unread count and marking read are worker/notifications/notification-list.ts's.
//
// Marking read: opening the notifications page marks everything the page showed as read
// (markNotificationsAsRead with the time the list was loaded), as the product this follows
// does; the page still draws the ones that were unread when it loaded as unread, and the
// header's UnreadNotificationCount (NotificationStatus, viewer-menu.ts) drops to zero: the
// mutation answers the viewer's NotificationStatus, so urql refetches the badge.
import type { RequestContext } from '../../context/request-context.ts';
import type { PagingOptions } from '../../context/paging.ts';
import { visibleStory } from '../../stories/story-access.ts';
import { markNotificationsAsRead, notificationsPage, type NotificationRow } from '../../notifications/notification-list.ts';
import { highlightById } from '../../highlights/highlights.ts';
import { noteReplyById } from '../../highlights/note-replies.ts';
import { remoteAuthorOf } from '../../responses/fediverse-responses.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  enum NotificationType {
    "The actor followed the viewer."
    FOLLOW
    "The actor clapped for the viewer's story (post)."
    CLAP
    "The actor responded (post is the response) to the viewer's story; or, from the fediverse, remoteActor replied (post is the story, fediverseResponseId the reply)."
    RESPONSE
    "The actor mentioned the viewer in a story (post)."
    MENTION
    "The actor, whom the viewer follows (or who published in a publication the viewer follows), published a new story (post)."
    NEW_STORY
    "The actor published a new part (post) of a series the viewer follows."
    SERIES_PART
    "A reader (actor) left a note for the viewer on the viewer's story (post); note is the note."
    NOTE_FOR_WRITER
    "The actor answered a note for the writer the viewer is part of (post, note); noteReply opens /p/notereplies/{id}."
    NOTE_REPLY
  }

  type Notification {
    id: ID!
    notificationType: NotificationType!
    actor: User
    "RESPONSE from the fediverse: the person on another server who replied (actor is null)."
    remoteActor: RemoteAuthor
    "RESPONSE from the fediverse: the reply, shown under post (its anchor: fediverse-response-{id})."
    fediverseResponseId: ID
    "The story it is about; null for FOLLOW or when the story is no longer visible."
    post: Post
    "NOTE_FOR_WRITER, NOTE_REPLY: the note, while the viewer may see it."
    note: Highlight
    "NOTE_REPLY: the answer, while the viewer may see it."
    noteReply: NoteReply
    createdAt: Long!
    isUnread: Boolean!
  }

  type NotificationConnection {
    notifications: [Notification!]!
    pagingInfo: PagingInfo!
  }

  type User {
    "Viewer only. The viewer's notifications, newest first."
    notificationsConnection(paging: PagingOptions): NotificationConnection
  }

  type Mutation {
    """
    Marks the viewer's notifications read: those created up to 'before' (ms; default now),
    so one that arrived after the page loaded stays unread. Answers the new unread count.
    """
    markNotificationsAsRead(before: Long): NotificationStatus!
  }
`;

export const notificationsModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Notification: {
      notificationType: (row: NotificationRow) => row.type,
      actor: (row: NotificationRow, _args: unknown, ctx: RequestContext) => (row.actorId ? ctx.loaders.userById.load(row.actorId) : null),
      post: (row: NotificationRow, _args: unknown, ctx: RequestContext) => (row.postId ? visibleStory(ctx, row.postId) : null),
      isUnread: (row: NotificationRow) => row.readAt === null,
      remoteActor: async (row: NotificationRow, _args: unknown, ctx: RequestContext) => {
        const author = row.remoteActorUri ? await remoteAuthorOf(ctx, row.remoteActorUri) : null;
        return author && { id: author.actorUri, name: author.name, handle: author.handle, url: author.profileUrl };
      },
      fediverseResponseId: (row: NotificationRow) => row.fediverseResponseId,
      note: (row: NotificationRow, _args: unknown, ctx: RequestContext) => (row.noteId ? highlightById(ctx, row.noteId) : null),
      noteReply: async (row: NotificationRow, _args: unknown, ctx: RequestContext) => (row.noteReplyId && ctx.viewer.user ? ((await noteReplyById(ctx, row.noteReplyId))?.reply ?? null) : null),
    },
    User: {
      notificationsConnection: async (user: { id: string }, args: { paging?: PagingOptions | null }, ctx: RequestContext) => {
        const page = await notificationsPage(ctx, user.id, args.paging);
        return page && { notifications: page.items, pagingInfo: page.pagingInfo };
      },
    },
    Mutation: {
      markNotificationsAsRead: async (_root: unknown, args: { before?: number | null }, ctx: RequestContext) => ({ id: await markNotificationsAsRead(ctx, args.before) }),
    },
  },
};
