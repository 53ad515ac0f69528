// The dates a page shows are written without an Intl formatter (shared/format.ts: the first one
// a page creates loads the locale's data at start-up), and must read exactly as Intl's en-US
// text did, which the server and the browser both produced before.
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../shared/format.ts';
import { memberSinceText } from '../../../client/components/avatar-menu/menu-items.ts';

const LONG_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const MONTH_YEAR = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Every month's first and last moment over several years, and days around leap days and the epoch. */
const MOMENTS = [
  0,
  -1,
  Date.UTC(2024, 1, 29, 23, 59, 59, 999),
  Date.UTC(2026, 10, 22, 12),
  ...Array.from({ length: 12 * 6 }, (_, i) => Date.UTC(2020 + Math.floor(i / 12), i % 12, 1)),
  ...Array.from({ length: 12 * 6 }, (_, i) => Date.UTC(2020 + Math.floor(i / 12), (i % 12) + 1, 1) - 1),
];

describe('dates without Intl', () => {
  it('formatDate reads as Intl’s "LLLL d, yyyy" in UTC', () => {
    for (const moment of MOMENTS) expect(formatDate(moment)).toBe(LONG_DATE.format(new Date(moment)));
    expect(formatDate(Date.UTC(2026, 10, 22))).toBe('November 22, 2026');
  });

  it('"Member since" reads as Intl’s month and year in UTC', () => {
    for (const moment of MOMENTS) expect(memberSinceText(moment)).toBe(`Member since ${MONTH_YEAR.format(new Date(moment))}`);
  });

  it('an invalid date is a RangeError, as with Intl', () => {
    expect(() => formatDate(Number.NaN)).toThrow(RangeError);
    expect(() => memberSinceText(Number.NaN)).toThrow(RangeError);
  });
});
