// Validation of one event batch (docs/stats.md#intake): a JSON array of at most
// MAX_QUEUED_EVENTS events, each a known name, a time, and fields of at most 1 KiB; story events
// name a story. Pure, so the refusals are unit-tested without the worker.
import { MAX_QUEUED_EVENTS, MAX_READING_SECONDS_PER_EVENT, NAMED_EVENTS, STORY_EVENTS, type ClientEventName } from '../../shared/events/client-events.ts';

const KNOWN = new Set<string>([...NAMED_EVENTS, ...STORY_EVENTS]);
const STORY = new Set<string>(STORY_EVENTS);
const MAX_DATA_CHARS = 1024;
const POST_ID = /^[0-9a-f]{1,16}$/;
/** An event id: what crypto.randomUUID gives, or any short token of its letters. */
const EVENT_ID = /^[\w-]{8,64}$/;

export interface ReadEvent {
  /** The browser's id of the event (null from older clients: counted without the check). */
  id: string | null;
  name: ClientEventName;
  /** When the browser queued it, clamped to the arrival time (a client clock is not trusted for days). */
  at: number;
  data: string;
  postId: string | null;
  /** story.readingTime only: whole seconds, 0..MAX_READING_SECONDS_PER_EVENT. */
  seconds: number;
}

export type BatchReading = { ok: true; events: ReadEvent[] } | { ok: false; status: 400 | 413; message: string };

export function readBatch(body: unknown, now: number): BatchReading {
  if (!Array.isArray(body)) return { ok: false, status: 400, message: 'Expected a JSON array of events.' };
  if (body.length > MAX_QUEUED_EVENTS) return { ok: false, status: 413, message: `At most ${MAX_QUEUED_EVENTS} events in one batch.` };
  const events: ReadEvent[] = [];
  for (const [index, item] of body.entries()) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return bad(index, 'not an object');
    const { id = null, name, at, data = {} } = item as Record<string, unknown>;
    if (id !== null && (typeof id !== 'string' || !EVENT_ID.test(id))) return bad(index, 'a malformed id');
    if (typeof name !== 'string' || !KNOWN.has(name)) return bad(index, `unknown event name ${JSON.stringify(String(name).slice(0, 60))}`);
    if (typeof at !== 'number' || !Number.isFinite(at) || at <= 0) return bad(index, 'no time');
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return bad(index, 'data is not an object');
    const text = JSON.stringify(data);
    if (text.length > MAX_DATA_CHARS) return bad(index, 'data over 1 KiB');
    let postId: string | null = null;
    let seconds = 0;
    if (STORY.has(name)) {
      const given = (data as Record<string, unknown>).postId;
      if (typeof given !== 'string' || !POST_ID.test(given)) return bad(index, 'no postId');
      postId = given;
      if (name === 'story.readingTime') {
        const s = (data as Record<string, unknown>).seconds;
        if (typeof s !== 'number' || !Number.isFinite(s) || s < 0) return bad(index, 'no seconds');
        seconds = Math.min(Math.round(s), MAX_READING_SECONDS_PER_EVENT);
      }
    }
    events.push({ id: id as string | null, name: name as ClientEventName, at: Math.min(Math.round(at), now), data: text, postId, seconds });
  }
  return { ok: true, events };
}

function bad(index: number, why: string): BatchReading {
  return { ok: false, status: 400, message: `Event ${index}: ${why}.` };
}

/** The UTC day of a time, 'YYYY-MM-DD' (the rollups' and member_reading_time_daily's key). */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
