// A writer's own domain (/me/settings/custom-domain) and a publication's
// (/{collectionSlug}/settings/custom-domain; docs/adr/0086-a-writers-custom-domain.md and docs/adr/0087-a-publications-custom-domain.md): asked for,
// PENDING until a TXT record proves the asker controls the domain's DNS, LIVE once it does — and
// only LIVE domains are served (worker/host/resolve-host.ts). One flow for both holders: only the
// table, the verification value's binding and whose pages change differ (DomainHolder). The refusals
// are the spec's domain connect errors (docs/product/3-routes-data-calls-constants.md §8): ALREADY_CONNECTED,
// INVALID_DOMAIN, NON_MEMBER, UNKNOWN.
import type { D1Database } from '@cloudflare/workers-types';
import { mainOrigin, type Env } from '../env.ts';
import { clearHostCache } from '../host/resolve-host.ts';
import { hex } from '../lib/ids.ts';
import { isMembershipActive } from '../membership/active-membership.ts';
import { orm } from '../db/orm.ts';
import { memberships } from '../db/schema.ts';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../context/request-context.ts';
import type { ChangeSink } from '../context/changes.ts';
import { CallerError } from '../context/errors.ts';
import { DnsLookupFailed, dnsResolverFor, type DnsResolver } from './dns/dns-resolver.ts';

export const DOMAIN_CONNECT_ERRORS = ['ALREADY_CONNECTED', 'INVALID_DOMAIN', 'NON_MEMBER', 'UNKNOWN'] as const;
export type DomainConnectError = (typeof DOMAIN_CONNECT_ERRORS)[number];

export const DOMAIN_CONNECT_MESSAGES: Record<DomainConnectError, string> = {
  ALREADY_CONNECTED: 'This domain is already connected to another account or publication.',
  INVALID_DOMAIN: 'Please enter a valid domain name, like blog.example.com.',
  NON_MEMBER: 'Custom domains are available to members.',
  UNKNOWN: 'Something went wrong. Please try again.',
};

/** The TXT record's name is this label under the domain. */
export const VERIFICATION_LABEL = '_vellum-verification';

export type DomainRefusal = { __typename: 'CustomDomainFailure'; code: DomainConnectError; message: string };
const refused = (code: DomainConnectError, message = DOMAIN_CONNECT_MESSAGES[code]): DomainRefusal => ({ __typename: 'CustomDomainFailure', code, message });

/** Who a domain is for: a writer (users.custom_domain) or a publication (collections.domain). */
export type DomainHolder = { kind: 'user'; id: string } | { kind: 'collection'; id: string };

/** Where a holder's domain and its state are stored. */
const STORAGE = {
  user: { table: 'users', column: 'custom_domain', live: 'deleted_at IS NULL' },
  collection: { table: 'collections', column: 'domain', live: '1 = 1' },
} as const;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A typed domain as a host name (scheme, path and a final dot forgiven), or null when it cannot be one. */
export function normalizeDomain(input: string, env: Pick<Env, 'MAIN_HOST' | 'AUTH_DOMAIN'>): string | null {
  let text = input.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/+$/, '').replace(/\.$/, '');
  if (text.startsWith('www.') && text.split('.').length === 2) return null;
  if (!text || text.length > 253 || /[/:?#@\s]/.test(text)) return null;
  const labels = text.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  // A top-level domain has letters (or is an IDN's xn--): this also refuses IP addresses.
  if (!/^([a-z]{2,63}|xn--[a-z0-9-]+)$/.test(labels[labels.length - 1]!)) return null;
  // Our own names are not anyone's custom domain.
  for (const own of [env.MAIN_HOST, env.AUTH_DOMAIN]) {
    const ownName = (own ?? '').toLowerCase().replace(/:\d+$/, '');
    if (ownName && (text === ownName || text.endsWith(`.${ownName}`))) return null;
  }
  if (text === 'localhost' || text.endsWith('.localhost')) return null;
  text = labels.join('.');
  return text;
}

/**
 * The value the TXT record must hold: bound to the account and the domain, so a record placed
 * for one account never verifies another's claim. It needs no secrecy — only whoever controls the
 * domain's DNS can publish it.
 */
export async function verificationValue(holder: DomainHolder | string, domain: string): Promise<string> {
  // A writer's binding is their id alone (records published before publications had domains
  // keep verifying); a publication's is marked, so a writer's record never verifies a publication
  // whose id happened to be equal, nor the reverse.
  const binding = typeof holder === 'string' ? holder : holder.kind === 'user' ? holder.id : `collection:${holder.id}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`vellum-custom-domain:${binding}:${domain}`));
  return `vellum-verification=${hex(new Uint8Array(digest)).slice(0, 32)}`;
}

export function verificationName(domain: string): string {
  return `${VERIFICATION_LABEL}.${domain}`;
}

async function isMember(db: D1Database, userId: string, now: number): Promise<boolean> {
  const [row] = await orm(db).select().from(memberships).where(eq(memberships.userId, userId)).limit(1);
  return isMembershipActive(row ?? null, now);
}

/** What changes when a domain is added, goes live or goes: the host lookups, the pages, search. */
async function domainChanged(changes: ChangeSink, holder: DomainHolder): Promise<void> {
  // This isolate forgets at once; others within HOST_CACHE_TTL_MS (60 s).
  clearHostCache();
  // Addresses follow the live domain (shared/urls): every page of the writer, or of the
  // publication (its pages and its stories' pages), and its search record.
  const subject = holder.kind === 'user' ? ({ kind: 'profile', id: holder.id } as const) : ({ kind: 'publication', id: holder.id } as const);
  await changes.record({ pages: [subject], records: [subject] });
}

/**
 * The signed-in person changing a custom domain (their own, or a publication's they edit):
 * never a logged-out viewer, nor a spoofed session.
 */
export function domainAskerId(ctx: RequestContext): string {
  const id = ctx.viewer.user?.id;
  if (!id) throw new CallerError('Sign in to change your settings.', { code: 'UNAUTHENTICATED' });
  if (ctx.viewer.isSpoofed) throw new CallerError('A spoofed session cannot change settings.', { code: 'FORBIDDEN' });
  return id;
}

/** A DNS record the writer adds at their DNS provider. */
export interface DnsRecordInstruction {
  type: string;
  name: string;
  value: string;
}

/** The holder's domain and what verifying it takes. */
export interface CustomDomainSettings {
  state: 'NONE' | 'PENDING' | 'LIVE';
  domain: string | null;
  /** While PENDING: the TXT record that proves the domain is the holder's, and the CNAME that sends its traffic here. */
  records: DnsRecordInstruction[];
}

export async function customDomainSettings(ctx: RequestContext, holder: DomainHolder): Promise<CustomDomainSettings> {
  const { domain, state } = await customDomainOf(ctx.db, holder);
  const records =
    domain && state === 'PENDING'
      ? [
          { type: 'TXT', name: verificationName(domain), value: await verificationValue(holder, domain) },
          { type: 'CNAME', name: domain, value: new URL(mainOrigin(ctx.env)).hostname },
        ]
      : [];
  return { state, domain, records };
}

/** The holder's domain and its state (NONE without a domain). */
export async function customDomainOf(db: D1Database, holder: DomainHolder): Promise<{ domain: string | null; state: 'NONE' | 'PENDING' | 'LIVE' }> {
  const { table, column } = STORAGE[holder.kind];
  const row = await db.prepare(`SELECT ${column} AS domain, custom_domain_state AS state FROM ${table} WHERE id = ?`).bind(holder.id).first<{ domain: string | null; state: 'NONE' | 'PENDING' | 'LIVE' }>();
  return row?.domain ? { domain: row.domain, state: row.state } : { domain: null, state: 'NONE' };
}

/**
 * Asks for a domain: PENDING until verified. Asking again for the holder's own domain changes
 * nothing. `askerId` is the signed-in person (the writer, or the publication's editor): custom
 * domains are a member benefit, so the asker's membership is what is checked.
 */
export async function requestCustomDomain(ctx: RequestContext, holder: DomainHolder, askerId: string, input: string): Promise<DomainRefusal | null> {
  const { env, now } = ctx;
  const domain = normalizeDomain(input, env);
  if (!domain) return refused('INVALID_DOMAIN');
  if (!(await isMember(env.DB, askerId, now))) return refused('NON_MEMBER');
  const [userOwner, collectionOwner] = await env.DB.batch<{ id: string }>([
    env.DB.prepare('SELECT id FROM users WHERE custom_domain = ?').bind(domain),
    env.DB.prepare('SELECT id FROM collections WHERE domain = ?').bind(domain),
  ]);
  const ownerRow = (holder.kind === 'user' ? userOwner : collectionOwner)?.results[0];
  const otherRow = (holder.kind === 'user' ? collectionOwner : userOwner)?.results[0];
  if (ownerRow?.id === holder.id) return null;
  if (ownerRow || otherRow) return refused('ALREADY_CONNECTED');
  const { table, column, live } = STORAGE[holder.kind];
  try {
    await env.DB.prepare(`UPDATE ${table} SET ${column} = ?, custom_domain_state = 'PENDING' WHERE id = ? AND ${live}`).bind(domain, holder.id).run();
  } catch (error) {
    // The UNIQUE index: someone took it between the check and the write.
    if (String(error).includes('UNIQUE')) return refused('ALREADY_CONNECTED');
    throw error;
  }
  await domainChanged(ctx.changes, holder);
  return null;
}

export type VerifyOutcome = { state: 'LIVE' } | { state: 'PENDING'; message: string } | DomainRefusal;

/** Looks the TXT record up: LIVE when it holds this holder's value. */
export async function verifyCustomDomain(ctx: RequestContext, holder: DomainHolder, askerId: string, resolver: DnsResolver = dnsResolverFor(ctx.env)): Promise<VerifyOutcome> {
  const { env, now } = ctx;
  const current = await customDomainOf(env.DB, holder);
  if (!current.domain) return refused('INVALID_DOMAIN', 'Add a domain first.');
  if (current.state === 'LIVE') return { state: 'LIVE' };
  if (!(await isMember(env.DB, askerId, now))) return refused('NON_MEMBER');
  const expected = await verificationValue(holder, current.domain);
  let values: string[];
  try {
    values = await resolver.lookup(verificationName(current.domain), 'TXT');
  } catch (error) {
    if (error instanceof DnsLookupFailed) return refused('UNKNOWN', 'We could not look up your DNS records right now. Please try again in a few minutes.');
    throw error;
  }
  if (!values.includes(expected)) {
    return { state: 'PENDING', message: `We didn't find the TXT record yet. DNS changes can take up to 48 hours to be seen; try again later.` };
  }
  const { table, column, live } = STORAGE[holder.kind];
  await env.DB.prepare(`UPDATE ${table} SET custom_domain_state = 'LIVE' WHERE id = ? AND ${column} = ? AND ${live}`).bind(holder.id, current.domain).run();
  await domainChanged(ctx.changes, holder);
  return { state: 'LIVE' };
}

/** Disconnects the domain (pending or live). */
export async function removeCustomDomain(ctx: RequestContext, holder: DomainHolder): Promise<void> {
  const { table, column } = STORAGE[holder.kind];
  await ctx.env.DB.prepare(`UPDATE ${table} SET ${column} = NULL, custom_domain_state = 'NONE' WHERE id = ?`).bind(holder.id).run();
  await domainChanged(ctx.changes, holder);
}
