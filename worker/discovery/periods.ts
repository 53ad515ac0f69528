// The discovery pages' periods: a UTC day named by its date (top stories of a day) and an
// archive's year, month of it or day of that (a tag's or a publication's archive).

const DAY_MS = 24 * 60 * 60 * 1000;

/** Parses "2026-11-22" into the UTC day's start; null when it is not a real date. */
export function utcDayStart(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = Date.UTC(year, month - 1, day);
  const check = new Date(start);
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? start : null;
}

/** The archive period [from, to) for a year, a month of it or a day of that. */
export function archivePeriod(year: number, month?: number | null, day?: number | null): { from: number; to: number } | null {
  if (!Number.isInteger(year) || year < 1970 || year > 9999) return null;
  if (month == null) return { from: Date.UTC(year, 0, 1), to: Date.UTC(year + 1, 0, 1) };
  if (!Number.isInteger(month) || month < 1 || month > 12) return null;
  if (day == null) return { from: Date.UTC(year, month - 1, 1), to: Date.UTC(year, month, 1) };
  const from = utcDayStart(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
  return from === null ? null : { from, to: from + DAY_MS };
}
