/**
 * Pages refuse to be framed unless the allow_iframe flag is on
 * (docs/product/2-sign-in-notices-cache-routing.md §5): both the legacy header and the CSP
 * directive, since browsers honour one or the other. The directive is part of the page's
 * whole policy (worker/hardening/security-headers.ts, pageContentSecurityPolicy).
 */
export const ALLOW_IFRAME_FLAG = 'allow_iframe';

export function allowsFraming(flags: ReadonlySet<string>): boolean {
  return flags.has(ALLOW_IFRAME_FLAG);
}

export function framingHeaders(flags: ReadonlySet<string>): Record<string, string> {
  return allowsFraming(flags) ? {} : { 'x-frame-options': 'DENY' };
}
