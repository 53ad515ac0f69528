// The origin of a user's or publication's own site, for links that leave the main host.
// The scheme follows the main origin, so a local http setup builds http addresses; in
// production the main origin is https and so are these.
//
// In development a custom domain is served under a name of its own below `localhost`:
// `ada.test` is `ada.test.localhost:8787` (docs/adr/0130-custom-domains-in-development.md).
// Browsers resolve every `*.localhost` name to this machine, so the demo world's domains open
// in a stock browser; production, whose main host is not local, keeps the real domains.
import type { LinkContext } from '../routing/links.ts';

export interface LiveDomainState {
  live?: { domain: string } | null;
}

export function siteOrigin(host: string, ctx: LinkContext): string {
  return `${new URL(ctx.mainOrigin).protocol}//${host}`;
}

/** A username subdomain of the main host: https://{username}.{mainHost}. */
export function subdomainOrigin(username: string, ctx: LinkContext): string {
  return siteOrigin(`${username.toLowerCase()}.${new URL(ctx.mainOrigin).host}`, ctx);
}

/** The suffix that names a custom domain in development (`ada.test` → `ada.test.localhost`). */
export const DEVELOPMENT_DOMAIN_SUFFIX = '.localhost';

/** A main origin on this machine: localhost, 127.0.0.1 or [::1] (any port). */
export function isLocalOrigin(mainOrigin: string): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(mainOrigin).hostname);
}

/**
 * The host a custom domain is served under: the domain itself, or in development (a local
 * main origin) `{domain}.localhost` on the main origin's port.
 */
export function customDomainHost(domain: string, mainOrigin: string): string {
  if (!isLocalOrigin(mainOrigin)) return domain;
  const { port } = new URL(mainOrigin);
  return `${domain}${DEVELOPMENT_DOMAIN_SUFFIX}${port ? `:${port}` : ''}`;
}

/** A custom domain's site origin: https://{domain}, or http://{domain}.localhost:{port} in development. */
export function customDomainOrigin(domain: string, ctx: LinkContext): string {
  return siteOrigin(customDomainHost(domain, ctx.mainOrigin), ctx);
}

/**
 * The custom domain a development host name stands for (`ada.test.localhost` → `ada.test`), or
 * null when the name is not one (a username subdomain such as `grace.localhost` has one label).
 */
export function customDomainOfDevelopmentHostname(hostname: string): string | null {
  const name = hostname.toLowerCase();
  if (!name.endsWith(DEVELOPMENT_DOMAIN_SUFFIX)) return null;
  const domain = name.slice(0, -DEVELOPMENT_DOMAIN_SUFFIX.length);
  return domain.includes('.') ? domain : null;
}
