// The client event queue (docs/product/3-routes-data-calls-constants.md §3 "Event record", §7.2, §9;
// docs/product/1-product-screens-membership-header-search.md §7; docs/events.md; docs/stats.md#client-queue).
// Each event is stored as the spec's record { key, data, type: "e", timestamp, eventId }, its
// data carrying the common data (client/events/common-data.ts). Events wait in local storage (in
// memory when it is unavailable), at most 1,000, oldest dropped. Every 5 s they are POSTed as a
// JSON array (at most MAX_EVENTS_PER_SEND a POST) with same-origin credentials and the
// anti-forgery header; on pagehide once more with keepalive. A batch leaves the queue only when
// the intake answered ok; any other answer keeps it to be sent again, the delay doubling, at
// most 10 times a page. Failures are swallowed.
// Kept tiny on purpose: it is in every page's entry chunk.
import { EVENT_RECORD_TYPE, EVENTS_PATH, MAX_EVENTS_PER_SEND, MAX_QUEUED_EVENTS, MAX_SEND_RETRIES, SEND_INTERVAL_MS, type ClientEventName, type EventRecord } from '../../shared/events/client-events.ts';
import { beginPageTrail, pageEventData } from './common-data.ts';

const STORAGE_KEY = 'vellum.events';
type Queued = EventRecord;

let fallbackSequence = 0;
function newEventId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${(fallbackSequence++).toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

let enabled = false;
let xsrf = '1';
let store: Storage | null = null;
let memory: Queued[] = [];
let failures = 0;
let sending = false;
let timer: ReturnType<typeof setTimeout> | undefined;

function load(): Queued[] {
  try {
    const text = store?.getItem(STORAGE_KEY);
    // Records stored by an older page in another shape are dropped: the intake would refuse them.
    if (text) return (JSON.parse(text) as Queued[]).filter((e) => e?.type === EVENT_RECORD_TYPE && typeof e.key === 'string' && typeof e.eventId === 'string');
  } catch {
    // Unreadable storage: the in-memory copy is the queue.
  }
  return memory.slice();
}

function save(events: Queued[]): void {
  memory = events;
  try {
    store?.setItem(STORAGE_KEY, JSON.stringify(events));
  } catch {
    store = null; // full or denied: keep going in memory
  }
}

/** The record `track` stores (exported for tests: the shape the intake accepts). */
export function eventRecord(key: ClientEventName, data: Record<string, unknown> = {}, timestamp = Date.now()): EventRecord {
  return { key, data: { ...pageEventData(), ...data }, type: EVENT_RECORD_TYPE, timestamp, eventId: newEventId() };
}

/** Queues one event (a no-op for bots, dont_track_user, or before startEventQueue). */
export function track(key: ClientEventName, data: Record<string, unknown> = {}): void {
  if (!enabled) return;
  save([...load(), eventRecord(key, data)].slice(-MAX_QUEUED_EVENTS));
}

/** Sends what is queued now; resolves whether every send was answered ok (nothing queued counts as one). */
export async function flush(keepalive = false): Promise<boolean> {
  if (sending) return true;
  sending = true;
  try {
    for (;;) {
      const batch = load().slice(0, MAX_EVENTS_PER_SEND);
      if (batch.length === 0) return true;
      const answer = await fetch(EVENTS_PATH, {
        method: 'POST',
        credentials: 'same-origin',
        keepalive,
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: JSON.stringify(batch),
      });
      // Only an ok answer removes the batch: anything else is kept and sent again later.
      if (!answer.ok) return false;
      const sent = new Set(batch.map((e) => e.eventId));
      save(load().filter((e) => !sent.has(e.eventId)));
    }
  } catch {
    return false; // swallowed: retried later
  } finally {
    sending = false;
  }
}

function schedule(delay: number): void {
  clearTimeout(timer);
  timer = setTimeout(async () => {
    const ok = await flush();
    failures = ok ? 0 : failures + 1;
    if (failures <= MAX_SEND_RETRIES) schedule(SEND_INTERVAL_MS * 2 ** failures);
  }, delay);
}

export interface EventQueueOptions {
  xsrf: string | null;
  /** Bots and dont_track_user: nothing is queued or sent. */
  disabled: boolean;
  /** For tests; defaults to window.localStorage when it can be used. */
  storage?: Storage | null;
}

export function startEventQueue(options: EventQueueOptions): void {
  enabled = !options.disabled;
  if (!enabled) return;
  xsrf = options.xsrf ?? '1';
  try {
    store = options.storage !== undefined ? options.storage : window.localStorage;
  } catch {
    store = null;
  }
  failures = 0;
  beginPageTrail();
  schedule(SEND_INTERVAL_MS);
  addEventListener('pagehide', () => void flush(true));
}

/** For tests: stops the timer and forgets the in-memory queue. */
export function stopEventQueue(): void {
  clearTimeout(timer);
  enabled = false;
  memory = [];
}
