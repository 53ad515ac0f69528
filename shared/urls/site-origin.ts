// The origin of a user's or publication's own site, for links that leave the main host.
// The scheme follows the main origin, so a local http setup builds http addresses; in
// production the main origin is https and so are these.
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
