// Stories federated (issue 30 point 3; docs/adr/0178-stories-federated-from-their-state.md): the
// Create, Update or Delete that story-state.ts chose, built with Fedify's vocabulary and handed to
// Fedify for the writer's followers, a page of distinct inboxes at a time. Fedify puts one
// delivery per inbox on the fan-out queue (FanOutMessageQueue), a shared inbox standing for every
// follower behind it (docs/adr/0211-federation-fan-out-in-bounded-batches.md);
// each delivery is signed when it leaves and sent at most once (processFederationTask's
// idempotency key), retried by the queue and dead-lettered after its last attempt.
//
// What leaves is what a signed-out reader may read: the caller hands in the story as the
// member-content gate cut it (worker/jobs/federation-story.ts), so a member-only story carries its
// preview and its link, never a locked paragraph.
import { Article, Create, Delete, Hashtag, Image, PUBLIC_COLLECTION, Tombstone, Update, type Recipient } from '@fedify/fedify/vocab';
import type { Env } from '../env.ts';
import { logEvent } from '../lib/log-context.ts';
import { federationFor } from './federation.ts';
import { recordStoryActivity, type StoryActivityPlan } from './story-state.ts';
import { STORY_OBJECT_PATH } from './story-address.ts';
import { deliveryInboxesPage, type DeliveryInbox } from './followers.ts';

export { STORY_OBJECT_PATH };

/** A story as its followers may see it: plain values, already cut by the content gate. */
export interface FederatedStory {
  title: string;
  /** The subtitle, or null. */
  summary: string | null;
  /** The story's canonical address (its page). */
  url: string;
  /** The readable paragraphs as HTML (escaped), with the link to the whole story when cut. */
  html: string;
  imageUrl: string | null;
  tags: readonly { name: string; href: string }[];
}


function article(plan: StoryActivityPlan, story: FederatedStory, actor: URL, followers: URL, origin: string): Article {
  return new Article({
    id: new URL(`${STORY_OBJECT_PATH}${plan.postId}`, origin),
    attribution: actor,
    name: story.title,
    summary: story.summary,
    content: story.html,
    url: new URL(story.url),
    image: story.imageUrl ? new Image({ url: new URL(story.imageUrl) }) : null,
    tags: story.tags.map((tag) => new Hashtag({ name: tag.name, href: new URL(tag.href) })),
    to: PUBLIC_COLLECTION,
    cc: followers,
  });
}

/** A delivery inbox as Fedify's recipient: a shared inbox is named as the endpoint it prefers. */
function recipient(delivery: DeliveryInbox): Recipient {
  const inbox = new URL(delivery.inbox);
  return { id: new URL(delivery.followerUri), inboxId: inbox, endpoints: delivery.shared ? { sharedInbox: inbox } : null };
}

/** Sends the planned activity to the sender's followers and records it. `story`: null for a Delete. */
export async function sendStoryActivity(env: Env, origin: string, plan: StoryActivityPlan, story: FederatedStory | null): Promise<void> {
  const ctx = federationFor(env).createContext(new URL(origin), { env, host: null });
  const writer = ctx.getActorUri(plan.actorId);
  const objectId = new URL(`${STORY_OBJECT_PATH}${plan.postId}`, origin);
  if (plan.activity !== 'Delete' && !story) return;
  // The writer tells their followers; the story's publication, if any, tells its own the same
  // (the Article still attributed to the writer), under an id of its own.
  const senders = [{ identifier: plan.actorId, suffix: '' }, ...(plan.publicationId ? [{ identifier: plan.publicationId, suffix: '/publication' }] : [])];
  for (const sender of senders) {
    const actor = ctx.getActorUri(sender.identifier);
    const followers = ctx.getFollowersUri(sender.identifier);
    // One id per story, sequence and sender: a redelivered message sends the same activity
    // again, which the deliveries' idempotency keys then drop.
    const id = new URL(`${STORY_OBJECT_PATH}${plan.postId}#activities/${plan.sequence}${sender.suffix}`, origin);
    const common = { id, actor, to: PUBLIC_COLLECTION, cc: followers };
    let activity: Create | Update | Delete;
    if (plan.activity === 'Delete' || !story) activity = new Delete({ ...common, object: new Tombstone({ id: objectId }) });
    else if (plan.activity === 'Create') activity = new Create({ ...common, object: article(plan, story, writer, followers, origin) });
    else activity = new Update({ ...common, object: article(plan, story, writer, followers, origin) });
    // Page by page of distinct delivery inboxes, not Fedify's 'followers' (which gathers every
    // follower first and hands all their deliveries to the queue at once): each page's deliveries
    // go to the queue in sendBatch calls bounded in count and bytes (docs/adr/0211-federation-fan-out-in-bounded-batches.md).
    for (let after: string | null = ''; after !== null; ) {
      const page: Awaited<ReturnType<typeof deliveryInboxesPage>> = await deliveryInboxesPage(env.DB, sender.identifier, after);
      if (page.inboxes.length > 0) await ctx.sendActivity({ identifier: sender.identifier }, page.inboxes.map(recipient), activity, { preferSharedInbox: true });
      after = page.nextAfter;
    }
  }
  await recordStoryActivity(env.DB, plan);
  logEvent({ event: 'federation_story', post: plan.postId, activity: plan.activity, sequence: plan.sequence });
}
