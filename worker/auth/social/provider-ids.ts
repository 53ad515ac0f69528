// The social sign-in providers and their addresses (docs/product/3-routes-data-calls-constants.md
// §2.9, §2.11): what both the real providers and the local identity provider need, in a module of
// its own so neither imports the other's module.
export const SOCIAL_PROVIDER_IDS = ['google', 'facebook', 'apple', 'twitter'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDER_IDS)[number];

/** Start and callback paths of each provider. */
export const PROVIDER_PATHS: Record<SocialProviderId, { start: string; callback: string }> = {
  google: { start: '/m/connect/google', callback: '/m/callback/google' },
  facebook: { start: '/m/connect/facebook', callback: '/m/callback/v2/facebook' },
  apple: { start: '/m/start-auth/apple', callback: '/m/callback/apple' },
  twitter: { start: '/m/account/authenticate-twitter', callback: '/m/callback/twitter' },
};

export function isSocialProviderId(value: string): value is SocialProviderId {
  return (SOCIAL_PROVIDER_IDS as readonly string[]).includes(value);
}
