// The dated discovery addresses (docs/product/3-routes-data-calls-constants.md §2.3 /top-stories/
// {monthDayYearSlug}): a day is written "november-22-2026" in the address and "2026-11-22" in
// the data call. Both directions live here so links and pages agree.
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "november-22-2026" → "2026-11-22"; null when it is not a real day. */
export function isoDateFromSlug(slug: string): string | null {
  const match = /^([a-z]+)-(\d{1,2})-(\d{4})$/.exec(slug.toLowerCase());
  if (!match) return null;
  const month = MONTHS.indexOf(match[1]!) + 1;
  const day = Number(match[2]);
  const year = Number(match[3]);
  if (month < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** "2026-11-22" → "november-22-2026". */
export function slugFromIsoDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return `${MONTHS[month - 1]}-${day}-${year}`;
}

/** "2026-11-22" shifted by whole days. */
export function shiftIsoDate(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** "2026-11-22" → "November 22, 2026". */
export function longDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const name = MONTHS[month - 1]!;
  return `${name[0]!.toUpperCase()}${name.slice(1)} ${day}, ${year}`;
}

/** Whether an archive address names a real year, month or day (no month 13, no 30 February). */
export function isRealArchivePeriod(year: number, month: number | null, day: number | null): boolean {
  if (!Number.isInteger(year) || year < 1970 || year > 9999) return false;
  if (month === null) return true;
  if (!Number.isInteger(month) || month < 1 || month > 12) return false;
  if (day === null) return true;
  return Number.isInteger(day) && day >= 1 && new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}

/** An archive period in words ("2026", "November, 2026", "November 3, 2026"); "no such date" for an unreal one. */
export function archivePeriodWords(year: number, month: number | null, day: number | null): string {
  if (!isRealArchivePeriod(year, month, day)) return 'no such date';
  if (month === null) return String(year);
  if (day === null) return longDate(`${year}-${String(month).padStart(2, '0')}-01`).replace(/ 1,/, ',');
  return longDate(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
}
