// What a social sign-in or connect that did not go through tells the reader
// (docs/adr/0155-social-sign-in-local-identity-provider.md). The worker sends a code in the
// query (/m/signin?socialError=…, /me/settings/security?connectError=…), never text, so a link
// cannot put words on our page; both sides read the texts from here.

/** The spec's social connect errors (docs/product/3-routes-data-calls-constants.md §8). */
export const SOCIAL_CONNECT_ERRORS = ['ACCOUNT_TAKEN', 'ALREADY_CONNECTED', 'NON_MEMBER', 'UNKNOWN'] as const;
export type SocialConnectError = (typeof SOCIAL_CONNECT_ERRORS)[number];

/** Why a social sign-in came back without signing anyone in. */
export const SOCIAL_SIGN_IN_ERRORS = ['EXPIRED_STATE', 'PROVIDER_REFUSED', 'INVALID_TOKEN'] as const;
export type SocialSignInError = (typeof SOCIAL_SIGN_IN_ERRORS)[number];

export const PROVIDER_NAMES: Record<string, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple', twitter: 'X (Twitter)' };

export function providerName(provider: string | null | undefined): string {
  return (provider && PROVIDER_NAMES[provider.toLowerCase()]) || 'the provider';
}

export function socialSignInErrorText(code: string | null | undefined, provider?: string | null): string | null {
  const name = providerName(provider);
  switch (code) {
    case 'EXPIRED_STATE':
      return 'That sign-in took too long or was already used. Please start again.';
    case 'PROVIDER_REFUSED':
      return `Signing in with ${name} was cancelled. Please try again, or choose another way to sign in.`;
    case 'INVALID_TOKEN':
      return `We could not confirm your ${name} account, so nobody was signed in. Please try again.`;
    default:
      return null;
  }
}

export function socialConnectErrorText(code: string | null | undefined, provider?: string | null): string | null {
  const name = providerName(provider);
  switch (code) {
    case 'ACCOUNT_TAKEN':
      return `That ${name} account already signs in to another account. Sign in with it and disconnect it there first.`;
    case 'ALREADY_CONNECTED':
      return `A ${name} account is already connected. Disconnect it before connecting another.`;
    case 'NON_MEMBER':
      return 'Only members can connect this account.';
    case 'UNKNOWN':
      return `We could not connect your ${name} account. Please try again.`;
    default:
      return null;
  }
}
