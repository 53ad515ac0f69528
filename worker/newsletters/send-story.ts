// Emailing a newly published story to its writer's newsletter subscribers, and, when an editor
// publishes it into a publication that has a newsletter, to that newsletter's subscribers too
// (docs/newsletters.md). One entry point for both: a reader subscribed to both gets one email.
//
// Once per story: newsletter_sends is claimed (INSERT OR IGNORE on the story's id) before any
// mail is queued, so a republish, a retried request or two racing requests never send twice.
//
// On the fan-out queue (docs/adr/0090-one-fan-out-queue.md): the publish request only claims the send and
// queues one newsletter.page message; each page message reads the next NEWSLETTER_PAGE_SIZE
// subscribers (in subscriber order, through the writer's index) and queues one
// newsletter.email message per subscriber plus the next page. Each email message claims the
// idempotency key newsletter:{story}:{subscriber} before sending, so a retried batch never
// mails anyone twice; a failed delivery is retried by the queue, then dead-lettered. The story
// an email carries is read, as a signed-out reader reads it, by the job that sends it
// (worker/jobs/newsletter-send.ts), which hands it here as plain data.
import type { Env } from '../env.ts';
import { mainOrigin } from '../env.ts';
import type { ChangeSink } from '../context/changes.ts';
import { createRequestContext } from '../context/request-context.ts';
import { mailerFor } from '../mail/mailer.ts';
import { oncePerKey } from '../queues/idempotency.ts';
import type { BatchMemo, NewsletterEmailMessage, NewsletterPageMessage } from '../queues/messages.ts';
import { enqueue } from '../queues/producer.ts';
import { LOGGED_OUT } from '../session/viewer.ts';
import { visibleStory } from '../stories/story-access.ts';
import { emailSettingsHash } from './signing.ts';
import { storyEmail, type EmailedStory } from './story-email.ts';

/** Subscribers one newsletter.page message reads (and queues emails for). */
export const NEWSLETTER_PAGE_SIZE = 500;

export interface NewsletterSendOutcome {
  /** False when the story had already been sent (or cannot be read publicly). */
  sent: boolean;
  /** True when the emails were queued (they go out after the request: recipients and failures are then 0). */
  queued: boolean;
  recipients: number;
  failures: number;
}

/** The signed links of one recipient's email; `newsletterId` is a writer's id or a publication newsletter's id. */
export async function emailUrls(env: Env, subscriberId: string, newsletterId: string): Promise<{ emailSettingsUrl: string; oneClickUnsubscribeUrl: string }> {
  const origin = mainOrigin(env);
  const hash = await emailSettingsHash(env, subscriberId);
  return {
    emailSettingsUrl: `${origin}/me/email-settings/${subscriberId}/${hash}`,
    oneClickUnsubscribeUrl: `${origin}/_/newsletters/unsubscribe/${subscriberId}/${newsletterId}/${hash}`,
  };
}

/** A signed-out read records nothing: a change recorded through this sink is a mistake. */
const READ_ONLY: ChangeSink = {
  record: () => Promise.reject(new Error('A newsletter reads a story as a signed-out reader: it records no change.')),
};

/** Whether a signed-out reader may read the story (the one visibility rule, worker/stories/story-access.ts): a newsletter sends only such a story. */
async function readableSignedOut(env: Env, postId: string, now: number): Promise<boolean> {
  const reader = createRequestContext({ db: env.DB, env, viewer: LOGGED_OUT, now, changes: READ_ONLY });
  return (await visibleStory(reader, postId)) !== null;
}

/** Readers a writer's newsletter may reach: with an email, not deleted or suspended, not the writer, neither side blocking (?1: the writer). */
const REACHABLE = `u.email IS NOT NULL AND u.deleted_at IS NULL AND u.is_suspended = 0 AND u.id <> ?1
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ?1 AND b.blocked_id = u.id) OR (b.blocker_id = u.id AND b.blocked_id = ?1))`;

/** The writer's subscribers (?1: the writer), through the writer's index. */
const WRITER_SUBSCRIBERS = `SELECT u.id AS id, u.email AS email FROM newsletter_subscriptions s JOIN users u ON u.id = s.subscriber_id
  WHERE s.writer_id = ?1 AND ${REACHABLE}`;

/**
 * A publication newsletter's subscribers (?1: the writer, ?2: the newsletter) who are not also the
 * writer's: those were reached through the writer's newsletter, so nobody gets the story twice.
 */
const PUBLICATION_SUBSCRIBERS = `SELECT u.id AS id, u.email AS email FROM publication_newsletter_subscriptions s JOIN users u ON u.id = s.subscriber_id
  WHERE s.newsletter_id = ?2 AND ${REACHABLE}
    AND NOT EXISTS (SELECT 1 FROM newsletter_subscriptions w WHERE w.writer_id = ?1 AND w.subscriber_id = u.id)`;

export interface StoryToSend {
  postId: string;
  writerId: string;
  writerName: string;
  /** The publication the story was published into by an editor: its newsletter's subscribers are mailed too. */
  collectionId?: string | null;
}

/**
 * The newsletter entry point (publishing calls it, for a writer's and a publication's
 * newsletter alike): claims the story's send and queues it. Answers at once; the emails go out
 * from the queue.
 */
export async function sendStoryToSubscribers(env: Env, story: StoryToSend, now = Date.now()): Promise<NewsletterSendOutcome> {
  if (!(await readableSignedOut(env, story.postId, now))) return { sent: false, queued: false, recipients: 0, failures: 0 };
  const claimed = await env.DB.prepare('INSERT OR IGNORE INTO newsletter_sends (post_id, sent_at, recipient_count) VALUES (?, ?, 0)').bind(story.postId, now).run();
  if ((claimed.meta.changes ?? 0) === 0) return { sent: false, queued: false, recipients: 0, failures: 0 };
  const { postId, writerId, writerName, collectionId = null } = story;
  await enqueue(env, [{ kind: 'newsletter.page', postId, writerId, writerName, collectionId, audience: 'writer', after: '' }]);
  return { sent: true, queued: true, recipients: 0, failures: 0 };
}

async function publicationNewsletterId(env: Env, collectionId: string | null | undefined): Promise<string | null> {
  if (!collectionId) return null;
  return (await env.DB.prepare('SELECT id FROM publication_newsletters WHERE collection_id = ?').bind(collectionId).first<{ id: string }>())?.id ?? null;
}

/**
 * One page of subscribers: an email message each, and the next page. The writer's subscribers
 * come first; then, for a story published into a publication with a newsletter, that
 * newsletter's subscribers who are not the writer's.
 */
export async function sendNewsletterPage(env: Env, page: NewsletterPageMessage): Promise<void> {
  const { postId, writerId, writerName } = page;
  const audience = page.audience ?? 'writer';
  const newsletterId = audience === 'publication' ? await publicationNewsletterId(env, page.collectionId) : null;
  if (audience === 'publication' && !newsletterId) return;
  const { results } = await env.DB.prepare(`${audience === 'writer' ? WRITER_SUBSCRIBERS : PUBLICATION_SUBSCRIBERS} AND s.subscriber_id > ?3 ORDER BY s.subscriber_id LIMIT ?4`)
    .bind(writerId, newsletterId, page.after, NEWSLETTER_PAGE_SIZE)
    .all<{ id: string }>();
  const emails: NewsletterEmailMessage[] = results.map((r) => ({
    kind: 'newsletter.email',
    postId,
    writerId,
    writerName,
    subscriberId: r.id,
    ...(newsletterId ? { publicationNewsletterId: newsletterId } : {}),
  }));
  const last = results.at(-1);
  const next: NewsletterPageMessage[] =
    results.length === NEWSLETTER_PAGE_SIZE && last
      ? [{ ...page, audience, after: last.id }]
      : audience === 'writer' && page.collectionId
        ? [{ ...page, audience: 'publication', after: '' }]
        : [];
  await enqueue(env, [...emails, ...next]);
}

export interface NewsletterRecipient {
  id: string;
  email: string;
}

/** The email message's subscriber, when still subscribed and still reachable (an unsubscribe in between wins); else null. */
export async function newsletterRecipient(env: Env, message: NewsletterEmailMessage): Promise<NewsletterRecipient | null> {
  const via = message.publicationNewsletterId;
  return env.DB.prepare(`${via ? PUBLICATION_SUBSCRIBERS : WRITER_SUBSCRIBERS} AND s.subscriber_id = ?3`)
    .bind(message.writerId, via ?? null, message.subscriberId)
    .first<NewsletterRecipient>();
}

/** One subscriber's email of the story, at most once (idempotency key newsletter:{story}:{subscriber}). */
export async function deliverNewsletterEmail(env: Env, message: NewsletterEmailMessage, subscriber: NewsletterRecipient, story: EmailedStory): Promise<void> {
  const via = message.publicationNewsletterId;
  const sent = await oncePerKey(env.DB, `newsletter:${message.postId}:${subscriber.id}`, async () => {
    // The unsubscribe link ends the newsletter the reader was mailed through.
    const urls = await emailUrls(env, subscriber.id, via ?? message.writerId);
    await mailerFor(env).send(await storyEmail({ productName: env.PRODUCT_NAME, writerName: message.writerName, post: story, to: subscriber.email, recipientId: subscriber.id, ...urls }));
  });
  if (sent) await env.DB.prepare('UPDATE newsletter_sends SET recipient_count = recipient_count + 1 WHERE post_id = ?').bind(message.postId).run();
}
