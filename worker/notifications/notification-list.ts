// The viewer's notifications (page notifications, issue 6 item 9): who followed them, clapped
// for or responded to their stories, or mentioned them, and new stories by writers they follow
// (./new-story.ts); newest first, unread ones marked. Writes that cause them record them
// through ./notify.ts.
//
// Marking read: opening the notifications page marks everything the page showed as read
// (markNotificationsAsRead with the time the list was loaded), as the product this follows
// does; the page still draws the ones that were unread when it loaded as unread, and the
// header's unread count drops to zero.
import { and, count, desc, eq, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import { notifications, users } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { orm } from '../db/orm.ts';
import { badRequest, signInRequired } from '../context/errors.ts';
import { pageOf, pageRequest, type Page, type PagingOptions } from '../context/paging.ts';
import { isViewer, viewerId } from '../context/viewer-checks.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** The user's notifications, newest first: the viewer's own only (null for anyone else). */
export async function notificationsPage(ctx: RequestContext, userId: string, paging: PagingOptions | null | undefined): Promise<Page<NotificationRow> | null> {
  if (!isViewer(ctx, userId)) return null;
  const request = pageRequest(paging);
  // Notifications from accounts that are gone or suspended are left out (their profile
  // cannot be shown); ones without an actor (system notices) are kept.
  const conditions: SQL[] = [
    eq(notifications.userId, userId),
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
    items: page.items.map(({ notification, actor }) => {
      if (actor) ctx.loaders.userById.prime(actor.id, actor);
      return notification;
    }),
    pagingInfo: page.pagingInfo,
  };
}

/** How many of the user's notifications are unread (the header's badge). */
export async function unreadNotificationCount(ctx: RequestContext, userId: string): Promise<number> {
  const [row] = await orm(ctx.db)
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/**
 * Marks the viewer's notifications read: those created up to `before` (ms; default now), so
 * one that arrived after the page loaded stays unread. Answers the viewer's id.
 */
export async function markNotificationsAsRead(ctx: RequestContext, before: number | null | undefined): Promise<string> {
  const viewer = viewerId(ctx);
  if (!viewer) throw signInRequired('see your notifications');
  const upTo = before ?? ctx.now;
  if (!Number.isFinite(upTo) || upTo < 0) throw badRequest('before must be a time in milliseconds.');
  await orm(ctx.db)
    .update(notifications)
    .set({ readAt: ctx.now })
    .where(and(eq(notifications.userId, viewer), isNull(notifications.readAt), lte(notifications.createdAt, upTo)));
  return viewer;
}
