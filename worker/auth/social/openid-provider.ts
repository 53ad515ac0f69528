// An OpenID Connect provider (authorization code flow with PKCE and a nonce): Google and Apple in
// a deployment, and every provider of the local identity provider in development
// (./local-identity-provider.ts). The ID token is trusted only after jose has checked its RS256
// signature against the provider's published key set, its issuer, its audience (our client id),
// its expiry and that it carries back the nonce this round trip sent
// (docs/adr/0155-social-sign-in-local-identity-provider.md).
import { createRemoteJWKSet, customFetch, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { readJson, type Fetch } from './oauth-helpers.ts';
import type { OAuthProvider, ProviderProfile, SocialProviderId } from './provider.ts';

/** An ID token that did not verify: nobody signs in with it. */
export class InvalidIdToken extends Error {}

export interface IdTokenExpectations {
  keys: JWTVerifyGetKey;
  issuers: string[];
  audience: string;
  nonce: string;
  now: number;
}

/** The claims of a verified ID token, or InvalidIdToken. */
export async function verifyIdToken(idToken: string, expected: IdTokenExpectations): Promise<JWTPayload> {
  if (!idToken || idToken.length > 16384) throw new InvalidIdToken('no ID token');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, expected.keys, {
      issuer: expected.issuers,
      audience: expected.audience,
      algorithms: ['RS256'],
      currentDate: new Date(expected.now),
      // The provider's clock and ours: a minute of leeway.
      clockTolerance: 60,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw new InvalidIdToken(error.code);
    throw error;
  }
  // An empty nonce never matches: every round trip sends one.
  if (!expected.nonce || payload.nonce !== expected.nonce) throw new InvalidIdToken('ERR_NONCE_MISMATCH');
  return payload;
}

/** A provider's published key set, fetched through `fetcher` and cached by jose (it refetches on an unknown key id). */
export function remoteKeys(jwksUrl: string, fetcher: Fetch): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(jwksUrl), {
    [customFetch]: (url: string, options: { headers: Headers; method: 'GET'; redirect: 'manual'; signal: AbortSignal }) =>
      fetcher(url, { headers: options.headers, method: options.method, redirect: options.redirect, signal: options.signal }),
  });
}

export interface OpenIdProviderConfig {
  id: SocialProviderId;
  allowsSignUp: boolean;
  responseMode: 'query' | 'form_post';
  /** Accepted `iss` values (Google has two spellings). */
  issuers: string[];
  authorizationEndpoint: string;
  tokenEndpoint: string;
  clientId: string;
  /** The client secret (client_secret_post), or what makes it (Apple's signed JWT). */
  clientSecret: string | (() => Promise<string>);
  scope: string;
  /** Sent with the authorization request besides the standard parameters. */
  authorizationParams?: Record<string, string>;
  keys: JWTVerifyGetKey;
  /** The display name when the ID token has none (Apple sends it once, as the `user` parameter). */
  nameFromParams?: (params: URLSearchParams) => string;
  now?: () => number;
}

export function openIdProvider(config: OpenIdProviderConfig, fetcher: Fetch): OAuthProvider {
  return {
    id: config.id,
    allowsSignUp: config.allowsSignUp,
    responseMode: config.responseMode,
    authorizationUrl({ state, redirectUri, codeChallenge, nonce }) {
      const url = new URL(config.authorizationEndpoint);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: config.scope,
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        ...(config.responseMode === 'form_post' ? { response_mode: 'form_post' } : {}),
        ...config.authorizationParams,
      }).toString();
      return url.href;
    },
    async exchangeCode({ code, redirectUri, codeVerifier, nonce, params }) {
      const secret = typeof config.clientSecret === 'string' ? config.clientSecret : await config.clientSecret();
      const tokens = await readJson<{ id_token?: string }>(
        await fetcher(config.tokenEndpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirectUri,
            client_id: config.clientId,
            client_secret: secret,
            code_verifier: codeVerifier,
          }),
        }),
        `${config.id} token exchange`,
      );
      if (!tokens.id_token) throw new InvalidIdToken(`${config.id} returned no ID token`);
      const claims = await verifyIdToken(tokens.id_token, {
        keys: config.keys,
        issuers: config.issuers,
        audience: config.clientId,
        nonce,
        now: (config.now ?? Date.now)(),
      });
      const email = typeof claims.email === 'string' ? claims.email : null;
      const profile: ProviderProfile = {
        subject: String(claims.sub),
        email,
        emailVerified: email !== null && (claims.email_verified === true || claims.email_verified === 'true'),
        name: typeof claims.name === 'string' ? claims.name : (config.nameFromParams?.(params) ?? ''),
      };
      return profile;
    },
  };
}
