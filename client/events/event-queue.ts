// The client event queue (docs/product/3-routes-data-calls-constants.md §7.2, §9;
// docs/product/1-product-screens-membership-header-search.md §7; docs/stats.md#client-queue). Events wait in local
// storage (in memory when it is unavailable), at most 1,000, oldest dropped. Every 5 s they are
// POSTed as one JSON array with same-origin credentials and the anti-forgery header; on pagehide
// once more with keepalive. They are removed only on an ok answer (or a refusal that would never
// change); failures are swallowed and retried, the delay doubling, at most 10 times.
// Kept tiny on purpose: it is in every page's entry chunk.
import { EVENTS_PATH, MAX_QUEUED_EVENTS, MAX_SEND_RETRIES, SEND_INTERVAL_MS, type ClientEvent, type ClientEventName } from '../../shared/events/client-events.ts';

const STORAGE_KEY = 'vellum.events';
type Queued = Omit<ClientEvent, 'id'> & { id: number; key?: string };

function eventKey(): string | undefined {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : undefined;
}

let enabled = false;
let xsrf = '1';
let store: Storage | null = null;
let memory: Queued[] = [];
let sequence = 0;
let failures = 0;
let sending = false;
let timer: ReturnType<typeof setTimeout> | undefined;

function load(): Queued[] {
  try {
    const text = store?.getItem(STORAGE_KEY);
    if (text) return JSON.parse(text) as Queued[];
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

/** Queues one event (a no-op for bots, dont_track_user, or before startEventQueue). */
export function track(name: ClientEventName, data: Record<string, unknown> = {}): void {
  if (!enabled) return;
  const at = Date.now();
  // `key` travels with the event, so a batch sent again counts once (docs/stats.md "Sent once").
  save([...load(), { id: at * 1000 + (sequence++ % 1000), key: eventKey(), name, at, data }].slice(-MAX_QUEUED_EVENTS));
}

/** Sends what is queued now; resolves whether the send succeeded (nothing queued counts as one). */
export async function flush(keepalive = false): Promise<boolean> {
  const batch = load();
  if (sending || batch.length === 0) return true;
  sending = true;
  try {
    const answer = await fetch(EVENTS_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive,
      headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
      body: JSON.stringify(batch.map(({ key, name, at, data }) => (key ? { id: key, name, at, data } : { name, at, data }))),
    });
    // A 4xx other than 429 will never be accepted: dropping it keeps later events flowing.
    const done = answer.ok || (answer.status >= 400 && answer.status < 500 && answer.status !== 429);
    if (done) {
      const sent = new Set(batch.map((e) => e.id));
      save(load().filter((e) => !sent.has(e.id)));
    }
    return done;
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
  schedule(SEND_INTERVAL_MS);
  addEventListener('pagehide', () => void flush(true));
}

/** For tests: stops the timer and forgets the in-memory queue. */
export function stopEventQueue(): void {
  clearTimeout(timer);
  enabled = false;
  memory = [];
  sequence = 0;
}
