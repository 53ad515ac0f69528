/**
 * The client's address for per-address limits: Cloudflare sets CF-Connecting-IP on every
 * request it proxies (and overwrites any the client sent). Locally there is none: every
 * local caller shares one "local" address.
 */
export function clientAddress(request: Request | undefined): string {
  return request?.headers.get('cf-connecting-ip')?.trim() || 'local';
}
