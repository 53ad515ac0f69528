// The captcha on sending sign-in mail (docs/product/2-sign-in-notices-cache-routing.md §5). The
// real adapter is Cloudflare Turnstile (invisible widget; the token is verified server-side at
// siteverify). It runs when TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY are both configured AND
// the email-captcha flag is on, for every send except a login while skip_sign_in_recaptcha is on.
// The v3-variant flag asks for the never-interactive widget (docs/sign-in.md, "Captcha").
// Turnstile's documented test secret keys are answered by a local stand-in of siteverify
// (LocalSiteverify), exactly as Cloudflare answers them, so development and tests need no network.
import type { Env } from '../env.ts';
import type { AuthOperation } from '../../shared/auth/sign-in-rules.ts';

export const SKIP_SIGN_IN_RECAPTCHA = 'skip_sign_in_recaptcha';
/** The spec's "email-captcha flag" (docs/product/2-sign-in-notices-cache-routing.md §5): the captcha runs only when on. */
export const SIGN_IN_EMAIL_CAPTCHA_FLAG = 'enable_sign_in_email_captcha';
/** The spec's "v3 variant" flag: the invisible, never-interactive widget. */
export const SIGN_IN_CAPTCHA_V3_FLAG = 'enable_sign_in_captcha_v3';

/**
 * Turnstile's documented test keys (developers.cloudflare.com/turnstile/troubleshooting/testing):
 * site keys render a widget that always passes or always blocks; secret keys make siteverify
 * always succeed, always fail, or answer "token already spent". The dummy token is what the
 * test site keys hand out.
 */
export const TURNSTILE_TEST_KEYS = {
  siteAlwaysPasses: '1x00000000000000000000AA',
  siteAlwaysBlocks: '2x00000000000000000000AB',
  secretAlwaysPasses: '1x0000000000000000000000000000000AA',
  secretAlwaysFails: '2x0000000000000000000000000000000AA',
  secretTokenSpent: '3x0000000000000000000000000000000AA',
  dummyToken: 'XXXX.DUMMY.TOKEN.XXXX',
} as const;
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

/**
 * A local stand-in for siteverify that answers Turnstile's test secret keys as Cloudflare does
 * (the response shape, success and error-codes), and refuses any other secret
 * ("invalid-input-secret"): it is only ever used for the test keys.
 */
export const localSiteverify: Fetch = async (_input, init) => {
  const body = init.body as FormData;
  const secret = String(body.get('secret') ?? '');
  const token = String(body.get('response') ?? '');
  const answer = (success: boolean, errorCodes: string[] = []) =>
    Response.json({ success, 'error-codes': errorCodes, ...(success ? { challenge_ts: new Date().toISOString(), hostname: 'localhost', action: '', cdata: '' } : {}) });
  if (!token) return answer(false, ['missing-input-response']);
  if (secret === TURNSTILE_TEST_KEYS.secretAlwaysPasses) return answer(true);
  if (secret === TURNSTILE_TEST_KEYS.secretAlwaysFails) return answer(false, ['invalid-input-response']);
  if (secret === TURNSTILE_TEST_KEYS.secretTokenSpent) return answer(false, ['timeout-or-duplicate']);
  return answer(false, ['invalid-input-secret']);
};

const TEST_SECRETS: ReadonlySet<string> = new Set([TURNSTILE_TEST_KEYS.secretAlwaysPasses, TURNSTILE_TEST_KEYS.secretAlwaysFails, TURNSTILE_TEST_KEYS.secretTokenSpent]);

export interface CaptchaConfig {
  /** The site key the browser renders the widget with; null when the captcha is off. */
  siteKey: string | null;
  verifier: CaptchaVerifier | null;
}

export function captchaConfig(env: Pick<Env, 'TURNSTILE_SITE_KEY' | 'TURNSTILE_SECRET_KEY'>): CaptchaConfig {
  if (!env.TURNSTILE_SITE_KEY || !env.TURNSTILE_SECRET_KEY) return { siteKey: null, verifier: null };
  // The documented test secrets never leave the worker: the stand-in answers them.
  const fetcher = TEST_SECRETS.has(env.TURNSTILE_SECRET_KEY) ? localSiteverify : undefined;
  return { siteKey: env.TURNSTILE_SITE_KEY, verifier: new TurnstileVerifier(env.TURNSTILE_SECRET_KEY, fetcher) };
}

/**
 * Whether sending a sign-in email for `operation` needs a captcha token
 * (docs/product/2-sign-in-notices-cache-routing.md §5): configured, the email-captcha flag on, and
 * not a login while skip_sign_in_recaptcha is on.
 */
export function captchaRequired(config: CaptchaConfig, operation: AuthOperation, flags: ReadonlySet<string>): boolean {
  if (!config.verifier || !flags.has(SIGN_IN_EMAIL_CAPTCHA_FLAG)) return false;
  return !(operation === 'login' && flags.has(SKIP_SIGN_IN_RECAPTCHA));
}

/** The widget variant: v3 (never interactive) when its flag is on, else the invisible v2-like one. */
export function captchaIsV3(flags: ReadonlySet<string>): boolean {
  return flags.has(SIGN_IN_CAPTCHA_V3_FLAG);
}
