// shared/time-zone.ts: IANA names checked by Intl, calendar days and offsets in a zone
// (docs/stats.md "Days in the writer's time zone").
import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, localDay, utcOffsetMs } from '../../../shared/time-zone.ts';
import { statsWindow } from '../../../worker/stats/writer-stats.ts';

const INSTANT = Date.UTC(2026, 10, 20, 3, 0); // 2026-11-20T03:00Z

describe('time zones', () => {
  it('an instant falls on different days in Los Angeles and Tokyo', () => {
    expect(localDay(INSTANT, 'America/Los_Angeles')).toBe('2026-11-19');
    expect(localDay(INSTANT, 'Asia/Tokyo')).toBe('2026-11-20');
    expect(localDay(INSTANT, null)).toBe('2026-11-20');
  });

  it('knows offsets, daylight saving included', () => {
    expect(utcOffsetMs(INSTANT, 'Asia/Tokyo')).toBe(9 * 3_600_000);
    expect(utcOffsetMs(INSTANT, 'America/Los_Angeles')).toBe(-8 * 3_600_000);
    expect(utcOffsetMs(Date.UTC(2026, 6, 1), 'America/Los_Angeles')).toBe(-7 * 3_600_000);
    expect(utcOffsetMs(INSTANT, 'Asia/Kolkata')).toBe(5.5 * 3_600_000);
    expect(utcOffsetMs(INSTANT, null)).toBe(0);
  });

  it('accepts IANA names only', () => {
    expect(canonicalTimeZone('Europe/Stockholm')).toBe('Europe/Stockholm');
    for (const bad of ['Mars/Base', '', 'UTC; DROP TABLE users', '../etc', 'x'.repeat(100), 'Europe/Stockholm\u0000', '<script>']) expect(canonicalTimeZone(bad), bad).toBeNull();
  });

  it('a stats window ends on the writer’s own today', () => {
    expect(statsWindow(null, null, INSTANT, 'America/Los_Angeles').endDay).toBe('2026-11-19');
    expect(statsWindow(null, null, INSTANT, 'Asia/Tokyo').endDay).toBe('2026-11-20');
    const week = statsWindow(INSTANT - 6 * 86_400_000, INSTANT, INSTANT, 'Asia/Tokyo');
    expect(week.dayList).toHaveLength(7);
    expect(week.dayList.at(-1)).toBe('2026-11-20');
  });
});
