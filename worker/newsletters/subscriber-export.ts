// The subscribers of a newsletter the signed-in viewer runs, for its export
// (docs/newsletters.md "Subscriber export"): the writer's own newsletter (named by their user
// id), or a publication newsletter, which only that publication's editors may export. Anyone
// else gets nothing, as if it did not exist.
import type { RequestContext } from '../context/request-context.ts';
import { isEditorOf } from '../publications/members.ts';
import { newsletterById } from './publication-newsletters.ts';
import { csvDocument } from '../lib/csv.ts';

/** Subscribers per export: a bounded query per request (larger lists: the queue work of issue 17). */
export const SUBSCRIBER_EXPORT_CAP = 50_000;

export interface ExportedSubscriber {
  email: string | null;
  name: string;
  username: string;
  /** When they subscribed (ms). */
  subscribedAt: number;
}

export interface SubscriberExport {
  /** The file's name: {username}-subscribers.csv or {newsletterSlug}-subscribers.csv. */
  filename: string;
  /** First subscribed first. */
  subscribers: ExportedSubscriber[];
}

/** The newsletter's subscribers when the viewer runs it, else null. */
export async function subscriberExport(ctx: RequestContext, newsletterId: string): Promise<SubscriberExport | null> {
  const user = ctx.viewer.user;
  if (!user) return null;
  let sql: string;
  let filename: string;
  if (newsletterId === user.id) {
    sql = `SELECT u.email AS email, u.name AS name, u.username AS username, s.created_at AS created_at
           FROM newsletter_subscriptions s JOIN users u ON u.id = s.subscriber_id
           WHERE s.writer_id = ? AND u.deleted_at IS NULL ORDER BY s.created_at, u.id LIMIT ?`;
    filename = `${user.username}-subscribers.csv`;
  } else {
    const newsletter = await newsletterById(ctx, newsletterId);
    if (!newsletter || !(await isEditorOf(ctx, newsletter.collectionId))) return null;
    sql = `SELECT u.email AS email, u.name AS name, u.username AS username, s.created_at AS created_at
           FROM publication_newsletter_subscriptions s JOIN users u ON u.id = s.subscriber_id
           WHERE s.newsletter_id = ? AND u.deleted_at IS NULL ORDER BY s.created_at, u.id LIMIT ?`;
    filename = `${newsletter.slug}-subscribers.csv`;
  }
  const { results } = await ctx.db
    .prepare(sql)
    .bind(newsletterId, SUBSCRIBER_EXPORT_CAP)
    .all<{ email: string | null; name: string; username: string; created_at: number }>();
  return { filename, subscribers: (results ?? []).map((r) => ({ email: r.email, name: r.name, username: r.username, subscribedAt: r.created_at })) };
}

/** The export as CSV: email, name, username, subscribed_at (ISO 8601, UTC); cells formula-escaped (worker/lib/csv.ts). */
export function subscriberCsv(exported: SubscriberExport): string {
  const rows = exported.subscribers.map((r) => [r.email ?? '', r.name, r.username, new Date(r.subscribedAt).toISOString()]);
  return csvDocument([['email', 'name', 'username', 'subscribed_at'], ...rows]);
}
