// The captcha on sending sign-in mail (docs/product/2-sign-in-notices-cache-routing.md §5). The
// real adapter is Cloudflare Turnstile (invisible widget; the token is verified server-side at
// siteverify). It is off unless TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY are both configured, so
// a local start has none. When on, it guards every send except a login while skip_sign_in_recaptcha
// is on. (Turnstile has no separate "v3" mode: the spec's v3 flag has nothing to switch here.)
import type { Env } from '../env.ts';
import type { AuthOperation } from '../../shared/auth/sign-in-rules.ts';

export const SKIP_SIGN_IN_RECAPTCHA = 'skip_sign_in_recaptcha';
export const TURNSTILE_SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export interface CaptchaVerifier {
  /** Whether a token proves a human; never throws for a bad token (false). */
  verify(token: string, remoteIp: string | null): Promise<boolean>;
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export class TurnstileVerifier implements CaptchaVerifier {
  constructor(
    private readonly secretKey: string,
    private readonly fetcher: Fetch = (input, init) => fetch(input, init),
  ) {}

  async verify(token: string, remoteIp: string | null): Promise<boolean> {
    if (!token || token.length > 2048) return false;
    const body = new FormData();
    body.set('secret', this.secretKey);
    body.set('response', token);
    if (remoteIp && remoteIp !== 'local') body.set('remoteip', remoteIp);
    try {
      const response = await this.fetcher(TURNSTILE_SITEVERIFY_URL, { method: 'POST', body });
      if (!response.ok) return false;
      const result = (await response.json()) as { success?: boolean };
      return result.success === true;
    } catch (error) {
      console.error('[captcha] siteverify failed', error);
      return false;
    }
  }
}

export interface CaptchaConfig {
  /** The site key the browser renders the widget with; null when the captcha is off. */
  siteKey: string | null;
  verifier: CaptchaVerifier | null;
}

export function captchaConfig(env: Pick<Env, 'TURNSTILE_SITE_KEY' | 'TURNSTILE_SECRET_KEY'>): CaptchaConfig {
  if (!env.TURNSTILE_SITE_KEY || !env.TURNSTILE_SECRET_KEY) return { siteKey: null, verifier: null };
  return { siteKey: env.TURNSTILE_SITE_KEY, verifier: new TurnstileVerifier(env.TURNSTILE_SECRET_KEY) };
}

/** Whether sending a sign-in email for `operation` needs a captcha token. */
export function captchaRequired(config: CaptchaConfig, operation: AuthOperation, flags: ReadonlySet<string>): boolean {
  if (!config.verifier) return false;
  return !(operation === 'login' && flags.has(SKIP_SIGN_IN_RECAPTCHA));
}
