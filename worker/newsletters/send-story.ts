// Emailing a newly published story to its writer's newsletter subscribers, and, when an editor
// publishes it into a publication that has a newsletter, to that newsletter's subscribers too
// (docs/newsletters.md). One entry point for both: a reader subscribed to both gets one email.
//
// Once per story: newsletter_sends is claimed (INSERT OR IGNORE on the story's id) before any
// mail goes out, so a republish, a retried request or two racing requests never send twice.
//
// Bounded work per request: at most NEWSLETTER_SEND_CAP recipients (the earliest subscribers
// first) are mailed during the publish request, each a separate provider call; a failed
// delivery is logged and skipped, never failing the publication. Issue 17 moves this fan-out
// to a queue, which can page through every subscriber.
import type { Env } from '../env.ts';
import { mainOrigin } from '../env.ts';
import { FEED_POST, type FeedPost } from '../feeds/feed-data.ts';
import { createGraphQLContext } from '../graphql/context.ts';
import { executeInProcess } from '../graphql/in-process.ts';
import { mailerFor } from '../mail/mailer.ts';
import { LOGGED_OUT } from '../session/viewer.ts';
import { emailSettingsHash } from './signing.ts';
import { storyEmail } from './story-email.ts';

export const NEWSLETTER_SEND_CAP = 200;

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

export interface StoryToSend {
  postId: string;
  writerId: string;
  writerName: string;
  /** The publication the story was published into by an editor: its newsletter's subscribers are mailed too. */
  collectionId?: string | null;
}

export async function sendStoryToSubscribers(env: Env, story: StoryToSend, now = Date.now()): Promise<NewsletterSendOutcome> {
  const context = createGraphQLContext({ db: env.DB, env, viewer: LOGGED_OUT, now });
  const result = await executeInProcess(STORY_FOR_EMAIL, { id: story.postId }, context);
  const post = (result.data as { post: FeedPost | null } | undefined)?.post ?? null;
  if (!post) return { sent: false, recipients: 0, failures: 0 };

  const claimed = await env.DB.prepare('INSERT OR IGNORE INTO newsletter_sends (post_id, sent_at, recipient_count) VALUES (?, ?, 0)').bind(story.postId, now).run();
  if ((claimed.meta.changes ?? 0) === 0) return { sent: false, recipients: 0, failures: 0 };

  // Each recipient once; `via` is the newsletter their unsubscribe link ends (the writer's id, or
  // the publication newsletter's id), the writer's when they subscribe to both.
  const { results } = await env.DB.prepare(
    `WITH audience AS (
       SELECT subscriber_id, ?1 AS via, 0 AS rank, created_at FROM newsletter_subscriptions WHERE writer_id = ?1
       UNION ALL
       SELECT ps.subscriber_id, ps.newsletter_id, 1, ps.created_at FROM publication_newsletter_subscriptions ps
         JOIN publication_newsletters pn ON pn.id = ps.newsletter_id WHERE pn.collection_id = ?2
     ), chosen AS (
       SELECT subscriber_id, via, created_at, ROW_NUMBER() OVER (PARTITION BY subscriber_id ORDER BY rank) AS n FROM audience
     )
     SELECT u.id AS id, u.email AS email, c.via AS via FROM chosen c JOIN users u ON u.id = c.subscriber_id
     WHERE c.n = 1 AND u.id <> ?1 AND u.email IS NOT NULL AND u.deleted_at IS NULL AND u.is_suspended = 0
       AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ?1 AND b.blocked_id = u.id) OR (b.blocker_id = u.id AND b.blocked_id = ?1))
     ORDER BY c.created_at, u.id LIMIT ?3`,
  )
    .bind(story.writerId, story.collectionId ?? null, NEWSLETTER_SEND_CAP)
    .all<{ id: string; email: string; via: string }>();
  const mailer = mailerFor(env);
  let recipients = 0;
  let failures = 0;
  for (const subscriber of results ?? []) {
    try {
      const urls = await emailUrls(env, subscriber.id, subscriber.via);
      await mailer.send(await storyEmail({ productName: env.PRODUCT_NAME, mainOrigin: mainOrigin(env), writerName: story.writerName, post, to: subscriber.email, ...urls }));
      recipients += 1;
    } catch (error) {
      failures += 1;
      console.error(`[newsletter] story ${story.postId} to subscriber ${subscriber.id} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await env.DB.prepare('UPDATE newsletter_sends SET recipient_count = ? WHERE post_id = ?').bind(recipients, story.postId).run();
  return { sent: true, recipients, failures };
}
