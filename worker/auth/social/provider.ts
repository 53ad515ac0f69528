// Social sign-in (docs/product/2-sign-in-notices-cache-routing.md §4.1 step 5, §4.1 disable flags;
// docs/product/3-routes-data-calls-constants.md §2.9): OAuth 2.0 authorization-code flow with PKCE
// where the provider supports it. Each provider is an OAuthProvider; a provider whose keys are not
// configured does not exist (no button, and its /m/connect route answers 404), except in
// development, where the local identity provider stands in for it
// (docs/adr/0155-social-sign-in-local-identity-provider.md). Tests use a fake OAuthProvider too.
import type { Env } from '../../env.ts';
import type { AuthOperation } from '../../../shared/auth/sign-in-rules.ts';
import { appleProvider } from './apple.ts';
import { facebookProvider } from './facebook.ts';
import { googleProvider } from './google.ts';
import { twitterProvider } from './twitter.ts';
import { defaultFetch, type Fetch } from './oauth-helpers.ts';
import { localProvider, usesLocalIdentityProvider } from './local-identity-provider.ts';

export type { Fetch } from './oauth-helpers.ts';

export { SOCIAL_PROVIDER_IDS, PROVIDER_PATHS, type SocialProviderId } from './provider-ids.ts';
import type { SocialProviderId } from './provider-ids.ts';

/** Who the provider says the visitor is. */
export interface ProviderProfile {
  /** The provider's stable account id. */
  subject: string;
  email: string | null;
  /** Whether the provider vouches for the email (only then does it sign in an existing account). */
  emailVerified: boolean;
  name: string;
}

export interface CallbackParams {
  code: string;
  redirectUri: string;
  codeVerifier: string;
  /** The OpenID Connect nonce this round trip sent: its ID token must carry it back. */
  nonce: string;
  /** Every parameter the provider sent back (Apple sends the name once, as `user`). */
  params: URLSearchParams;
}

export interface OAuthProvider {
  id: SocialProviderId;
  /**
   * Offered for sign-up (docs/product/2-sign-in-notices-cache-routing.md §2.1: only Facebook and
   * Google are).
   */
  allowsSignUp: boolean;
  /** GET with query parameters, or a cross-site POST (Apple's form_post). */
  responseMode: 'query' | 'form_post';
  authorizationUrl(input: { state: string; redirectUri: string; codeChallenge: string; nonce: string; operation: AuthOperation }): string;
  exchangeCode(input: CallbackParams): Promise<ProviderProfile>;
}

/**
 * Flags that hide a sign-in method (docs/product/2-sign-in-notices-cache-routing.md §4.1 names the
 * methods; these are their flags).
 */
export const DISABLE_SIGN_IN_FLAGS = {
  apple: 'disable_sign_in_apple',
  facebook: 'disable_sign_in_facebook',
  google: 'disable_sign_in_google',
  twitter: 'disable_sign_in_twitter',
  email: 'disable_sign_in_email',
} as const;
/**
 * Hides Facebook on the sign-up options only
 * (docs/product/2-sign-in-notices-cache-routing.md §2.1).
 */
export const DISABLE_SIGNUP_FACEBOOK = 'disable_signup_facebook';

/**
 * The configured providers of a deployment, in button order: each with its keys is the real
 * provider; in development with SIGN_IN_PROVIDERS=local, each without keys is the local identity
 * provider's stand-in for it (./local-identity-provider.ts).
 */
export function configuredProviders(env: Env, fetcher: Fetch = defaultFetch): OAuthProvider[] {
  const local = usesLocalIdentityProvider(env);
  const providers: OAuthProvider[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.push(googleProvider({ clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }, fetcher));
  } else if (local) providers.push(localProvider(env, 'google'));
  if (env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET) {
    providers.push(facebookProvider({ appId: env.FACEBOOK_APP_ID, appSecret: env.FACEBOOK_APP_SECRET }, fetcher));
  } else if (local) providers.push(localProvider(env, 'facebook'));
  if (env.APPLE_CLIENT_ID && env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY) {
    providers.push(
      appleProvider({ clientId: env.APPLE_CLIENT_ID, teamId: env.APPLE_TEAM_ID, keyId: env.APPLE_KEY_ID, privateKeyPem: env.APPLE_PRIVATE_KEY }, fetcher),
    );
  } else if (local) providers.push(localProvider(env, 'apple'));
  if (env.TWITTER_CLIENT_ID && env.TWITTER_CLIENT_SECRET) {
    providers.push(twitterProvider({ clientId: env.TWITTER_CLIENT_ID, clientSecret: env.TWITTER_CLIENT_SECRET }, fetcher));
  } else if (local) providers.push(localProvider(env, 'twitter'));
  return providers;
}

/** Providers that have a button: configured and not hidden by a disable flag. */
export function enabledProviders(env: Env, flags: ReadonlySet<string>, fetcher: Fetch = defaultFetch): OAuthProvider[] {
  return configuredProviders(env, fetcher).filter((p) => !flags.has(DISABLE_SIGN_IN_FLAGS[p.id]));
}
