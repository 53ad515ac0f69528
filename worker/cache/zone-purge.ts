// The zone purge: Cloudflare's purge-by-tag API for the zone the site is served on. It is
// the one adapter that differs between production and local runs: with CF_ZONE_ID and
// CF_API_TOKEN configured a purge also calls the API; without them (locally, in tests) there
// is no zone to purge. It is what removes a purged page from the data centres other than the
// one the purge ran in (a HIT reads nothing but the stored copy); when it fails, those copies
// are served until their TTL ends (the bound in docs/adr/0020-purge-by-tag.md).
//
// API: POST https://api.cloudflare.com/client/v4/zones/{zone_id}/purge_cache {"tags": [...]},
// at most 100 tags per call (the Free plan also allows only a few calls a minute; a refused
// call is reported, not retried).
import type { Env } from '../env.ts';

export const ZONE_PURGE_MAX_TAGS = 100;
export const CLOUDFLARE_API = 'https://api.cloudflare.com/client/v4';

export interface ZonePurgeReport {
  /** Calls made (one per 100 tags). */
  calls: number;
  ok: boolean;
  errors: string[];
}

export interface ZonePurger {
  purgeTags(tags: readonly string[]): Promise<ZonePurgeReport>;
}

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export class CloudflareZonePurger implements ZonePurger {
  constructor(
    private readonly zoneId: string,
    private readonly apiToken: string,
    // Looked up at call time, so a test can replace the global fetch.
    private readonly fetchImpl: FetchLike = (input, init) => fetch(input, init),
  ) {}

  async purgeTags(tags: readonly string[]): Promise<ZonePurgeReport> {
    const report: ZonePurgeReport = { calls: 0, ok: true, errors: [] };
    for (let i = 0; i < tags.length; i += ZONE_PURGE_MAX_TAGS) {
      const batch = tags.slice(i, i + ZONE_PURGE_MAX_TAGS);
      report.calls++;
      try {
        const response = await this.fetchImpl(`${CLOUDFLARE_API}/zones/${encodeURIComponent(this.zoneId)}/purge_cache`, {
          method: 'POST',
          headers: { authorization: `Bearer ${this.apiToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ tags: batch }),
        });
        const body = (await response.json().catch(() => null)) as { success?: boolean; errors?: { message?: string }[] } | null;
        if (!response.ok || body?.success !== true) {
          report.ok = false;
          const messages = body?.errors?.map((e) => e.message ?? 'unknown error') ?? [];
          report.errors.push(`HTTP ${response.status}${messages.length ? `: ${messages.join('; ')}` : ''}`);
        }
      } catch (error) {
        report.ok = false;
        report.errors.push(error instanceof Error ? error.message : String(error));
      }
    }
    return report;
  }
}

/** The zone purger the configuration asks for, or null when no zone is configured. */
export function zonePurgerFromEnv(env: Pick<Env, 'CF_ZONE_ID' | 'CF_API_TOKEN'>): ZonePurger | null {
  return env.CF_ZONE_ID && env.CF_API_TOKEN ? new CloudflareZonePurger(env.CF_ZONE_ID, env.CF_API_TOKEN) : null;
}
