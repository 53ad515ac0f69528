// How this deployment offers sign-in (docs/product/2-sign-in-notices-cache-routing.md §2.1): the
// providers with a button, the email option and the captcha, as the configuration and the
// disable flags leave them.
import { configuredFlags, mainOrigin, type Env } from '../env.ts';
import { captchaConfig, captchaIsV3, captchaRequired } from './captcha.ts';
import { DISABLE_SIGN_IN_FLAGS, DISABLE_SIGNUP_FACEBOOK, enabledProviders, PROVIDER_PATHS } from './social/provider.ts';

export interface SocialSignInButton {
  provider: string;
  /** The auth-domain address that starts it (operation and redirect are added as query parameters). */
  href: string;
  /** Offered on the sign-up options too (Google and Facebook, unless disable_signup_facebook). */
  offeredForSignUp: boolean;
}

export interface SignInOptions {
  socialButtons: SocialSignInButton[];
  email: boolean;
  captchaSiteKey: string | null;
  captchaOnLogin: boolean;
  captchaOnRegister: boolean;
  captchaV3: boolean;
}

export function signInOptions(env: Env): SignInOptions {
  const flags = configuredFlags(env);
  const captcha = captchaConfig(env);
  const origin = mainOrigin({ MAIN_HOST: env.AUTH_DOMAIN });
  return {
    socialButtons: enabledProviders(env, flags).map((p) => ({
      provider: p.id.toUpperCase(),
      href: origin + PROVIDER_PATHS[p.id].start,
      offeredForSignUp: p.allowsSignUp && !(p.id === 'facebook' && flags.has(DISABLE_SIGNUP_FACEBOOK)),
    })),
    email: !flags.has(DISABLE_SIGN_IN_FLAGS.email),
    captchaSiteKey: captcha.siteKey,
    captchaOnLogin: captchaRequired(captcha, 'login', flags),
    captchaOnRegister: captchaRequired(captcha, 'register', flags),
    captchaV3: captchaIsV3(flags),
  };
}
