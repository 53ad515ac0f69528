// The subscriber list of a newsletter its writer or editors run (issue 12 item 8; page
// import-mailing-list at /me/subscribers/import; docs/newsletters.md "Subscriber list"): who
// subscribes, since when, whether they came through an import, and the invitations still
// waiting. A newsletter id names a writer's newsletter by the writer's id, or a publication
// newsletter by its own id; anyone who does not run it gets null, as if it did not exist.
import type { RequestContext } from '../context/request-context.ts';
import { encodeCursor, pageRequest, type PagingOptions } from '../context/paging.ts';
import { isEditorOf } from '../publications/members.ts';
import { newsletterById } from './publication-newsletters.ts';

/** A newsletter the viewer runs: their own, or a publication's they edit. */
export interface ManagedNewsletter {
  /** The writer's user id for their own newsletter; the publication newsletter's id otherwise. */
  id: string;
  name: string;
  kind: 'WRITER' | 'PUBLICATION';
}

/** The newsletters the viewer runs (empty signed out). */
export async function managedNewsletters(ctx: RequestContext): Promise<ManagedNewsletter[]> {
  const viewer = ctx.viewer.user;
  if (!viewer) return [];
  const { results } = await ctx.db
    .prepare(
      `SELECT n.id AS id, n.name AS name FROM publication_newsletters n JOIN collection_members m ON m.collection_id = n.collection_id
       WHERE m.user_id = ? AND m.role <> 'WRITER' ORDER BY n.name`,
    )
    .bind(viewer.id)
    .all<{ id: string; name: string }>();
  return [{ id: viewer.id, name: `${viewer.name}'s newsletter`, kind: 'WRITER' }, ...results.map((r) => ({ ...r, kind: 'PUBLICATION' as const }))];
}

/** Whether the viewer runs the newsletter `id` names (their own, or a publication's they edit). */
export async function runsNewsletter(ctx: RequestContext, id: string): Promise<boolean> {
  if (!ctx.viewer.user) return false;
  if (id === ctx.viewer.user.id) return true;
  const newsletter = await newsletterById(ctx, id);
  return newsletter !== null && (await isEditorOf(ctx, newsletter.collectionId));
}

export interface NewsletterSubscriber {
  userId: string;
  name: string;
  username: string;
  email: string | null;
  subscribedAt: number;
  /** Subscribed by confirming an import's invitation. */
  imported: boolean;
}

export interface NewsletterSubscriberPage {
  newsletter: ManagedNewsletter;
  subscribers: NewsletterSubscriber[];
  pagingInfo: { next: { limit: number; to: string } | null };
  total: number;
  /** Invitations sent by imports and not confirmed yet. */
  pendingInvitations: number;
}

/** A newsletter's subscribers, newest first (no id: the viewer's own newsletter); null unless the viewer runs it. */
export async function newsletterSubscribers(ctx: RequestContext, newsletterId: string | null | undefined, paging: PagingOptions | null | undefined): Promise<NewsletterSubscriberPage | null> {
  const wanted = newsletterId ?? ctx.viewer.user?.id;
  const newsletter = (await managedNewsletters(ctx)).find((n) => n.id === wanted);
  if (!newsletter) return null;
  const request = pageRequest(paging);
  const table = newsletter.kind === 'WRITER' ? { name: 'newsletter_subscriptions', key: 'writer_id' } : { name: 'publication_newsletter_subscriptions', key: 'newsletter_id' };
  const after = request.after;
  const [page, totals] = await ctx.db.batch<Record<string, unknown>>([
    ctx.db
      .prepare(
        `SELECT u.id AS user_id, u.name, u.username, u.email, s.created_at,
           EXISTS (SELECT 1 FROM newsletter_invitations i WHERE i.newsletter_id = ?1 AND i.email = u.email AND i.confirmed_at IS NOT NULL) AS imported
         FROM ${table.name} s JOIN users u ON u.id = s.subscriber_id
         WHERE s.${table.key} = ?1 AND u.deleted_at IS NULL
           AND (?2 IS NULL OR s.created_at < ?2 OR (s.created_at = ?2 AND u.id < ?3))
         ORDER BY s.created_at DESC, u.id DESC LIMIT ?4`,
      )
      .bind(newsletter.id, after?.sortKey ?? null, after?.id ?? '', request.limit + 1),
    ctx.db
      .prepare(
        `SELECT (SELECT count(*) FROM ${table.name} s JOIN users u ON u.id = s.subscriber_id WHERE s.${table.key} = ?1 AND u.deleted_at IS NULL) AS total,
           (SELECT count(*) FROM newsletter_invitations WHERE newsletter_id = ?1 AND confirmed_at IS NULL) AS pending`,
      )
      .bind(newsletter.id),
  ]);
  const rows = page!.results as { user_id: string; name: string; username: string; email: string | null; created_at: number; imported: number }[];
  const shown = rows.slice(0, request.limit);
  const last = shown.at(-1);
  const counts = totals!.results[0] as { total: number; pending: number };
  return {
    newsletter,
    subscribers: shown.map((r) => ({ userId: r.user_id, name: r.name, username: r.username, email: r.email, subscribedAt: r.created_at, imported: r.imported === 1 })),
    pagingInfo: { next: rows.length > request.limit && last ? { limit: request.limit, to: encodeCursor({ sortKey: last.created_at, id: last.user_id }) } : null },
    total: counts.total,
    pendingInvitations: counts.pending,
  };
}
