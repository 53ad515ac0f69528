// Helpers shared by the OAuth providers.

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
export const defaultFetch: Fetch = (input, init) => fetch(input, init);

/** The auth domain's origin (http only for a local host). */
export function authOrigin(env: { AUTH_DOMAIN: string }): string {
  const local = /^(localhost|127\.0\.0\.1)(:\d+)?$/.test(env.AUTH_DOMAIN);
  return `${local ? 'http' : 'https'}://${env.AUTH_DOMAIN}`;
}

export async function readJson<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what} failed with ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}
