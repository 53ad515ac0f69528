// Time zones by IANA name (docs/stats.md "Days in the writer's time zone"), on Intl alone: the
// worker and the browser both carry the zone database, so nothing is bundled for it.

/** The longest name Intl knows is under 40 characters ("America/Argentina/ComodRivadavia"). */
const MAX_NAME = 64;

/** Whether `name` is a time zone Intl knows (its canonical spelling is what is stored). */
export function canonicalTimeZone(name: string): string | null {
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_NAME || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day ('YYYY-MM-DD') at `ms` in `timeZone` (UTC when null). */
export function localDay(ms: number, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC';
  let format = dayFormats.get(zone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(zone, format);
  }
  return format.format(new Date(ms));
}

/** `timeZone`'s offset from UTC at `ms`, in milliseconds (east positive). */
export function utcOffsetMs(ms: number, timeZone: string | null): number {
  if (!timeZone) return 0;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(ms / 1000) * 1000;
}
