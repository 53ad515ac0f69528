// Newsletters of the demo world (issues 12 and 13; docs/newsletters.md): the demo writer's
// newsletter has readers, and Signal & Noise — a publication the demo editor edits — has a
// newsletter with subscribers, a few who left, and the stories it emailed. So the audience page,
// the subscriber list and export, and the newsletter's stats show something real on first start.
//
// Drawn from the seed alone with a PRNG of its own (the rest of the world is unchanged by it) and
// dated back from the world's `now`, after the world's instants are shifted (generate.ts). Only
// generated readers subscribe: the named demo accounts start unsubscribed, as the browser tests
// that subscribe them expect.
import { DAY } from './context.ts';
import { Random } from './random.ts';
import type { World } from './rows.ts';

export interface NewsletterSubscriptionRow { subscriber_id: string; writer_id: string; created_at: number }
export interface PublicationNewsletterRow { id: string; collection_id: string; slug: string; name: string; description: string; created_by: string; created_at: number }
export interface PublicationNewsletterSubscriptionRow { newsletter_id: string; subscriber_id: string; created_at: number }
export interface NewsletterSendRow { post_id: string; sent_at: number; recipient_count: number }
export interface NewsletterUnsubscribeRow { user_id: string; newsletter_id: string; created_at: number }

export const DEMO_WRITER_SUBSCRIBERS = 24;
export const DEMO_PUBLICATION_SUBSCRIBERS = 16;
/** Readers who subscribed to the publication's newsletter and left it within the last 30 days. */
export const DEMO_PUBLICATION_LEAVERS = 2;
/** The publication's newest stories it emailed. */
export const DEMO_PUBLICATION_SENDS = 4;
export const DEMO_NEWSLETTER_PUBLICATION = 'signal-and-noise';

/** Shuffled copy (Fisher–Yates on the given PRNG). */
function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

export function createNewsletters(world: World, writerId: string, demoUserIds: ReadonlySet<string>, seed: number, now: number): void {
  const random = new Random(seed ^ 0x4e5c);
  const readers = shuffled(
    random,
    world.users.filter((u) => !demoUserIds.has(u.id) && u.email !== null && u.deleted_at === null && u.is_suspended === 0 && u.created_at < now - 120 * DAY),
  );
  // Most joined over the last 90 days (the audience chart's days), some long before.
  const joinedAt = () => (random.chance(0.6) ? now - random.int(0, 89) * DAY - random.int(0, DAY - 1) : now - random.int(90, 700) * DAY);

  for (const reader of readers.slice(0, DEMO_WRITER_SUBSCRIBERS)) {
    world.newsletter_subscriptions.push({ subscriber_id: reader.id, writer_id: writerId, created_at: joinedAt() });
  }

  const publication = world.collections.find((c) => c.slug === DEMO_NEWSLETTER_PUBLICATION);
  if (!publication) return;
  const taken = new Set(world.users.map((u) => u.id));
  let id = random.hex(12);
  while (taken.has(id)) id = random.hex(12);
  const createdAt = now - 80 * DAY;
  world.publication_newsletters.push({
    id,
    collection_id: publication.id,
    slug: 'signal-and-noise-weekly',
    name: 'Signal & Noise Weekly',
    description: 'The week’s best engineering stories from Signal & Noise, on Fridays.',
    created_by: publication.creator_id,
    created_at: createdAt,
  });
  const since = (at: number) => Math.max(createdAt + DAY, at);
  const subscribers = readers.slice(DEMO_WRITER_SUBSCRIBERS, DEMO_WRITER_SUBSCRIBERS + DEMO_PUBLICATION_SUBSCRIBERS);
  for (const reader of subscribers) {
    world.publication_newsletter_subscriptions.push({ newsletter_id: id, subscriber_id: reader.id, created_at: since(joinedAt()) });
  }
  const leaversFrom = DEMO_WRITER_SUBSCRIBERS + DEMO_PUBLICATION_SUBSCRIBERS;
  for (const reader of readers.slice(leaversFrom, leaversFrom + DEMO_PUBLICATION_LEAVERS)) {
    world.newsletter_unsubscribes.push({ user_id: reader.id, newsletter_id: id, created_at: now - random.int(1, 29) * DAY });
  }

  // Its newest stories since the newsletter exists, each sent when first published to everyone
  // subscribed by then (the publication's readers and the story's writer's: here, the demo writer's).
  const stories = world.posts
    .filter((p) => p.collection_id === publication.id && p.status === 'PUBLISHED' && p.visibility === 'PUBLIC' && p.deleted_at === null && p.in_response_to_post_id === null)
    .filter((p) => (p.first_published_at ?? 0) > createdAt && (p.first_published_at ?? 0) <= now)
    .sort((a, b) => (b.first_published_at ?? 0) - (a.first_published_at ?? 0))
    .slice(0, DEMO_PUBLICATION_SENDS);
  for (const story of stories) {
    const sentAt = story.first_published_at!;
    const publicationReaders = world.publication_newsletter_subscriptions.filter((s) => s.newsletter_id === id && s.created_at <= sentAt).map((s) => s.subscriber_id);
    const writerReaders = world.newsletter_subscriptions.filter((s) => s.writer_id === story.creator_id && s.created_at <= sentAt).map((s) => s.subscriber_id);
    world.newsletter_sends.push({ post_id: story.id, sent_at: sentAt, recipient_count: new Set([...publicationReaders, ...writerReaders]).size });
  }
}
