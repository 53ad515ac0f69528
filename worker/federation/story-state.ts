// What a story's fediverse followers must hear next (issue 30 point 3;
// docs/adr/0178-stories-federated-from-their-state.md), decided from the story's row and what
// they were last sent (federated_stories, migrations/0080_federated_stories.sql). This module
// imports nothing of Fedify: most story changes find nothing to send and never load it.
//
// A story is federated while it is published, listed (public or member-only), not suspended,
// not in the trash and not a response. The first time (with followers to tell) it is a Create;
// every later change while it stays federated an Update; once it stops being federated, a
// Delete, sent once.
import type { D1Database } from '@cloudflare/workers-types';
import { countFollowers } from './followers.ts';

export type StoryActivity = 'Create' | 'Update' | 'Delete';

export interface StoryActivityPlan {
  postId: string;
  activity: StoryActivity;
  /** The actor that sends it: the writer (a Delete: whoever sent the Create). */
  actorId: string;
  /** The activity's number for this story (its id carries it): one more than the last sent. */
  sequence: number;
  /**
   * The publication the story is in, or null: its actor sends the same activity to the
   * publication's followers (docs/adr/0207-fediverse-followers-in-the-audience.md).
   */
  publicationId: string | null;
}

interface StoryRow {
  creatorId: string;
  collectionId: string | null;
  federated: number;
}

interface SentRow {
  actorId: string;
  state: 'CREATED' | 'DELETED';
  sequence: number;
}

/** The activity the story's followers must be sent now, or null: nothing to tell. */
export async function nextStoryActivity(db: D1Database, postId: string): Promise<StoryActivityPlan | null> {
  const story = await db
    .prepare(
      `SELECT creator_id AS creatorId, collection_id AS collectionId,
         (status = 'PUBLISHED' AND visibility IN ('PUBLIC', 'LOCKED') AND is_suspended = 0 AND deleted_at IS NULL
          AND in_response_to_post_id IS NULL AND in_response_to_catalog_id IS NULL) AS federated
       FROM posts WHERE id = ?`,
    )
    .bind(postId)
    .first<StoryRow>();
  const sent = await db.prepare('SELECT actor_id AS actorId, state, sequence FROM federated_stories WHERE post_id = ?').bind(postId).first<SentRow>();
  const told = sent?.state === 'CREATED';
  const publicationId = story?.collectionId ?? null;
  if (story?.federated) {
    if (told) return { postId, activity: 'Update', actorId: sent.actorId, sequence: sent.sequence + 1, publicationId };
    // Nobody to tell yet (neither the writer's followers nor the publication's): a follower who
    // comes later reads the outbox, not a Create.
    const followers = (await countFollowers(db, story.creatorId)) + (publicationId ? await countFollowers(db, publicationId) : 0);
    if (followers === 0) return null;
    return { postId, activity: 'Create', actorId: story.creatorId, sequence: (sent?.sequence ?? 0) + 1, publicationId };
  }
  return told ? { postId, activity: 'Delete', actorId: sent.actorId, sequence: sent.sequence + 1, publicationId } : null;
}

/**
 * Records that `plan` was handed to the queue. Only a newer activity replaces what is recorded,
 * so a redelivered message (the queue delivers at least once) cannot step the story back.
 */
export async function recordStoryActivity(db: D1Database, plan: StoryActivityPlan, now = Date.now()): Promise<void> {
  await db
    .prepare(
      `INSERT INTO federated_stories (post_id, actor_id, state, sequence, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (post_id) DO UPDATE SET actor_id = excluded.actor_id, state = excluded.state, sequence = excluded.sequence, updated_at = excluded.updated_at
       WHERE excluded.sequence > federated_stories.sequence`,
    )
    .bind(plan.postId, plan.actorId, plan.activity === 'Delete' ? 'DELETED' : 'CREATED', plan.sequence, now)
    .run();
}
