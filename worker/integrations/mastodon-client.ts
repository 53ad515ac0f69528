// The client for one Mastodon instance's API (docs/adr/0180-mastodon-for-members.md): the calls
// Mastodon for members needs, in Mastodon's own shapes (docs.joinmastodon.org, "apps",
// "oauth", "accounts"). It is the real adapter: given an instance's https origin and the
// worker's fetch it talks to that instance; given the local stand-in's origin and an in-process
// fetch (./mastodon-local-instance.ts) it talks to the stand-in, with the same code.

/** A fetch (the global one, or the stand-in's in-process one). */
export type MastodonFetch = (input: string, init?: RequestInit) => Promise<Response>;

/** The instance could not be reached, or answered something that is not Mastodon. */
export class MastodonUnreachable extends Error {}

/** The instance answered with one of Mastodon's error bodies ({ error, error_description?, details? }). */
export class MastodonRefused extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    /** 422 on account creation: { field: [{ error: 'ERR_TAKEN', description: '…' }] }. */
    readonly details: Record<string, { error: string; description: string }[]> = {},
  ) {
    super(`${status} ${error}`);
  }
}

export interface MastodonApp {
  clientId: string;
  clientSecret: string;
}

export interface MastodonAccount {
  id: string;
  username: string;
  acct: string;
  displayName: string;
  url: string;
}

/** The scopes Vellum asks for: read the account's name, and (app token only) create accounts. */
export const MASTODON_SCOPES = 'read:accounts';
export const MASTODON_APP_SCOPES = 'read:accounts write:accounts';

export interface MastodonClient {
  readonly origin: string;
  registerApp(input: { clientName: string; redirectUri: string; website: string }): Promise<MastodonApp>;
  authorizeUrl(input: { app: MastodonApp; redirectUri: string; state: string }): string;
  exchangeCode(input: { app: MastodonApp; redirectUri: string; code: string }): Promise<string>;
  appToken(app: MastodonApp): Promise<string>;
  createAccount(input: { appToken: string; username: string; email: string; password: string; locale: string }): Promise<string>;
  verifyCredentials(accessToken: string): Promise<MastodonAccount>;
}

export function mastodonClient(origin: string, fetcher: MastodonFetch): MastodonClient {
  const call = async (path: string, init: RequestInit): Promise<Record<string, unknown>> => {
    let response: Response;
    try {
      response = await fetcher(origin + path, { ...init, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      throw new MastodonUnreachable(`${origin}${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await response.text();
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new MastodonUnreachable(`${origin}${path}: ${response.status}, not JSON`);
    }
    if (!response.ok) {
      if (typeof body.error !== 'string') throw new MastodonUnreachable(`${origin}${path}: ${response.status}`);
      throw new MastodonRefused(response.status, body.error, (body.details ?? {}) as MastodonRefused['details']);
    }
    return body;
  };
  const form = (fields: Record<string, string>): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields).toString(),
  });
  const text = (value: unknown, what: string): string => {
    if (typeof value !== 'string' || !value) throw new MastodonUnreachable(`${origin}: no ${what}`);
    return value;
  };
  return {
    origin,
    async registerApp({ clientName, redirectUri, website }) {
      const app = await call('/api/v1/apps', form({ client_name: clientName, redirect_uris: redirectUri, scopes: MASTODON_APP_SCOPES, website }));
      return { clientId: text(app.client_id, 'client_id'), clientSecret: text(app.client_secret, 'client_secret') };
    },
    authorizeUrl({ app, redirectUri, state }) {
      const url = new URL(`${origin}/oauth/authorize`);
      url.search = new URLSearchParams({ response_type: 'code', client_id: app.clientId, redirect_uri: redirectUri, scope: MASTODON_SCOPES, state }).toString();
      return url.href;
    },
    async exchangeCode({ app, redirectUri, code }) {
      const token = await call(
        '/oauth/token',
        form({ grant_type: 'authorization_code', code, client_id: app.clientId, client_secret: app.clientSecret, redirect_uri: redirectUri, scope: MASTODON_SCOPES }),
      );
      return text(token.access_token, 'access_token');
    },
    async appToken(app) {
      const token = await call('/oauth/token', form({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret, scope: MASTODON_APP_SCOPES }));
      return text(token.access_token, 'access_token');
    },
    async createAccount({ appToken, username, email, password, locale }) {
      const token = await call('/api/v1/accounts', {
        ...form({ username, email, password, agreement: 'true', locale }),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', authorization: `Bearer ${appToken}` },
      });
      return text(token.access_token, 'access_token');
    },
    async verifyCredentials(accessToken) {
      const account = await call('/api/v1/accounts/verify_credentials', { headers: { accept: 'application/json', authorization: `Bearer ${accessToken}` } });
      return {
        id: text(account.id, 'id'),
        username: text(account.username, 'username'),
        acct: text(account.acct, 'acct'),
        displayName: typeof account.display_name === 'string' ? account.display_name : '',
        url: text(account.url, 'url'),
      };
    },
  };
}
