// Google (OpenID Connect): https://developers.google.com/identity/openid-connect/openid-connect
// The ID token's signature is checked against Google's published keys (./openid-provider.ts).
import { openIdProvider, remoteKeys } from './openid-provider.ts';
import type { Fetch } from './oauth-helpers.ts';
import type { OAuthProvider } from './provider.ts';

export const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** Where Google publishes the keys that sign its ID tokens (a JWK set). */
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export function googleProvider(config: { clientId: string; clientSecret: string }, fetcher: Fetch): OAuthProvider {
  return openIdProvider(
    {
      id: 'google',
      allowsSignUp: true,
      responseMode: 'query',
      issuers: GOOGLE_ISSUERS,
      authorizationEndpoint: GOOGLE_AUTHORIZE_URL,
      tokenEndpoint: GOOGLE_TOKEN_URL,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      scope: 'openid email profile',
      authorizationParams: { prompt: 'select_account' },
      keys: remoteKeys(GOOGLE_JWKS_URL, fetcher),
    },
    fetcher,
  );
}
