// Looking up DNS records for custom-domain verification (docs/adr/0086-a-writers-custom-domain.md). An
// interface with two adapters: DNS-over-HTTPS in a deployment (a Worker cannot speak UDP DNS),
// and in development a local zone in D1 (dev_dns_records) that answers the same questions the
// same way, so the settings flow runs end to end without the network.
import type { D1Database } from '@cloudflare/workers-types';
import { isDevelopment, type Env } from '../../env.ts';

export type DnsRecordType = 'TXT' | 'CNAME';

export interface DnsResolver {
  /** The record values of a name (TXT strings joined, CNAME targets without the final dot); [] when there are none. */
  lookup(name: string, type: DnsRecordType): Promise<string[]>;
}

export class DnsLookupFailed extends Error {}

/** The public resolver asked in a deployment; JSON API (application/dns-json). */
export const DEFAULT_DOH_URL = 'https://cloudflare-dns.com/dns-query';
const TYPE_CODES: Record<DnsRecordType, number> = { TXT: 16, CNAME: 5 };

/** A TXT answer's data is one or more quoted strings: "abc" "def" → abcdef. */
export function txtValue(data: string): string {
  const parts = [...data.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
  return parts.length > 0 ? parts.join('') : data;
}

export function normalizeName(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, '');
}

/** DNS over HTTPS, the JSON form (RFC 8484's GET with the dns-json media type). */
export class DnsOverHttpsResolver implements DnsResolver {
  constructor(
    private readonly endpoint: string = DEFAULT_DOH_URL,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  async lookup(name: string, type: DnsRecordType): Promise<string[]> {
    const url = new URL(this.endpoint);
    url.searchParams.set('name', normalizeName(name));
    url.searchParams.set('type', type);
    let response: Response;
    try {
      response = await this.fetcher(url.toString(), { headers: { accept: 'application/dns-json' }, signal: AbortSignal.timeout(5000) });
    } catch (error) {
      throw new DnsLookupFailed(`DNS lookup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!response.ok) throw new DnsLookupFailed(`DNS lookup answered ${response.status}`);
    const body = (await response.json()) as { Status?: number; Answer?: { type: number; data: string }[] };
    // 3 = NXDOMAIN: the name does not exist, which is an answer (no records), not a failure.
    if (body.Status !== 0 && body.Status !== 3) throw new DnsLookupFailed(`DNS lookup status ${body.Status}`);
    return (body.Answer ?? [])
      .filter((answer) => answer.type === TYPE_CODES[type])
      .map((answer) => (type === 'TXT' ? txtValue(answer.data) : normalizeName(answer.data)));
  }
}

/** Development's zone: rows of dev_dns_records answer as a resolver would (names without case, no final dot). */
export class LocalDnsResolver implements DnsResolver {
  constructor(private readonly db: D1Database) {}

  async lookup(name: string, type: DnsRecordType): Promise<string[]> {
    const { results } = await this.db
      .prepare('SELECT value FROM dev_dns_records WHERE name = ? AND type = ? ORDER BY value')
      .bind(normalizeName(name), type)
      .all<{ value: string }>();
    return results.map((row) => (type === 'CNAME' ? normalizeName(row.value) : row.value));
  }
}

/** The resolver for this environment: the local zone in development, DNS over HTTPS elsewhere. */
export function dnsResolverFor(env: Pick<Env, 'DB' | 'ENVIRONMENT'> & { DNS_OVER_HTTPS_URL?: string }): DnsResolver {
  return isDevelopment(env) ? new LocalDnsResolver(env.DB) : new DnsOverHttpsResolver(env.DNS_OVER_HTTPS_URL || DEFAULT_DOH_URL);
}
