// Facebook Login (manual flow with PKCE): https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow
import { readJson, type Fetch } from './oauth-helpers.ts';
import type { OAuthProvider } from './provider.ts';

export const FACEBOOK_GRAPH_VERSION = 'v21.0';
export const FACEBOOK_AUTHORIZE_URL = `https://www.facebook.com/${FACEBOOK_GRAPH_VERSION}/dialog/oauth`;
export const FACEBOOK_TOKEN_URL = `https://graph.facebook.com/${FACEBOOK_GRAPH_VERSION}/oauth/access_token`;
export const FACEBOOK_ME_URL = `https://graph.facebook.com/${FACEBOOK_GRAPH_VERSION}/me`;

export function facebookProvider(config: { appId: string; appSecret: string }, fetcher: Fetch): OAuthProvider {
  return {
    id: 'facebook',
    allowsSignUp: true,
    responseMode: 'query',
    authorizationUrl({ state, redirectUri, codeChallenge }) {
      const url = new URL(FACEBOOK_AUTHORIZE_URL);
      url.search = new URLSearchParams({
        client_id: config.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'email,public_profile',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.href;
    },
    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const tokenUrl = new URL(FACEBOOK_TOKEN_URL);
      tokenUrl.search = new URLSearchParams({
        client_id: config.appId,
        client_secret: config.appSecret,
        redirect_uri: redirectUri,
        code,
        code_verifier: codeVerifier,
      }).toString();
      const tokens = await readJson<{ access_token?: string }>(await fetcher(tokenUrl.href), 'Facebook token exchange');
      if (!tokens.access_token) throw new Error('Facebook returned no access token');
      const meUrl = new URL(FACEBOOK_ME_URL);
      meUrl.search = new URLSearchParams({ fields: 'id,name,email', access_token: tokens.access_token }).toString();
      const me = await readJson<{ id?: string; name?: string; email?: string }>(await fetcher(meUrl.href), 'Facebook profile');
      if (!me.id) throw new Error('Facebook returned no user id');
      // Facebook only returns an email the account holder has confirmed.
      return { subject: me.id, email: me.email ?? null, emailVerified: Boolean(me.email), name: me.name ?? '' };
    },
  };
}
