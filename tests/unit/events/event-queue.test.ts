// The client event queue (client/events/event-queue.ts; docs/stats.md#client-queue): events
// survive a failed send and are sent once after it; they wait in storage; at most 1,000 are kept
// (oldest dropped); every send carries the anti-forgery header and same-origin credentials; the
// page's last send uses keepalive; retries double the delay and stop after 10; bots queue nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, startEventQueue, stopEventQueue, track } from '../../../client/events/event-queue.ts';
import { EVENTS_PATH, MAX_EVENTS_PER_SEND, SEND_INTERVAL_MS, type EventRecord } from '../../../shared/events/client-events.ts';
import { resetTrail, startTrail } from '../../../client/events/common-data.ts';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

let answers: (number | 'network')[];
let sent: { url: string; init: RequestInit; events: EventRecord[] }[];
let listeners: Record<string, () => void>;
let storage: MemoryStorage;

beforeEach(() => {
  vi.useFakeTimers();
  answers = [];
  sent = [];
  listeners = {};
  storage = new MemoryStorage();
  resetTrail(startTrail('https://vellum.test/@ada/a-story-1a2b?source=home', 'https://search.example/'));
  vi.stubGlobal('addEventListener', (type: string, listener: () => void) => (listeners[type] = listener));
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init, events: JSON.parse(String(init.body)) });
    const answer = answers.shift() ?? 204;
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(null, { status: answer });
  });
});
afterEach(() => {
  stopEventQueue();
  resetTrail();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const start = () => startEventQueue({ xsrf: 'xsrf-1', disabled: false, storage: storage as unknown as Storage });

describe('the event queue', () => {
  it('sends the queued events after 5 s, with the header and credentials, and then forgets them', async () => {
    start();
    track('nav.avatarMenuOpened');
    track('button.clicked', { button: 'moc_star' });
    await vi.advanceTimersByTimeAsync(SEND_INTERVAL_MS - 1);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(EVENTS_PATH);
    expect(sent[0]!.init).toMatchObject({ method: 'POST', credentials: 'same-origin', keepalive: false });
    expect((sent[0]!.init.headers as Record<string, string>)['x-xsrf-token']).toBe('xsrf-1');
    expect(sent[0]!.events.map((e) => e.key)).toEqual(['nav.avatarMenuOpened', 'button.clicked']);
    expect(JSON.parse(storage.getItem('vellum.events')!)).toEqual([]);
    await vi.advanceTimersByTimeAsync(SEND_INTERVAL_MS * 3);
    expect(sent).toHaveLength(1); // nothing left to send
  });

  it('keeps events through failed sends and sends each once when the intake answers ok', async () => {
    start();
    answers = ['network', 503];
    track('upsell.viewed');
    await vi.advanceTimersByTimeAsync(SEND_INTERVAL_MS); // fails (network)
    await vi.advanceTimersByTimeAsync(SEND_INTERVAL_MS * 2); // fails (503), delay doubled
    expect(sent).toHaveLength(2);
    expect(JSON.parse(storage.getItem('vellum.events')!)).toHaveLength(1);
    track('upsell.clicked');
    await vi.advanceTimersByTimeAsync(SEND_INTERVAL_MS * 4); // ok
    expect(sent).toHaveLength(3);
    expect(sent[2]!.events.map((e) => e.key)).toEqual(['upsell.viewed', 'upsell.clicked']);
    await vi.advanceTimersByTimeAsync(SEND_INTERVAL_MS * 10);
    // Tried twice without an answer, then delivered once and never again.
    expect(sent).toHaveLength(3);
    expect(sent.slice(2).flatMap((s) => s.events).map((e) => e.key)).toEqual(['upsell.viewed', 'upsell.clicked']);
    // Each send of an event carries the same id, so the intake counts a resent one once.
    const firstId = sent[0]!.events[0]!.eventId;
    expect(firstId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.events[0]!.eventId).toBe(firstId);
    expect(sent[2]!.events[0]!.eventId).toBe(firstId);
    expect(sent[2]!.events[1]!.eventId).not.toBe(firstId);
  });

  it('stores and sends each event as the spec\'s record, with the common data', async () => {
    start();
    vi.setSystemTime(1_780_000_000_000);
    track('button.clicked', { button: 'moc_star' });
    expect(await flush()).toBe(true);
    const [record] = sent[0]!.events;
    expect(Object.keys(record!)).toEqual(['key', 'data', 'type', 'timestamp', 'eventId']);
    expect(record).toEqual({
      key: 'button.clicked',
      type: 'e',
      timestamp: 1_780_000_000_000,
      eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      data: { service: 'lite', location: 'https://vellum.test/@ada/a-story-1a2b?source=home', browserWidth: 0, referrer: 'https://search.example/', referrerSource: 'home', button: 'moc_star' },
    });
  });

  it('keeps a batch the intake refused (any answer but ok) and sends it again', async () => {
    start();
    answers = [400, 429, 500];
    track('upsell.viewed');
    for (let i = 0; i < 3; i++) expect(await flush()).toBe(false);
    expect(JSON.parse(storage.getItem('vellum.events')!)).toHaveLength(1);
    expect(await flush()).toBe(true);
    expect(sent.map((s) => s.events[0]!.eventId)).toEqual(Array(4).fill(sent[0]!.events[0]!.eventId));
    expect(JSON.parse(storage.getItem('vellum.events')!)).toEqual([]);
  });

  it('sends a long queue in POSTs of at most MAX_EVENTS_PER_SEND, removing each one answered ok', async () => {
    start();
    for (let i = 0; i < MAX_EVENTS_PER_SEND + 20; i++) track('search.predictiveQueried', { i });
    answers = [204, 503];
    expect(await flush()).toBe(false);
    expect(sent.map((s) => s.events.length)).toEqual([MAX_EVENTS_PER_SEND, 20]);
    const left = JSON.parse(storage.getItem('vellum.events')!) as EventRecord[];
    expect(left.map((e) => e.data.i)).toEqual(Array.from({ length: 20 }, (_, k) => MAX_EVENTS_PER_SEND + k));
  });

  it('drops records an older page stored in another shape', async () => {
    storage.setItem('vellum.events', JSON.stringify([{ id: 1, name: 'upsell.viewed', at: 1, data: {} }]));
    start();
    track('upsell.clicked');
    expect(await flush()).toBe(true);
    expect(sent[0]!.events.map((e) => e.key)).toEqual(['upsell.clicked']);
  });

  it('keeps at most 1,000 events, dropping the oldest', async () => {
    start();
    for (let i = 0; i < 1005; i++) track('search.predictiveQueried', { i });
    const stored = JSON.parse(storage.getItem('vellum.events')!) as EventRecord[];
    expect(stored).toHaveLength(1000);
    expect(stored[0]!.data.i).toBe(5);
  }, 30_000); // a thousand writes of the whole stored queue: slow on a loaded machine

  it('sends with keepalive on pagehide', async () => {
    start();
    track('openInApp.clicked');
    listeners.pagehide!();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.init.keepalive).toBe(true);
  });

  it('stops retrying after 10 failures in a row, keeping the events', async () => {
    start();
    answers = Array.from({ length: 20 }, () => 'network' as const);
    track('upsell.dismissed');
    await vi.advanceTimersByTimeAsync(SEND_INTERVAL_MS * 2 ** 13);
    expect(sent).toHaveLength(11); // the first try and 10 retries
    expect(JSON.parse(storage.getItem('vellum.events')!)).toHaveLength(1);
  });

  it('works in memory when storage throws', async () => {
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    startEventQueue({ xsrf: null, disabled: false, storage: broken as unknown as Storage });
    track('homepage.footer.aboutClicked');
    expect(await flush()).toBe(true);
    expect(sent[0]!.events.map((e) => e.key)).toEqual(['homepage.footer.aboutClicked']);
    expect((sent[0]!.init.headers as Record<string, string>)['x-xsrf-token']).toBe('1');
  });

  it('queues nothing for bots', async () => {
    startEventQueue({ xsrf: null, disabled: true, storage: storage as unknown as Storage });
    track('upsell.viewed');
    await vi.advanceTimersByTimeAsync(SEND_INTERVAL_MS * 2);
    expect(sent).toHaveLength(0);
  });
});
