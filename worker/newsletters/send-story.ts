// Emailing a newly published story to its writer's newsletter subscribers (docs/newsletters.md).
//
// Once per story: newsletter_sends is claimed (INSERT OR IGNORE on the story's id) before any
// mail is queued, so a republish, a retried request or two racing requests never send twice.
//
// On the fan-out queue (docs/adr/0015-scale.md): the publish request only claims the send and
// queues one newsletter.page message; each page message reads the next NEWSLETTER_PAGE_SIZE
// subscribers (in subscriber order, through the writer's index) and queues one
// newsletter.email message per subscriber plus the next page. Each email message claims the
// idempotency key newsletter:{story}:{subscriber} before sending, so a retried batch never
// mails anyone twice; a failed delivery is retried by the queue, then dead-lettered.
import type { Env } from '../env.ts';
import { mainOrigin } from '../env.ts';
import { FEED_POST, type FeedPost } from '../feeds/feed-data.ts';
import { createGraphQLContext } from '../graphql/context.ts';
import { executeInProcess } from '../graphql/in-process.ts';
import { mailerFor } from '../mail/mailer.ts';
import { oncePerKey } from '../queues/idempotency.ts';
import type { NewsletterEmailMessage, NewsletterPageMessage } from '../queues/messages.ts';
import { enqueue } from '../queues/producer.ts';
import type { BatchMemo } from '../queues/handlers.ts';
import { LOGGED_OUT } from '../session/viewer.ts';
import { emailSettingsHash } from './signing.ts';
import { storyEmail } from './story-email.ts';

/** Subscribers one newsletter.page message reads (and queues emails for). */
export const NEWSLETTER_PAGE_SIZE = 500;

// Read as a signed-out reader: the member-content gate cuts a member-only story to its preview.
const STORY_FOR_EMAIL = /* GraphQL */ `
  query StoryForNewsletter($id: ID!) {
    post(id: $id) {
      ...FeedPost
    }
  }
  ${FEED_POST}
`;

export interface NewsletterSendOutcome {
  /** False when the story had already been sent (or cannot be read publicly). */
  sent: boolean;
  /** True when the emails were queued (they go out after the request: recipients and failures are then 0). */
  queued: boolean;
  recipients: number;
  failures: number;
}

export async function emailUrls(env: Env, subscriberId: string, writerId: string): Promise<{ emailSettingsUrl: string; oneClickUnsubscribeUrl: string }> {
  const origin = mainOrigin(env);
  const hash = await emailSettingsHash(env, subscriberId);
  return {
    emailSettingsUrl: `${origin}/me/email-settings/${subscriberId}/${hash}`,
    oneClickUnsubscribeUrl: `${origin}/_/newsletters/unsubscribe/${subscriberId}/${writerId}/${hash}`,
  };
}

async function storyForEmail(env: Env, postId: string, now: number): Promise<FeedPost | null> {
  const context = createGraphQLContext({ db: env.DB, env, viewer: LOGGED_OUT, now });
  const result = await executeInProcess(STORY_FOR_EMAIL, { id: postId }, context);
  return (result.data as { post: FeedPost | null } | undefined)?.post ?? null;
}

/** Subscribers a writer's newsletter goes to: with an email, not deleted or suspended, neither side blocking. */
const ELIGIBLE_SUBSCRIBERS = `SELECT u.id AS id, u.email AS email FROM newsletter_subscriptions s JOIN users u ON u.id = s.subscriber_id
  WHERE s.writer_id = ?1 AND u.email IS NOT NULL AND u.deleted_at IS NULL AND u.is_suspended = 0
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = s.writer_id AND b.blocked_id = u.id) OR (b.blocker_id = u.id AND b.blocked_id = s.writer_id))`;

/**
 * The newsletter entry point (publishing, and publications' newsletters, call it): claims the
 * story's send and queues it. Answers at once; the emails go out from the queue.
 */
export async function sendStoryToSubscribers(env: Env, story: { postId: string; writerId: string; writerName: string }, now = Date.now()): Promise<NewsletterSendOutcome> {
  const post = await storyForEmail(env, story.postId, now);
  if (!post) return { sent: false, queued: false, recipients: 0, failures: 0 };
  const claimed = await env.DB.prepare('INSERT OR IGNORE INTO newsletter_sends (post_id, sent_at, recipient_count) VALUES (?, ?, 0)').bind(story.postId, now).run();
  if ((claimed.meta.changes ?? 0) === 0) return { sent: false, queued: false, recipients: 0, failures: 0 };
  await enqueue(env, [{ kind: 'newsletter.page', ...story, after: '' }]);
  return { sent: true, queued: true, recipients: 0, failures: 0 };
}

/** One page of subscribers: an email message each, and the next page. */
export async function sendNewsletterPage(env: Env, page: NewsletterPageMessage): Promise<void> {
  const { results } = await env.DB.prepare(`${ELIGIBLE_SUBSCRIBERS} AND s.subscriber_id > ?2 ORDER BY s.subscriber_id LIMIT ?3`)
    .bind(page.writerId, page.after, NEWSLETTER_PAGE_SIZE)
    .all<{ id: string }>();
  const { postId, writerId, writerName } = page;
  const emails: NewsletterEmailMessage[] = results.map((r) => ({ kind: 'newsletter.email', postId, writerId, writerName, subscriberId: r.id }));
  const last = results.at(-1);
  await enqueue(env, results.length === NEWSLETTER_PAGE_SIZE && last ? [...emails, { ...page, after: last.id }] : emails);
}

/** One subscriber's email, at most once (idempotency key newsletter:{story}:{subscriber}). */
export async function sendNewsletterEmail(env: Env, message: NewsletterEmailMessage, memo: BatchMemo): Promise<void> {
  // Still subscribed and still reachable when the message runs (an unsubscribe in between wins).
  const subscriber = await env.DB.prepare(`${ELIGIBLE_SUBSCRIBERS} AND s.subscriber_id = ?2`).bind(message.writerId, message.subscriberId).first<{ id: string; email: string }>();
  if (!subscriber) return;
  const key = `story:${message.postId}`;
  if (!memo.has(key)) memo.set(key, storyForEmail(env, message.postId, Date.now()));
  const post = (await memo.get(key)) as FeedPost | null;
  if (!post) return;
  const sent = await oncePerKey(env.DB, `newsletter:${message.postId}:${subscriber.id}`, async () => {
    const urls = await emailUrls(env, subscriber.id, message.writerId);
    await mailerFor(env).send(await storyEmail({ productName: env.PRODUCT_NAME, mainOrigin: mainOrigin(env), writerName: message.writerName, post, to: subscriber.email, ...urls }));
  });
  if (sent) await env.DB.prepare('UPDATE newsletter_sends SET recipient_count = recipient_count + 1 WHERE post_id = ?').bind(message.postId).run();
}
