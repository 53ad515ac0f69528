// The registrar hand-off of custom-domain setup (docs/adr/0182-registrar-hand-off.md). Instead of
// copying the TXT and CNAME records by hand, the writer (or a publication's editor) is sent to
// their registrar, which applies them by Domain Connect's synchronous flow
// (domainconnect.org, "Synchronous flow": GET {applyUrl}?domain&host&{variables}&redirect_uri&state,
// then back to redirect_uri with state, or error=access_denied). The way back is the spec's
// /m/callback/namecheap; there we check the records at once (verifyCustomDomain), so the domain
// goes live without the "Check DNS records" step. The registrar's apply address is
// REGISTRAR_APPLY_URL; in development the local registrar (./registrar-local.ts) applies the
// records to the local DNS zone.
import type { RequestContext } from '../context/request-context.ts';
import { isDevelopment } from '../env.ts';
import { randomToken, sha256Hex } from '../lib/crypto.ts';
import { authOrigin } from '../auth/social/oauth-helpers.ts';
import { customDomainSettings, domainAskerId, verifyCustomDomain, type DomainHolder } from './custom-domain.ts';

export const REGISTRAR_CALLBACK_PATH = '/m/callback/namecheap';
export const REGISTRAR_STATE_LIFETIME_MS = 30 * 60 * 1000;
export const LOCAL_REGISTRAR_PATH = '/_/dev/registrar';
/** Domain Connect's template the records are: ours, one per product (providerId / serviceId). */
export const DOMAIN_CONNECT_TEMPLATE = { providerId: 'vellum', serviceId: 'custom-domain' } as const;

/** How the way back ended, for the settings page (a code; the page has the words). */
export type RegistrarOutcome = 'LIVE' | 'PENDING' | 'DENIED' | 'EXPIRED_STATE' | 'UNAVAILABLE';

/** The registrar's Domain Connect apply address: configured, or the local registrar in development. */
export function registrarApplyUrl(ctx: Pick<RequestContext, 'env'>): string | null {
  if (ctx.env.REGISTRAR_APPLY_URL) return ctx.env.REGISTRAR_APPLY_URL;
  if (!isDevelopment(ctx.env)) return null;
  return `${authOrigin(ctx.env)}${LOCAL_REGISTRAR_PATH}/v2/domainTemplates/providers/${DOMAIN_CONNECT_TEMPLATE.providerId}/services/${DOMAIN_CONNECT_TEMPLATE.serviceId}/apply`;
}

/** The holder's custom-domain settings page (the hand-off comes back there), with the outcome. */
export async function registrarReturnPath(ctx: Pick<RequestContext, 'db'>, holder: DomainHolder | null, outcome: RegistrarOutcome): Promise<string> {
  const query = `?${new URLSearchParams({ registrar: outcome })}`;
  if (holder?.kind === 'collection') {
    const row = await ctx.db.prepare('SELECT slug FROM collections WHERE id = ?').bind(holder.id).first<{ slug: string }>();
    if (row) return `/${encodeURIComponent(row.slug)}/settings/custom-domain${query}`;
  }
  return `/me/settings/custom-domain${query}`;
}

/**
 * Domain Connect names a zone and a host in it. Without the public suffix list, the zone is the
 * last two labels (blog.example.com → example.com, host blog); a registrar that holds a deeper
 * zone (example.co.uk) refuses, and the writer adds the records by hand as before.
 */
export function zoneAndHost(domain: string): { zone: string; host: string } {
  const labels = domain.split('.');
  return { zone: labels.slice(-2).join('.'), host: labels.slice(0, -2).join('.') };
}

/** Starts the hand-off for a PENDING domain: answers the registrar's address, or null when there is nothing to hand off. */
export async function startRegistrarHandOff(ctx: RequestContext, holder: DomainHolder): Promise<string | null> {
  const askerId = domainAskerId(ctx);
  const applyUrl = registrarApplyUrl(ctx);
  const settings = await customDomainSettings(ctx, holder);
  if (!applyUrl || settings.state !== 'PENDING' || !settings.domain) return null;
  const state = randomToken(32);
  await ctx.db
    .prepare('INSERT INTO registrar_states (state_hash, user_id, holder_kind, holder_id, domain, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .bind(await sha256Hex(state), askerId, holder.kind, holder.id, settings.domain, ctx.now, ctx.now + REGISTRAR_STATE_LIFETIME_MS)
    .run();
  const txt = settings.records.find((r) => r.type === 'TXT')!;
  const cname = settings.records.find((r) => r.type === 'CNAME')!;
  const { zone, host } = zoneAndHost(settings.domain);
  const url = new URL(applyUrl);
  url.search = new URLSearchParams({
    domain: zone,
    host,
    // The template's variables: the TXT value that proves the domain, and where it points.
    verification: txt.value,
    target: cname.value,
    redirect_uri: authOrigin(ctx.env) + REGISTRAR_CALLBACK_PATH,
    state,
  }).toString();
  return url.href;
}

/**
 * The registrar sent the browser back. A forged, replayed, expired or another person's state
 * changes nothing. Otherwise the records are checked at once (the registrar just wrote them).
 */
export async function finishRegistrarHandOff(ctx: RequestContext, params: URLSearchParams): Promise<{ outcome: RegistrarOutcome; holder: DomainHolder | null }> {
  const user = ctx.viewer.user;
  const state = params.get('state') ?? '';
  if (!user || !state || ctx.viewer.isSpoofed) return { outcome: 'EXPIRED_STATE', holder: null };
  const row = await ctx.db
    .prepare('UPDATE registrar_states SET used_at = ? WHERE state_hash = ? AND used_at IS NULL RETURNING user_id, holder_kind, holder_id, domain, expires_at')
    .bind(ctx.now, await sha256Hex(state))
    .first<{ user_id: string; holder_kind: 'user' | 'collection'; holder_id: string; domain: string; expires_at: number }>();
  if (!row || row.user_id !== user.id || row.expires_at <= ctx.now) return { outcome: 'EXPIRED_STATE', holder: null };
  const holder: DomainHolder = { kind: row.holder_kind, id: row.holder_id };
  if (params.get('error')) return { outcome: 'DENIED', holder };
  // The domain may have changed while the registrar's page was open: only the same one is checked.
  const current = await customDomainSettings(ctx, holder);
  if (current.domain !== row.domain) return { outcome: 'EXPIRED_STATE', holder };
  const verified = await verifyCustomDomain(ctx, holder, user.id);
  return { outcome: 'state' in verified && verified.state === 'LIVE' ? 'LIVE' : 'PENDING', holder };
}
