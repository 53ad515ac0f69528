// The newsletter.email message (docs/newsletters.md "The email"): the story, read through the
// GraphQL schema in process as a signed-out reader — the member-content gate cuts a member-only
// story to its preview — and rendered to HTML by the feeds' storyHtml, is handed as plain data
// to the newsletters capability, which checks the subscriber, claims the send and mails it
// (worker/newsletters/send-story.ts). The story is read once per batch (the batch's memo).
import type { Env } from '../env.ts';
import { mainOrigin } from '../env.ts';
import { imageUrl, LOCAL_IMAGE_ORIGIN } from '../../shared/urls/image-urls.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { FEED_STORY, type FeedStory } from '../feeds/feed-data.ts';
import { storyHtml } from '../feeds/story-html.ts';
import { executeInProcess } from '../graphql/in-process.ts';
import { deliverNewsletterEmail, newsletterRecipient } from '../newsletters/send-story.ts';
import type { EmailedStory } from '../newsletters/story-email.ts';
import type { NewsletterEmailMessage } from '../queues/messages.ts';
import { LOGGED_OUT } from '../session/viewer.ts';

// Read as a signed-out reader: the member-content gate cuts a member-only story to its preview.
const STORY_FOR_EMAIL = /* GraphQL */ `
  query StoryForNewsletter($id: ID!) {
    post(id: $id) {
      ...FeedStory
    }
  }
  ${FEED_STORY}
`;

async function storyForEmail(env: Env, postId: string, now: number): Promise<FeedStory | null> {
  const context = requestContextFor({ db: env.DB, env, viewer: LOGGED_OUT, now });
  const result = await executeInProcess(STORY_FOR_EMAIL, { id: postId }, context);
  return (result.data as { post: FeedStory | null } | undefined)?.post ?? null;
}

/** The story as its email shows it: storyHtml escapes every piece of the writer's text and checks every link. */
function emailedStory(env: Env, post: FeedStory): EmailedStory {
  const images = (id: string) => imageUrl(id, { strategy: 'resample', width: 1024, origin: mainOrigin(env) + LOCAL_IMAGE_ORIGIN });
  const { paragraphs } = post.content.bodyModel;
  return {
    title: post.title,
    subtitle: post.subtitle,
    mediumUrl: post.mediumUrl,
    isLockedPreviewOnly: post.content.isLockedPreviewOnly,
    paragraphs,
    html: storyHtml(paragraphs, images),
  };
}

/** One subscriber's email (memo: the batch's reads, BatchMemo in worker/queues/messages.ts). */
export async function sendNewsletterEmail(env: Env, message: NewsletterEmailMessage, memo: Map<string, Promise<unknown>>): Promise<void> {
  // Still subscribed and still reachable when the message runs (an unsubscribe in between wins).
  const subscriber = await newsletterRecipient(env, message);
  if (!subscriber) return;
  const key = `story:${message.postId}`;
  if (!memo.has(key)) memo.set(key, storyForEmail(env, message.postId, Date.now()));
  const post = (await memo.get(key)) as FeedStory | null;
  if (!post) return;
  await deliverNewsletterEmail(env, message, subscriber, emailedStory(env, post));
}
