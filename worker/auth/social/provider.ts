// Social sign-in (docs/product/2-sign-in-notices-cache-routing.md §4.1 step 5, §4.1 disable flags;
// docs/product/3-routes-data-calls-constants.md §2.9): OAuth 2.0 authorization-code flow with PKCE
// where the provider supports it. Each provider is an OAuthProvider; a provider whose keys are not
// configured does not exist (no button, and its /m/connect route answers 404). Tests use a fake
// OAuthProvider.
import type { Env } from '../../env.ts';
import type { AuthOperation } from '../../../shared/auth/sign-in-rules.ts';
import { appleProvider } from './apple.ts';
import { facebookProvider } from './facebook.ts';
import { googleProvider } from './google.ts';
import { twitterProvider } from './twitter.ts';
import { defaultFetch, type Fetch } from './oauth-helpers.ts';

export type { Fetch } from './oauth-helpers.ts';

export const SOCIAL_PROVIDER_IDS = ['google', 'facebook', 'apple', 'twitter'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDER_IDS)[number];

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
  authorizationUrl(input: { state: string; redirectUri: string; codeChallenge: string; operation: AuthOperation }): string;
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
 * Start and callback paths of each provider (docs/product/3-routes-data-calls-constants.md §2.9,
 * §2.11).
 */
export const PROVIDER_PATHS: Record<SocialProviderId, { start: string; callback: string }> = {
  google: { start: '/m/connect/google', callback: '/m/callback/google' },
  facebook: { start: '/m/connect/facebook', callback: '/m/callback/v2/facebook' },
  apple: { start: '/m/start-auth/apple', callback: '/m/callback/apple' },
  twitter: { start: '/m/account/authenticate-twitter', callback: '/m/callback/twitter' },
};

/** The configured providers of a deployment, in button order. */
export function configuredProviders(env: Env, fetcher: Fetch = defaultFetch): OAuthProvider[] {
  const providers: OAuthProvider[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.push(googleProvider({ clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }, fetcher));
  }
  if (env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET) {
    providers.push(facebookProvider({ appId: env.FACEBOOK_APP_ID, appSecret: env.FACEBOOK_APP_SECRET }, fetcher));
  }
  if (env.APPLE_CLIENT_ID && env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY) {
    providers.push(
      appleProvider({ clientId: env.APPLE_CLIENT_ID, teamId: env.APPLE_TEAM_ID, keyId: env.APPLE_KEY_ID, privateKeyPem: env.APPLE_PRIVATE_KEY }, fetcher),
    );
  }
  if (env.TWITTER_CLIENT_ID && env.TWITTER_CLIENT_SECRET) {
    providers.push(twitterProvider({ clientId: env.TWITTER_CLIENT_ID, clientSecret: env.TWITTER_CLIENT_SECRET }, fetcher));
  }
  return providers;
}

/** Providers that have a button: configured and not hidden by a disable flag. */
export function enabledProviders(env: Env, flags: ReadonlySet<string>, fetcher: Fetch = defaultFetch): OAuthProvider[] {
  return configuredProviders(env, fetcher).filter((p) => !flags.has(DISABLE_SIGN_IN_FLAGS[p.id]));
}
