// What a write changed, as the capability that made it says it: the pages that show
// something different now and the search records that no longer match the tables. A
// capability records its change through the request context (ctx.changes) and knows
// nothing of cache tags, purges, indexes or queues; worker/consequences/ maps each change
// to those (docs/adr/0018-layers.md). Recording waits for the consequences, so a purge
// still happens before the write answers.

/** A page, or a family of pages, whose content follows the thing named. */
export type PageSubject =
  /** The story's own pages (every address of it). */
  | { kind: 'story'; id: string }
  /** A writer's profile pages. */
  | { kind: 'profile'; id: string }
  | { kind: 'publication'; id: string }
  | { kind: 'topic'; slug: string }
  | { kind: 'home' }
  /** Trending and top stories, drawn from every story. */
  | { kind: 'discovery' }
  /** Everyone's public lists (/collections). */
  | { kind: 'lists' };

/** A search record that must be refreshed from the tables. */
export type RecordSubject =
  /** A story, with its topics' and writer's records, whose counts follow it. */
  | { kind: 'story'; id: string }
  /** A person, and their stories. */
  | { kind: 'profile'; id: string }
  /** A publication, and its stories. */
  | { kind: 'publication'; id: string }
  | { kind: 'topic'; slug: string }
  /** A follow or unfollow: the followed object's own record (its follower count). */
  | { kind: 'followed'; type: 'USER' | 'COLLECTION' | 'TAG'; id: string }
  /** A list, and the stories that entered or left it. */
  | { kind: 'list'; id: string; stories?: string[] }
  /** A series (its title, description, parts, followers, publishing). */
  | { kind: 'series'; id: string };

/** Something the fediverse may have been sent and must hear of again. */
export type FederatedSubject =
  /** A story: published, edited, unpublished, deleted (worker/jobs/federation-story.ts decides what to send). */
  { kind: 'story'; id: string };

export interface Change {
  pages?: readonly PageSubject[];
  records?: readonly RecordSubject[];
  federated?: readonly FederatedSubject[];
}

export interface ChangeSink {
  /** Carries out the change's consequences before it resolves. */
  record(change: Change): Promise<void>;
}
