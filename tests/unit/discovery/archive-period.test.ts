// Archive periods in words (shared/discovery-dates.ts): the tag and publication archives share
// them, and an address naming no real date (month 13, 30 February) reads "no such date"
// instead of crashing the page.
import { describe, expect, it } from 'vitest';
import { archivePeriodWords, isRealArchivePeriod } from '../../../shared/discovery-dates.ts';

describe('archive periods', () => {
  it('name a year, a month and a day', () => {
    expect(archivePeriodWords(2026, null, null)).toBe('2026');
    expect(archivePeriodWords(2026, 11, null)).toBe('November, 2026');
    expect(archivePeriodWords(2026, 11, 3)).toBe('November 3, 2026');
  });

  it('refuse periods that do not exist', () => {
    expect(isRealArchivePeriod(2026, 13, null)).toBe(false);
    expect(isRealArchivePeriod(2026, 2, 30)).toBe(false);
    expect(isRealArchivePeriod(1969, null, null)).toBe(false);
    expect(archivePeriodWords(2026, 13, null)).toBe('no such date');
    expect(isRealArchivePeriod(2024, 2, 29)).toBe(true);
  });
});
