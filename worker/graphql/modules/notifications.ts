// Notifications (page notifications, issue 6 item 9): who followed the viewer, clapped for
// or responded to their stories, or mentioned them, and new stories by writers they follow
// (worker/notifications/new-story.ts); newest first, unread ones marked.
// Writes that cause them record them through worker/notifications/notify.ts.
//
// Marking read: opening the notifications page marks everything the page showed as read
// (markNotificationsAsRead with the time the list was loaded), as the product this follows
// does; the page still draws the ones that were unread when it loaded as unread, and the
// header's UnreadNotificationCount (NotificationStatus, viewer-menu.ts) drops to zero: the
// mutation answers the viewer's NotificationStatus, so urql refetches the badge.
import { and, desc, eq, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import { GraphQLError } from 'graphql';
import { notifications, users, type UserRow } from '../../db/schema.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { orm } from '../../db/orm.ts';
import { pageOf, pageRequest, type PagingOptions } from '../../context/paging.ts';
import { visiblePost } from '../../stories/story-access.ts';
import { isViewer, viewerId } from '../../context/viewer-checks.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  enum NotificationType {
    "The actor followed the viewer."
    FOLLOW
    "The actor clapped for the viewer's story (post)."
    CLAP
    "The actor responded (post is the response) to the viewer's story."
    RESPONSE
    "The actor mentioned the viewer in a story (post)."
    MENTION
    "The actor, whom the viewer follows (or who published in a publication the viewer follows), published a new story (post)."
    NEW_STORY
  }

  type Notification {
    id: ID!
    notificationType: NotificationType!
    actor: User
    "The story it is about; null for FOLLOW or when the story is no longer visible."
    post: Post
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

type NotificationRow = typeof notifications.$inferSelect;

async function notificationsPage(ctx: RequestContext, user: UserRow, paging: PagingOptions | null | undefined) {
  if (!isViewer(ctx, user.id)) return null;
  const request = pageRequest(paging);
  // Notifications from accounts that are gone or suspended are left out (their profile
  // cannot be shown); ones without an actor (system notices) are kept.
  const conditions: SQL[] = [
    eq(notifications.userId, user.id),
    or(isNull(notifications.actorId), and(isNull(users.deletedAt), eq(users.isSuspended, false)))!,
  ];
  if (request.after) {
    const { sortKey, id } = request.after;
    conditions.push(or(lt(notifications.createdAt, sortKey), and(eq(notifications.createdAt, sortKey), lt(notifications.id, id)))!);
  }
  const rows = await orm(ctx.db)
    .select({ notification: notifications, actor: users })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(request.limit + 1);
  const page = pageOf(rows, request, (row) => ({ sortKey: row.notification.createdAt, id: row.notification.id }));
  return {
    notifications: page.items.map(({ notification, actor }) => {
      if (actor) ctx.loaders.userById.prime(actor.id, actor);
      return notification;
    }),
    pagingInfo: page.pagingInfo,
  };
}

export const notificationsModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Notification: {
      notificationType: (row: NotificationRow) => row.type,
      actor: (row: NotificationRow, _args: unknown, ctx: RequestContext) => (row.actorId ? ctx.loaders.userById.load(row.actorId) : null),
      post: (row: NotificationRow, _args: unknown, ctx: RequestContext) => (row.postId ? visiblePost(ctx, row.postId) : null),
      isUnread: (row: NotificationRow) => row.readAt === null,
    },
    User: {
      notificationsConnection: (user: UserRow, args: { paging?: PagingOptions | null }, ctx: RequestContext) => notificationsPage(ctx, user, args.paging),
    },
    Mutation: {
      markNotificationsAsRead: async (_root: unknown, args: { before?: number | null }, ctx: RequestContext) => {
        const viewer = viewerId(ctx);
        if (!viewer) throw new GraphQLError('Sign in to see your notifications.', { extensions: { code: 'UNAUTHENTICATED' } });
        const before = args.before ?? ctx.now;
        if (!Number.isFinite(before) || before < 0) throw new GraphQLError('before must be a time in milliseconds.', { extensions: { code: 'BAD_REQUEST' } });
        await orm(ctx.db)
          .update(notifications)
          .set({ readAt: ctx.now })
          .where(and(eq(notifications.userId, viewer), isNull(notifications.readAt), lte(notifications.createdAt, before)));
        return { id: viewer };
      },
    },
  },
};
