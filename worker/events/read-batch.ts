// Validation of one event batch (docs/product/3-routes-data-calls-constants.md §3 "Event record";
// docs/events.md; docs/stats.md#intake): a JSON array of at most MAX_QUEUED_EVENTS records, each
// exactly { key, data, type: "e", timestamp, eventId } — a known key, the common data in data
// (service lite, location, browserWidth, referrer, referrerSource), data of at most
// MAX_EVENT_DATA_CHARS; story events name a story. Anything else is refused with a message
// naming the event and what is wrong. Pure, so the refusals are unit-tested without the worker.
import {
  EVENT_RECORD_FIELDS,
  EVENT_RECORD_TYPE,
  EVENT_SERVICE,
  MAX_EVENT_DATA_CHARS,
  MAX_QUEUED_EVENTS,
  MAX_READING_SECONDS_PER_EVENT,
  NAMED_EVENTS,
  OUTCOME_EVENTS,
  STORY_EVENTS,
  type ClientEventName,
} from '../../shared/events/client-events.ts';

const KNOWN = new Set<string>([...NAMED_EVENTS, ...OUTCOME_EVENTS, ...STORY_EVENTS]);
const STORY = new Set<string>(STORY_EVENTS);
const FIELDS = new Set<string>(EVENT_RECORD_FIELDS);
const POST_ID = /^[0-9a-f]{1,16}$/;
/** An event id: what crypto.randomUUID gives, or any short token of its letters. */
const EVENT_ID = /^[\w-]{8,64}$/;

export interface ReadEvent {
  /** The browser's eventId of the event. */
  id: string;
  name: ClientEventName;
  /** When the browser queued it, clamped to the arrival time (a client clock is not trusted for days). */
  at: number;
  data: string;
  postId: string | null;
  /** story.readingTime only: whole seconds, 0..MAX_READING_SECONDS_PER_EVENT. */
  seconds: number;
}

export type BatchReading = { ok: true; events: ReadEvent[] } | { ok: false; status: 400 | 413; message: string };

export const EXPECTED_SHAPE = 'Expected a JSON array of event records { key, data, type: "e", timestamp, eventId }.';

export function readBatch(body: unknown, now: number): BatchReading {
  if (!Array.isArray(body)) return { ok: false, status: 400, message: EXPECTED_SHAPE };
  if (body.length > MAX_QUEUED_EVENTS) return { ok: false, status: 413, message: `At most ${MAX_QUEUED_EVENTS} events in one batch.` };
  const events: ReadEvent[] = [];
  for (const [index, item] of body.entries()) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return bad(index, 'not an object');
    const record = item as Record<string, unknown>;
    const extra = Object.keys(record).find((field) => !FIELDS.has(field));
    if (extra !== undefined) return bad(index, `an unknown field ${JSON.stringify(extra.slice(0, 40))}`);
    const missing = EVENT_RECORD_FIELDS.find((field) => !(field in record));
    if (missing !== undefined) return bad(index, `no ${missing}`);
    const { key, data, type, timestamp, eventId } = record;
    if (type !== EVENT_RECORD_TYPE) return bad(index, `type is not "${EVENT_RECORD_TYPE}"`);
    if (typeof eventId !== 'string' || !EVENT_ID.test(eventId)) return bad(index, 'a malformed eventId');
    if (typeof key !== 'string' || !KNOWN.has(key)) return bad(index, `unknown key ${JSON.stringify(String(key).slice(0, 60))}`);
    if (typeof timestamp !== 'number' || !Number.isFinite(timestamp) || timestamp <= 0) return bad(index, 'no timestamp');
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return bad(index, 'data is not an object');
    const fields = data as Record<string, unknown>;
    const common = commonDataProblem(fields);
    if (common) return bad(index, common);
    const text = JSON.stringify(data);
    if (text.length > MAX_EVENT_DATA_CHARS) return bad(index, `data over ${MAX_EVENT_DATA_CHARS / 1024} KiB`);
    let postId: string | null = null;
    let seconds = 0;
    if (STORY.has(key)) {
      const given = fields.postId;
      if (typeof given !== 'string' || !POST_ID.test(given)) return bad(index, 'no postId');
      postId = given;
      if (key === 'story.readingTime') {
        const s = fields.seconds;
        if (typeof s !== 'number' || !Number.isFinite(s) || s < 0) return bad(index, 'no seconds');
        seconds = Math.min(Math.round(s), MAX_READING_SECONDS_PER_EVENT);
      }
    }
    events.push({ id: eventId, name: key as ClientEventName, at: Math.min(Math.round(timestamp), now), data: text, postId, seconds });
  }
  return { ok: true, events };
}

/** What is wrong with an event's common data (docs/product/3-… §3), or null. */
function commonDataProblem(data: Record<string, unknown>): string | null {
  if (data.service !== EVENT_SERVICE) return `data.service is not "${EVENT_SERVICE}"`;
  if (typeof data.location !== 'string') return 'no data.location';
  if (typeof data.browserWidth !== 'number' || !Number.isFinite(data.browserWidth) || data.browserWidth < 0) return 'no data.browserWidth';
  if (typeof data.referrer !== 'string') return 'no data.referrer';
  if (data.referrerSource !== null && typeof data.referrerSource !== 'string') return 'no data.referrerSource (a string or null)';
  return null;
}

function bad(index: number, why: string): BatchReading {
  return { ok: false, status: 400, message: `Event ${index}: ${why}. ${EXPECTED_SHAPE}` };
}

/** The UTC day of a time, 'YYYY-MM-DD' (the rollups' and member_reading_time_daily's key). */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
