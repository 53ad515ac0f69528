// The intake's reading of a batch (worker/events/read-batch.ts; docs/product/3-routes-data-calls-
// constants.md §3 "Event record"): exactly { key, data, type: "e", timestamp, eventId } with the
// common data is accepted; every other shape is refused with a message naming what is wrong.
import { describe, expect, it } from 'vitest';
import { readBatch } from '../../../worker/events/read-batch.ts';

const NOW = 1_780_000_000_000;
const common = { service: 'lite', location: 'https://vellum.test/', browserWidth: 1280, referrer: '', referrerSource: null };
const record = (over: Record<string, unknown> = {}) => ({
  key: 'nav.avatarMenuOpened',
  data: { ...common },
  type: 'e',
  timestamp: NOW - 1000,
  eventId: '0b6f2c1e-3d4a-4e59-9a57-6f3e2f1d0c9b',
  ...over,
});

describe('readBatch', () => {
  it('accepts records in the spec shape and reads key, time, id and story fields', () => {
    const story = record({ key: 'story.readingTime', data: { ...common, postId: '1a2b', seconds: 42.4 }, eventId: 'evt-00000002' });
    const reading = readBatch([record(), story], NOW);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.events.map((e) => [e.name, e.id, e.at, e.postId, e.seconds])).toEqual([
      ['nav.avatarMenuOpened', '0b6f2c1e-3d4a-4e59-9a57-6f3e2f1d0c9b', NOW - 1000, null, 0],
      ['story.readingTime', 'evt-00000002', NOW - 1000, '1a2b', 42],
    ]);
    expect(JSON.parse(reading.events[0]!.data)).toEqual(common);
  });

  it('accepts the sign-in, multi-user login and reactivation events', () => {
    for (const key of ['susi.exceededAttempts', 'susi.captchaFailure', 'susi.multiUserLogin', 'membership.reactivated']) {
      expect(readBatch([record({ key })], NOW).ok, key).toBe(true);
    }
  });

  it('refuses every other shape with a message saying what is wrong', () => {
    const { eventId: _, ...noId } = record();
    const cases: [unknown, string][] = [
      [{ events: [] }, 'Expected a JSON array of event records'],
      [[{ name: 'nav.avatarMenuOpened', at: NOW, data: {} }], 'Event 0: an unknown field "name"'],
      [[noId], 'Event 0: no eventId'],
      [[record({ type: 'click' })], 'Event 0: type is not "e"'],
      [[record({ key: 'story.liked' })], 'Event 0: unknown key "story.liked"'],
      [[record({ timestamp: 'yesterday' })], 'Event 0: no timestamp'],
      [[record({ eventId: 'x' })], 'Event 0: a malformed eventId'],
      [[record(), record({ data: { ...common, service: 's3-site' } })], 'Event 1: data.service is not "lite"'],
      [[record({ data: { service: 'lite' } })], 'Event 0: no data.location'],
      [[record({ data: { ...common, browserWidth: '1280' } })], 'Event 0: no data.browserWidth'],
      [[record({ data: { ...common, referrerSource: 3 } })], 'Event 0: no data.referrerSource'],
      [[record({ data: { ...common, blob: 'x'.repeat(3000) } })], 'Event 0: data over 2 KiB'],
      [[record({ key: 'story.viewed' })], 'Event 0: no postId'],
    ];
    for (const [body, message] of cases) {
      const reading = readBatch(body, NOW);
      expect(reading.ok, JSON.stringify(body).slice(0, 80)).toBe(false);
      if (reading.ok) continue;
      expect(reading.status).toBe(400);
      expect(reading.message).toContain(message);
      expect(reading.message).toContain('{ key, data, type: "e", timestamp, eventId }');
    }
  });

  it('clamps a time from the future to the arrival time', () => {
    const reading = readBatch([record({ timestamp: NOW + 86_400_000 })], NOW);
    expect(reading.ok && reading.events[0]!.at).toBe(NOW);
  });
});
