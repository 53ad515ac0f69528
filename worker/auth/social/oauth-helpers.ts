// Helpers shared by the OAuth providers.

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
export const defaultFetch: Fetch = (input, init) => fetch(input, init);

/** The payload of a JWT (an ID token received straight from the provider's token endpoint over TLS). */
export function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) throw new Error('Malformed ID token');
  const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))) as Record<string, unknown>;
}

/**
 * Checks an ID token's issuer, audience and expiry. Its signature is not checked: OpenID
 * Connect Core §3.1.3.7 lets a client skip it for a token received directly from the token
 * endpoint over TLS, which is the only way these tokens arrive.
 */
export function checkIdToken(claims: Record<string, unknown>, expected: { issuers: string[]; audience: string; now: number }): void {
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!expected.issuers.includes(String(claims.iss))) throw new Error('ID token from an unexpected issuer');
  if (!audience.includes(expected.audience)) throw new Error('ID token for another client');
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < expected.now) throw new Error('Expired ID token');
  if (typeof claims.sub !== 'string' || !claims.sub) throw new Error('ID token without a subject');
}

export async function readJson<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what} failed with ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}
