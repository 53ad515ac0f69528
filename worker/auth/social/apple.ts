// Sign in with Apple: https://developer.apple.com/documentation/sign_in_with_apple/request_an_authorization_to_the_sign_in_with_apple_server
// Apple returns with a cross-site POST (response_mode=form_post, required for the name and
// email scopes); the client secret is a short-lived ES256 JWT signed with the team's key.
// Not offered for sign-up (docs/product/2-sign-in-notices-cache-routing.md §2.1): it signs in
// accounts with its verified email or a linked identity.
import { base64url } from '../../lib/crypto.ts';
import type { Fetch } from './oauth-helpers.ts';
import { openIdProvider, remoteKeys } from './openid-provider.ts';
import type { OAuthProvider } from './provider.ts';

export const APPLE_AUTHORIZE_URL = 'https://appleid.apple.com/auth/authorize';
export const APPLE_TOKEN_URL = 'https://appleid.apple.com/auth/token';
export const APPLE_ISSUER = 'https://appleid.apple.com';
/** Where Apple publishes the keys that sign its ID tokens. */
export const APPLE_JWKS_URL = 'https://appleid.apple.com/auth/keys';

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
  return openIdProvider(
    {
      id: 'apple',
      allowsSignUp: false,
      responseMode: 'form_post',
      issuers: [APPLE_ISSUER],
      authorizationEndpoint: APPLE_AUTHORIZE_URL,
      tokenEndpoint: APPLE_TOKEN_URL,
      clientId: config.clientId,
      clientSecret: () => appleClientSecret(config, Date.now()),
      scope: 'name email',
      keys: remoteKeys(APPLE_JWKS_URL, fetcher),
      nameFromParams: appleName,
    },
    fetcher,
  );
}

/** Apple sends the name on the first sign-in only, as the `user` form field; without it the form asks. */
export function appleName(params: URLSearchParams): string {
  try {
    const user = JSON.parse(params.get('user') ?? '{}') as { name?: { firstName?: string; lastName?: string } };
    return [user.name?.firstName, user.name?.lastName].filter(Boolean).join(' ');
  } catch {
    return '';
  }
}
