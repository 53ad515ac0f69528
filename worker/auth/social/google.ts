// Google (OpenID Connect): https://developers.google.com/identity/protocols/oauth2/web-server
import { checkIdToken, jwtPayload, readJson, type Fetch } from './oauth-helpers.ts';
import type { OAuthProvider } from './provider.ts';

export const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

export function googleProvider(config: { clientId: string; clientSecret: string }, fetcher: Fetch): OAuthProvider {
  return {
    id: 'google',
    allowsSignUp: true,
    responseMode: 'query',
    authorizationUrl({ state, redirectUri, codeChallenge }) {
      const url = new URL(GOOGLE_AUTHORIZE_URL);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        prompt: 'select_account',
      }).toString();
      return url.href;
    },
    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const tokens = await readJson<{ id_token?: string }>(
        await fetcher(GOOGLE_TOKEN_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            code,
            client_id: config.clientId,
            client_secret: config.clientSecret,
            redirect_uri: redirectUri,
            grant_type: 'authorization_code',
            code_verifier: codeVerifier,
          }),
        }),
        'Google token exchange',
      );
      if (!tokens.id_token) throw new Error('Google returned no ID token');
      const claims = jwtPayload(tokens.id_token);
      checkIdToken(claims, { issuers: ['https://accounts.google.com', 'accounts.google.com'], audience: config.clientId, now: Date.now() });
      return {
        subject: String(claims.sub),
        email: typeof claims.email === 'string' ? claims.email : null,
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        name: typeof claims.name === 'string' ? claims.name : '',
      };
    },
  };
}
