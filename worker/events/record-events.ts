// Writing an accepted batch (docs/stats.md#storage-d1-not-workers-analytics-engine): every event as one raw row (one statement
// for the whole batch), then the stories' daily rollups, then members' reading seconds
// of readers whose membership runs (member_reading_time_daily, read by the Partner Program's earnings job) — all in one D1 batch,
// so a failure writes nothing. Story events for unknown or unpublished stories refuse the whole
// batch before anything is written; a writer's own views, reads and reading are not counted.
// Events whose id was recorded before (a batch the browser sent again because its ok answer was
// lost) are left out, and the new ids are recorded in the same batch (docs/stats.md "Sent once").
import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { utcDay, type ReadEvent } from './read-batch.ts';
import { localDay } from '../../shared/time-zone.ts';

export type RecordOutcome = { ok: true; recorded: number } | { ok: false; unknownPostId: string };

interface Rollup {
  postId: string;
  day: string;
  views: number;
  reads: number;
  seconds: number;
}

/** `readerIsMember`: the reader's membership runs now, so their reading seconds count for the Partner Program. */
export async function recordEvents(db: D1Database, given: ReadEvent[], readerId: string | null, now: number, readerIsMember = false): Promise<RecordOutcome> {
  const events = await unseen(db, given);
  if (events.length === 0) return { ok: true, recorded: 0 };
  const postIds = [...new Set(events.flatMap((e) => (e.postId ? [e.postId] : [])))];
  const creators = new Map<string, string>();
  /** Each story's writer's day now: a story's rollup is cut at its writer's midnight (docs/stats.md). */
  const writerDays = new Map<string, string>();
  if (postIds.length > 0) {
    const { results } = await db
      .prepare(
        `SELECT p.id, p.creator_id, u.time_zone FROM posts p JOIN users u ON u.id = p.creator_id
         WHERE p.id IN (SELECT value FROM json_each(?)) AND p.status = 'PUBLISHED' AND p.deleted_at IS NULL`,
      )
      .bind(JSON.stringify(postIds))
      .all<{ id: string; creator_id: string; time_zone: string | null }>();
    for (const row of results) {
      creators.set(row.id, row.creator_id);
      writerDays.set(row.id, localDay(now, row.time_zone));
    }
    const unknown = postIds.find((id) => !creators.has(id));
    if (unknown) return { ok: false, unknownPostId: unknown };
  }

  // Members' reading seconds stay on UTC days: the Partner Program's months are UTC months.
  const day = utcDay(now);
  const rollups = new Map<string, Rollup>();
  const memberSeconds = new Map<string, number>();
  for (const event of events) {
    if (!event.postId || creators.get(event.postId) === readerId) continue;
    const rollup = rollups.get(event.postId) ?? { postId: event.postId, day: writerDays.get(event.postId) ?? day, views: 0, reads: 0, seconds: 0 };
    if (event.name === 'story.viewed') rollup.views += 1;
    else if (event.name === 'story.read') rollup.reads += 1;
    else if (event.name === 'story.readingTime') {
      rollup.seconds += event.seconds;
      if (readerId && readerIsMember && event.seconds > 0) memberSeconds.set(event.postId, (memberSeconds.get(event.postId) ?? 0) + event.seconds);
    }
    rollups.set(event.postId, rollup);
  }

  const statements: D1PreparedStatement[] = [
    db
      .prepare(
        `INSERT INTO client_events (name, user_id, post_id, data, occurred_at, received_at)
         SELECT json_extract(value, '$[0]'), ?, json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'), ?
         FROM json_each(?)`,
      )
      .bind(readerId, now, JSON.stringify(events.map((e) => [e.name, e.postId, e.data, e.at]))),
  ];
  const ids = events.flatMap((e) => (e.id ? [e.id] : []));
  if (ids.length > 0) {
    statements.push(db.prepare('INSERT OR IGNORE INTO client_event_ids (id, received_at) SELECT value, ? FROM json_each(?)').bind(now, JSON.stringify(ids)));
  }
  for (const r of rollups.values()) {
    statements.push(
      db
        .prepare(
          `INSERT INTO post_stats_daily (post_id, day, views, reads, reading_seconds) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (post_id, day) DO UPDATE SET views = views + excluded.views, reads = reads + excluded.reads,
             reading_seconds = reading_seconds + excluded.reading_seconds`,
        )
        .bind(r.postId, r.day, r.views, r.reads, r.seconds),
    );
  }
  for (const [postId, seconds] of memberSeconds) {
    statements.push(
      db
        .prepare(
          `INSERT INTO member_reading_time_daily (day, member_id, post_id, seconds) VALUES (?, ?, ?, ?)
           ON CONFLICT (day, member_id, post_id) DO UPDATE SET seconds = seconds + excluded.seconds`,
        )
        .bind(day, readerId, postId, seconds),
    );
  }
  await db.batch(statements);
  return { ok: true, recorded: events.length };
}

/** The events of a batch not recorded before (by id; one query), each id once. */
async function unseen(db: D1Database, events: ReadEvent[]): Promise<ReadEvent[]> {
  const ids = [...new Set(events.flatMap((e) => (e.id ? [e.id] : [])))];
  const seen = new Set<string>();
  if (ids.length > 0) {
    const { results } = await db.prepare('SELECT id FROM client_event_ids WHERE id IN (SELECT value FROM json_each(?))').bind(JSON.stringify(ids)).all<{ id: string }>();
    for (const row of results) seen.add(row.id);
  }
  return events.filter((event) => {
    if (!event.id) return true;
    if (seen.has(event.id)) return false;
    seen.add(event.id);
    return true;
  });
}

/** The daily job's pruning of old event ids (docs/stats.md "Sent once"). */
export const EVENT_ID_RETENTION_MS = 7 * 86_400_000;

export async function pruneEventIds(db: D1Database, now: number): Promise<void> {
  await db.prepare('DELETE FROM client_event_ids WHERE received_at < ?').bind(now - EVENT_ID_RETENTION_MS).run();
}
