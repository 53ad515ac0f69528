// The fan-out queue's messages (docs/adr/0090-one-fan-out-queue.md): one typed union, one kind per job.
// A message carries ids, never rows: its handler reads the current state when it runs, so a
// message that waited (or was retried) acts on what is true then. Messages are plain shapes of
// their own: queues/ carries work for the capabilities and imports none of them.

/** Emails one story to one page of its writer's subscribers, then enqueues the next page. */
export interface NewsletterPageMessage {
  kind: 'newsletter.page';
  postId: string;
  writerId: string;
  writerName: string;
  /** The last subscriber of the previous page ("" for the first page). */
  after: string;
  /** The publication an editor published the story into: its newsletter's subscribers are mailed too. */
  collectionId?: string | null;
  /** Whose subscribers this page reads: the writer's (first), then the publication newsletter's. */
  audience?: NewsletterAudience;
}

export type NewsletterAudience = 'writer' | 'publication';

/** Emails one story to one subscriber (idempotency key newsletter:{postId}:{subscriberId}). */
export interface NewsletterEmailMessage {
  kind: 'newsletter.email';
  postId: string;
  writerId: string;
  writerName: string;
  subscriberId: string;
  /** The publication newsletter the subscriber was reached through (absent: the writer's). */
  publicationNewsletterId?: string;
}

/** Mails one page of a subscriber import's invitations, then enqueues the next page. */
export interface NewsletterInvitationsMessage {
  kind: 'newsletter.invitations';
  importId: string;
  /** The last invitation of the previous page ("" for the first page). */
  after: string;
}

/** Writes NEW_STORY notifications for one page of followers, then enqueues the next page. */
export interface NewStoryFollowersMessage {
  kind: 'notifications.new-story';
  postId: string;
  writerId: string;
  collectionId: string | null;
  now: number;
  /** The last follower of the previous page ("" for the first page). */
  after: string;
}

/** Pushes refreshed records to the hosted search app (null refreshes: every record). */
export interface SearchPushMessage {
  kind: 'search.push';
  refreshes: SearchRefresh[] | null;
}

/** One refresh of the search indexes: which index, which rows (a filter of worker/search/index-sql.ts) and the id it takes. */
export interface SearchRefresh {
  kind: 'post' | 'user' | 'collection' | 'tag' | 'catalog' | 'series';
  filter: string;
  id: string;
}

/** Asks the zone purge API to drop tags in every data centre. */
export interface ZonePurgeMessage {
  kind: 'cache.zone-purge';
  tags: string[];
}

/** Renews (or ends) one due subscription of the local payment provider (the hourly billing job). */
export interface BillingRenewalMessage {
  kind: 'billing.renewal';
  subscriptionId: string;
  now: number;
}

/**
 * One of Fedify's queued tasks (an outgoing activity to deliver, worker/federation/message-queue.ts).
 * Fedify's own message, its sender's private keys replaced by their public members
 * (worker/federation/queued-keys.ts): a dead letter's recorded body never holds a private key.
 */
export interface FederationTaskMessage {
  kind: 'federation.task';
  task: unknown;
}

/**
 * A story changed in a way its fediverse followers may need to hear of (worker/jobs/federation-story.ts):
 * the handler compares the story with what they were last sent and sends Create, Update or
 * Delete, or nothing.
 */
export interface FederationStoryMessage {
  kind: 'federation.story';
  postId: string;
}

export type FanOutMessage = FederationTaskMessage | FederationStoryMessage | NewsletterPageMessage | NewsletterEmailMessage | NewsletterInvitationsMessage | NewStoryFollowersMessage | SearchPushMessage | ZonePurgeMessage | BillingRenewalMessage;

export type FanOutKind = FanOutMessage['kind'];

/**
 * Test-only: a message sent by a request that asked for the `queue-batch` fault
 * (worker/hardening/fault-injection.ts) carries this, and the batch it is in fails once
 * half-way, after some of its work is done (what a consumer crashing mid-batch looks like).
 */
export interface TestFaultMark {
  failBatchOnce?: true;
}

export type QueuedMessage = FanOutMessage & TestFaultMark;

/** Reads shared by the messages of one batch (e.g. the story every email of a batch carries). */
export type BatchMemo = Map<string, Promise<unknown>>;

const KINDS: readonly FanOutKind[] = ['newsletter.page', 'newsletter.email', 'newsletter.invitations', 'notifications.new-story', 'search.push', 'cache.zone-purge', 'billing.renewal', 'federation.task', 'federation.story'];

/** A body taken off the queue, checked: anything else is a poison message. */
export function asFanOutMessage(body: unknown): QueuedMessage | null {
  if (typeof body !== 'object' || body === null) return null;
  const kind = (body as { kind?: unknown }).kind;
  return typeof kind === 'string' && (KINDS as readonly string[]).includes(kind) ? (body as QueuedMessage) : null;
}
