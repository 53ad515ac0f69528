// Sign in with Apple: https://developer.apple.com/documentation/sign_in_with_apple/request_an_authorization_to_the_sign_in_with_apple_server
// Apple returns with a cross-site POST (response_mode=form_post, required for the name and
// email scopes); the client secret is a short-lived ES256 JWT signed with the team's key.
// Not offered for sign-up (docs/product/2-sign-in-notices-cache-routing.md §2.1): it signs in
// accounts with its verified email or a linked identity.
import { base64url } from '../../lib/crypto.ts';
import { checkIdToken, jwtPayload, readJson, type Fetch } from './oauth-helpers.ts';
import type { OAuthProvider } from './provider.ts';

export const APPLE_AUTHORIZE_URL = 'https://appleid.apple.com/auth/authorize';
export const APPLE_TOKEN_URL = 'https://appleid.apple.com/auth/token';
export const APPLE_ISSUER = 'https://appleid.apple.com';

interface AppleConfig {
  clientId: string;
  teamId: string;
  keyId: string;
  /** PKCS#8 PEM of the Sign in with Apple key. */
  privateKeyPem: string;
}

/** The client secret: a JWT signed with ES256 (WebCrypto's ECDSA output is already JOSE's r||s form). */
export async function appleClientSecret(config: AppleConfig, now: number): Promise<string> {
  const der = Uint8Array.from(atob(config.privateKeyPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '')), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('pkcs8', der, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
  const iat = Math.floor(now / 1000);
  const header = base64url(JSON.stringify({ alg: 'ES256', kid: config.keyId }));
  const payload = base64url(JSON.stringify({ iss: config.teamId, iat, exp: iat + 300, aud: APPLE_ISSUER, sub: config.clientId }));
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, new TextEncoder().encode(`${header}.${payload}`));
  return `${header}.${payload}.${base64url(new Uint8Array(signature))}`;
}

export function appleProvider(config: AppleConfig, fetcher: Fetch): OAuthProvider {
  return {
    id: 'apple',
    allowsSignUp: false,
    responseMode: 'form_post',
    authorizationUrl({ state, redirectUri }) {
      const url = new URL(APPLE_AUTHORIZE_URL);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        response_mode: 'form_post',
        scope: 'name email',
        state,
      }).toString();
      return url.href;
    },
    async exchangeCode({ code, redirectUri, params }) {
      const tokens = await readJson<{ id_token?: string }>(
        await fetcher(APPLE_TOKEN_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            client_id: config.clientId,
            client_secret: await appleClientSecret(config, Date.now()),
            code,
            grant_type: 'authorization_code',
            redirect_uri: redirectUri,
          }),
        }),
        'Apple token exchange',
      );
      if (!tokens.id_token) throw new Error('Apple returned no ID token');
      const claims = jwtPayload(tokens.id_token);
      checkIdToken(claims, { issuers: [APPLE_ISSUER], audience: config.clientId, now: Date.now() });
      let name = '';
      try {
        const user = JSON.parse(params.get('user') ?? '{}') as { name?: { firstName?: string; lastName?: string } };
        name = [user.name?.firstName, user.name?.lastName].filter(Boolean).join(' ');
      } catch {
        // Apple sends the name on the first sign-in only; without it the form asks.
      }
      return {
        subject: String(claims.sub),
        email: typeof claims.email === 'string' ? claims.email : null,
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        name,
      };
    },
  };
}
