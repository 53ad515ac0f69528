// The reader's country, as the edge reports it: geo answers, withheld-in-country rules and the
// request context read it from here.

/**
 * The country of a request: Cloudflare's CF-IPCountry header (set by the edge, which
 * replaces any value a client sends), else request.cf.country. Locally nothing sets the
 * header, so a test can send one.
 */
export function requestCountry(request: Request): string | null {
  const header = request.headers.get('cf-ipcountry');
  const cf = (request as Request & { cf?: { country?: unknown } }).cf;
  const value = (header ?? (typeof cf?.country === 'string' ? cf.country : '')).trim().toUpperCase();
  // XX: unknown; T1: Tor.
  return /^[A-Z]{2}$/.test(value) && value !== 'XX' ? value : null;
}
