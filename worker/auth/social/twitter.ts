// Twitter / X (OAuth 2.0 with PKCE): https://docs.x.com/resources/fundamentals/authentication/oauth-2-0/authorization-code
// It returns no email here, so it only signs in accounts that linked it before (and is not
// offered for sign-up, docs/product/2-sign-in-notices-cache-routing.md §2.1).
import { readJson, type Fetch } from './oauth-helpers.ts';
import type { OAuthProvider } from './provider.ts';

export const TWITTER_AUTHORIZE_URL = 'https://twitter.com/i/oauth2/authorize';
export const TWITTER_TOKEN_URL = 'https://api.twitter.com/2/oauth2/token';
export const TWITTER_ME_URL = 'https://api.twitter.com/2/users/me';

export function twitterProvider(config: { clientId: string; clientSecret: string }, fetcher: Fetch): OAuthProvider {
  return {
    id: 'twitter',
    allowsSignUp: false,
    responseMode: 'query',
    authorizationUrl({ state, redirectUri, codeChallenge }) {
      const url = new URL(TWITTER_AUTHORIZE_URL);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: redirectUri,
        scope: 'users.read tweet.read',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.href;
    },
    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const tokens = await readJson<{ access_token?: string }>(
        await fetcher(TWITTER_TOKEN_URL, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`,
          },
          body: new URLSearchParams({ code, grant_type: 'authorization_code', redirect_uri: redirectUri, code_verifier: codeVerifier }),
        }),
        'Twitter token exchange',
      );
      if (!tokens.access_token) throw new Error('Twitter returned no access token');
      const me = await readJson<{ data?: { id?: string; name?: string } }>(
        await fetcher(TWITTER_ME_URL, { headers: { authorization: `Bearer ${tokens.access_token}` } }),
        'Twitter profile',
      );
      if (!me.data?.id) throw new Error('Twitter returned no user id');
      return { subject: me.data.id, email: null, emailVerified: false, name: me.data.name ?? '' };
    },
  };
}
