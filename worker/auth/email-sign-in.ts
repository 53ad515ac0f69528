// The email sign-in calls (docs/product/2-sign-in-notices-cache-routing.md §4.1, §5, §7, §8):
// SendAcctAuthEmail, VerifyLoginCode and EmailAvailability, free of GraphQL so the resolvers stay
// thin.
//
// Answers are alike for known and unknown emails — same result, same work (a mail is sent
// either way for sign-up) — except the product's deliberate login-only "we didn't recognize
// that email" (NotFound), which is rate-limited per client address like EmailAvailability.

import type { D1Database } from '@cloudflare/workers-types';
import {
  GENERIC_FAILURE_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  INVALID_LOGIN_CODE_MESSAGE,
  isValidEmail,
  LOGIN_CODE_PATTERN,
  LOGIN_TOKEN_LIFETIME_MS,
  MAX_WRONG_LOGIN_CODES,
  normalizeEmail,
  type AuthOperation,
} from '../../shared/auth/sign-in-rules.ts';
import { tooManyAttemptsMessage } from '../../shared/auth/lockout-text.ts';
import { configuredFlags, mainOrigin, type Env } from '../env.ts';
import type { RequestContext } from '../context/request-context.ts';
import { CallerError } from '../context/errors.ts';
import { mailerFor, type Mailer } from '../mail/mailer.ts';
import { signInMail } from '../mail/templates.ts';
import type { RequestViewer } from '../session/viewer.ts';
import { captchaConfig, captchaRequired, type CaptchaConfig } from './captcha.ts';
import { clientAddress } from './client-address.ts';
import { clearedCookie, requestCookie, SIGN_IN_REQUEST_COOKIE, TWO_FACTOR_COOKIE } from './cookies.ts';
import { httpOnlyCookie } from '../session/cookie-attributes.ts';
import { checkLoginCode, findRequestOfBrowser, prepareLoginToken, pruneLoginTokens, storeLoginToken } from './login-code.ts';
import { authOutcomes, type AuthOutcome } from './outcomes.ts';
import { hit, LIMITS, networkLockedUntil, peek, pruneRateLimits, recordWrongCode, refundHits } from './rate-limit.ts';
import { signInReturnPath } from './redirect.ts';
import { issueRegistrationTicket } from './registration.ts';
import { startSession, userByEmail } from './sign-in.ts';
import { CHALLENGE_LIFETIME_MS, issueChallenge, needsSecondFactor, TWO_FACTOR_PATH } from './two-factor.ts';
import { logEvent } from '../lib/log-context.ts';

export const UNRECOGNIZED_EMAIL_MESSAGE = "Sorry, we didn't recognize that email.";
/** The mail provider refused or could not be reached: nothing was sent, nothing counted. */
export const MAIL_NOT_SENT_MESSAGE = "We couldn't send the email just now. Please try again in a moment.";
/** Where a proven email without an account goes to pick a name and username. */
export const REGISTRATION_FORM_PATH = '/registration-form';

/** What one sign-in call needs to know about its request. */
export interface AuthCall {
  db: D1Database;
  env: Env;
  now: number;
  /** The request's URL (cookies are Secure unless it is on localhost). */
  url: URL;
  request: Request | undefined;
  viewer: RequestViewer;
  /** Client address for per-address limits. */
  address: string;
  flags: ReadonlySet<string>;
  mailer: Mailer;
  captcha: CaptchaConfig;
  /** Adds a Set-Cookie to the response. */
  setCookie(value: string): void;
}

/** The sign-in call of a request's context (a mutation needs the HTTP request behind it). */
export function authCall(ctx: RequestContext): AuthCall {
  const url = new URL(ctx.request?.url ?? mainOrigin(ctx.env) + '/_/graphql');
  return {
    db: ctx.db,
    env: ctx.env,
    now: ctx.now,
    url,
    request: ctx.request,
    viewer: ctx.viewer,
    address: clientAddress(ctx.request),
    flags: configuredFlags(ctx.env),
    mailer: mailerFor(ctx.env, ctx.db),
    captcha: captchaConfig(ctx.env),
    setCookie: (value) => ctx.responseHeaders?.append('set-cookie', value),
  };
}

export interface SendAcctAuthEmailInput {
  email: string;
  redirect?: string | null;
  fullName?: string | null;
  captchaValue?: string | null;
  operation?: string | null;
  onMobileWeb?: boolean | null;
}

function parseOperation(value: string | null | undefined): AuthOperation | null {
  const operation = (value ?? 'login').toLowerCase();
  return operation === 'login' || operation === 'register' ? operation : null;
}

/** The magic link of a request: on the main host, which owns the session cookie. */
export function magicLink(env: Pick<Env, 'MAIN_HOST'>, linkToken: string): string {
  return `${mainOrigin(env)}/m/callback/email?token=${encodeURIComponent(linkToken)}`;
}

export async function sendAcctAuthEmail(call: AuthCall, input: SendAcctAuthEmailInput): Promise<AuthOutcome> {
  const operation = parseOperation(input.operation);
  if (!operation) return authOutcomes.badRequest('The operation must be login or register.');
  if (!isValidEmail(input.email ?? '')) return authOutcomes.badRequest(INVALID_EMAIL_MESSAGE);
  const email = normalizeEmail(input.email);
  const { db, now } = call;

  const lockedUntil = await networkLockedUntil(db, call.address, now);
  if (lockedUntil) return authOutcomes.ipAuthLockout(lockedUntil, now);
  const perAddress = await hit(db, LIMITS.sendPerAddress, call.address, now);
  if (!perAddress.allowed) return authOutcomes.tooManyRequests(perAddress.retryAfterMs, now);

  if (captchaRequired(call.captcha, operation, call.flags)) {
    const passed = await call.captcha.verifier!.verify(input.captchaValue ?? '', call.address);
    if (!passed) return authOutcomes.failedChallenge();
  }

  const perEmail = await hit(db, LIMITS.sendPerEmail, email, now);
  if (!perEmail.allowed) return authOutcomes.tooManyRequests(perEmail.retryAfterMs, now);

  const user = await userByEmail(db, email);
  if (operation === 'login' && !user) {
    const lookups = await hit(db, LIMITS.lookupPerAddress, call.address, now);
    if (!lookups.allowed) return authOutcomes.tooManyRequests(lookups.retryAfterMs, now);
    return authOutcomes.notFound(UNRECOGNIZED_EMAIL_MESSAGE);
  }

  const issued = await prepareLoginToken(call.env, {
    email,
    operation,
    redirect: await signInReturnPath(input.redirect, call.env),
    fullName: (input.fullName ?? '').trim().slice(0, 100),
    now,
  });
  const mail = await signInMail({
    productName: call.env.PRODUCT_NAME,
    to: email,
    link: magicLink(call.env, issued.linkToken),
    code: issued.code,
    purpose: operation === 'login' ? 'login' : user ? 'register-existing' : 'register',
    onMobileWeb: input.onMobileWeb === true,
  });
  try {
    await call.mailer.send(mail);
  } catch (error) {
    // Nothing was stored for this request yet; give back the hits it counted so a retry is
    // not refused for a failure that was ours (docs/adr/0055-writes-are-whole.md).
    logEvent({ event: 'sign_in_mail_failed', operation, message: String(error) }, 'error');
    await refundHits(db, [{ limit: LIMITS.sendPerAddress, subject: call.address }, { limit: LIMITS.sendPerEmail, subject: email }], now);
    return authOutcomes.badRequest(MAIL_NOT_SENT_MESSAGE);
  }
  await storeLoginToken(db, issued);
  call.setCookie(httpOnlyCookie(call.url, SIGN_IN_REQUEST_COOKIE, issued.browserKey, { maxAgeMs: LOGIN_TOKEN_LIFETIME_MS }));
  if (Math.random() < 0.02) await Promise.all([pruneRateLimits(db, now), pruneLoginTokens(db, now)]);
  return authOutcomes.susiMethod(operation);
}

/**
 * Signs in (or on to the registration form) with the account of a proven email. Returns
 * where to go next; null when a login's account no longer exists.
 */
export async function completeEmailProof(
  call: Pick<AuthCall, 'db' | 'now' | 'url' | 'viewer' | 'setCookie'> & { request?: Request | undefined },
  proven: { email: string; operation: AuthOperation; redirect: string; fullName: string },
): Promise<string | null> {
  const user = await userByEmail(call.db, proven.email);
  if (user) {
    // With two-factor authentication on, the proven email is the first factor only: the sign-in
    // waits for a code at TWO_FACTOR_PATH (docs/adr/0162-two-factor-authentication.md).
    if (await needsSecondFactor(call.db, user.id)) {
      const token = await issueChallenge(call.db, user.id, proven.redirect, call.now);
      call.setCookie(httpOnlyCookie(call.url, TWO_FACTOR_COOKIE, token, { maxAgeMs: CHALLENGE_LIFETIME_MS }));
      call.setCookie(clearedCookie(call.url, SIGN_IN_REQUEST_COOKIE));
      return TWO_FACTOR_PATH;
    }
    for (const cookie of await startSession(call.db, { userId: user.id, url: call.url, viewer: call.viewer, now: call.now, userAgent: call.request?.headers.get('user-agent') ?? '' })) call.setCookie(cookie);
    return proven.redirect;
  }
  if (proven.operation !== 'register') return null;
  const ticket = await issueRegistrationTicket(call.db, call.url, {
    email: proven.email,
    emailVerified: true,
    redirect: proven.redirect,
    fullName: proven.fullName,
    now: call.now,
  });
  call.setCookie(ticket.cookie);
  return REGISTRATION_FORM_PATH;
}

export async function verifyLoginCode(call: AuthCall, loginCode: string): Promise<AuthOutcome> {
  const code = (loginCode ?? '').trim();
  if (!LOGIN_CODE_PATTERN.test(code)) return authOutcomes.badRequest(INVALID_LOGIN_CODE_MESSAGE);
  const { db, now } = call;

  const lockedUntil = await networkLockedUntil(db, call.address, now);
  if (lockedUntil) return authOutcomes.ipAuthLockout(lockedUntil, now);
  const perAddress = await hit(db, LIMITS.verifyPerAddress, call.address, now);
  if (!perAddress.allowed) return authOutcomes.tooManyRequests(perAddress.retryAfterMs, now);

  const browserKey = requestCookie(call.request, SIGN_IN_REQUEST_COOKIE);
  const token = browserKey ? await findRequestOfBrowser(db, browserKey) : null;
  if (token) {
    const perEmail = await peek(db, LIMITS.wrongCodesPerEmail, token.email, now);
    if (!perEmail.allowed) return authOutcomes.tooManyRequests(perEmail.retryAfterMs, now, perEmail.count);
  }
  const check = await checkLoginCode(db, call.env, token, code, now);
  switch (check.kind) {
    case 'none':
      return authOutcomes.notFound('There is no sign-in code waiting for this browser. Please request a new one.');
    case 'used':
      return authOutcomes.notFound('This code was already used. Please request a new one.');
    case 'expired':
      return authOutcomes.notFound('This code has expired. Please request a new one.');
    case 'dead':
      if (check.token && check.token.failedAttempts < MAX_WRONG_LOGIN_CODES) {
        // This guess was the one that used the attempts up.
        await recordWrongCode(db, check.token.email, call.address, now);
      }
      return authOutcomes.codeAttemptsExhausted(MAX_WRONG_LOGIN_CODES);
    case 'wrong':
      await recordWrongCode(db, check.token.email, call.address, now);
      return authOutcomes.badRequest(`That code was incorrect. You have ${check.attemptsLeft} more attempt(s).`);
    case 'ok': {
      const next = await completeEmailProof(call, check.token);
      return next === null ? authOutcomes.notFound(UNRECOGNIZED_EMAIL_MESSAGE) : authOutcomes.token(next);
    }
  }
  return authOutcomes.badRequest(GENERIC_FAILURE_MESSAGE);
}

/** EmailAvailability: true when no account uses the email. Counted per client address. */
export async function emailAvailability(call: Pick<AuthCall, 'db' | 'now' | 'address'>, email: string): Promise<{ available: boolean } | { retryAfterMs: number }> {
  const lookups = await hit(call.db, LIMITS.lookupPerAddress, call.address, call.now);
  if (!lookups.allowed) return { retryAfterMs: lookups.retryAfterMs };
  return { available: (await userByEmail(call.db, normalizeEmail(email))) === null };
}

/** EmailAvailability asked by a request: an invalid email is refused, and the limit's refusal says for how long. */
export async function isEmailAvailable(ctx: RequestContext, email: string): Promise<boolean> {
  if (!isValidEmail(email)) throw new CallerError(INVALID_EMAIL_MESSAGE, { code: 'BAD_REQUEST' });
  const answer = await emailAvailability(authCall(ctx), email);
  if ('retryAfterMs' in answer) throw new CallerError(tooManyAttemptsMessage(answer.retryAfterMs), { code: 'TOO_MANY_REQUESTS' });
  return answer.available;
}
