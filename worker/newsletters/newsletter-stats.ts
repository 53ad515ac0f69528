// A publication newsletter's stats (page publication-digest-stats at
// /{collectionSlug}/stats/publication-digests; docs/newsletters.md "Newsletter stats"): its
// subscribers now, who joined and who left over the last days, and every story it emailed
// with how many the email went to. Editors only: the resolver checks before calling this.
import type { PublicationNewsletterRow } from '../db/schema.ts';

/** The window the joined and left counts cover. */
export const NEWSLETTER_STATS_DAYS = 30;
/** The sends listed, newest first. */
export const NEWSLETTER_STATS_MAX_SENDS = 100;

const DAY_MS = 86_400_000;

export interface NewsletterSend {
  postId: string;
  title: string;
  sentAt: number;
  /** Everyone the story's one email went to: the publication's subscribers and its writer's. */
  recipientCount: number;
}

export interface PublicationDigestStats {
  days: number;
  subscriberCount: number;
  subscribersGained: number;
  /** Left this newsletter by name; a reader leaving every newsletter at once is not told apart. */
  unsubscribed: number;
  sends: NewsletterSend[];
}

export async function readNewsletterStats(db: D1Database, newsletter: PublicationNewsletterRow, now: number): Promise<PublicationDigestStats> {
  const since = now - NEWSLETTER_STATS_DAYS * DAY_MS;
  const [counts, sends] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT
           (SELECT count(*) FROM publication_newsletter_subscriptions WHERE newsletter_id = ?1) AS subscriberCount,
           (SELECT count(*) FROM publication_newsletter_subscriptions WHERE newsletter_id = ?1 AND created_at >= ?2) AS subscribersGained,
           (SELECT count(*) FROM newsletter_unsubscribes WHERE newsletter_id = ?1 AND created_at >= ?2) AS unsubscribed`,
      )
      .bind(newsletter.id, since),
    // The stories the publication emailed since its newsletter exists (what its issues are).
    db
      .prepare(
        `SELECT p.id AS postId, p.title AS title, s.sent_at AS sentAt, s.recipient_count AS recipientCount
         FROM newsletter_sends s JOIN posts p ON p.id = s.post_id
         WHERE p.collection_id = ? AND s.sent_at >= ? AND p.deleted_at IS NULL
         ORDER BY s.sent_at DESC, p.id DESC LIMIT ?`,
      )
      .bind(newsletter.collectionId, newsletter.createdAt, NEWSLETTER_STATS_MAX_SENDS),
  ]);
  const totals = (counts!.results[0] ?? {}) as { subscriberCount?: number; subscribersGained?: number; unsubscribed?: number };
  return {
    days: NEWSLETTER_STATS_DAYS,
    subscriberCount: totals.subscriberCount ?? 0,
    subscribersGained: totals.subscribersGained ?? 0,
    unsubscribed: totals.unsubscribed ?? 0,
    sends: (sends!.results ?? []) as unknown as NewsletterSend[],
  };
}
