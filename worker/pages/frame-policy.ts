/**
 * Pages refuse to be framed unless the allow_iframe flag is on
 * (docs/product/2-sign-in-notices-cache-routing.md §5): both the legacy header and the CSP
 * directive, since browsers honour one or the other.
 */
export function framingHeaders(flags: ReadonlySet<string>): Record<string, string> {
  if (flags.has('allow_iframe')) return {};
  return { 'x-frame-options': 'DENY', 'content-security-policy': "frame-ancestors 'none'" };
}
