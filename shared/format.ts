// Formatting shared by the server render and the client, so both produce the same text
// (dates use UTC: a page rendered at the edge must hydrate to the same characters).

/** The month names of "LLLL" in en-US. */
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/**
 * Spec date format "LLLL d, yyyy", e.g. "November 22, 2026": the same text as
 * `Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })`,
 * written by hand because a page's first Intl formatter loads the locale's data, one of the
 * longest pieces of the browser's start-up work (docs/adr/0220-regions-hydrated-in-slices.md).
 */
export function formatDate(epochMs: number): string {
  const date = new Date(epochMs);
  // Intl's RangeError for an invalid date, as before.
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/**
 * "N min read": minutes rounded up, minimum 1 (docs/product/3-routes-data-calls-constants.md §9).
 */
export function formatReadingTime(minutes: number): string {
  const rounded = Number.isFinite(minutes) ? Math.max(1, Math.ceil(minutes)) : 1;
  return `${rounded} min read`;
}

/** Counts abbreviated with K and M (1.2K, 15K, 3.4M); plain digits below 1,000. */
export function formatCount(count: number): string {
  if (!Number.isFinite(count)) return String(count);
  const abs = Math.abs(count);
  if (abs < 1000) return String(Math.trunc(count));
  const [divisor, suffix] = abs < 1_000_000 ? [1000, 'K'] : [1_000_000, 'M'];
  const value = count / divisor;
  const text = Math.abs(value) < 10 ? (Math.trunc(value * 10) / 10).toString() : Math.trunc(value).toString();
  return `${text}${suffix}`;
}

/** Lowercase, dash-separated slug of a title (letters and digits only). */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}
