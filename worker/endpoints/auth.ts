// The auth endpoints of the worker (docs/product/3-routes-data-calls-constants.md §2.9): email link
// callback, sign-out, social sign-in, email verification links, and the development mailbox.
import type { Context, Hono } from 'hono';
import { timingSafeEqual } from 'hono/utils/buffer';
import { configuredFlags, type Env } from '../env.ts';
import { DEV_MAILBOX_PATH, handleDevMailbox } from '../mail/dev-mailbox.ts';
import { revokeSession } from '../session/session-store.ts';
import { resolveViewer } from '../session/viewer.ts';
import { clearedCookie, REGISTRATION_COOKIE, SIGN_IN_CONFIRMATION_COOKIE, SIGN_IN_REQUEST_COOKIE } from '../auth/cookies.ts';
import { SESSION_COOKIE } from '../session/session-store.ts';
import { completeEmailProof } from '../auth/email-sign-in.ts';
import { mountTwoFactor } from './two-factor.ts';
import { mountMastodon } from './mastodon.ts';
import { mountFediverseStandIn } from './fediverse-stand-in.ts';
import { mountRegistrar } from './registrar.ts';
import { mountAccountConvert } from './account-convert.ts';
import { confirmVerification, findVerification } from '../auth/email-verification.ts';
import { consumeLinkToken, peekLinkToken, type LoginTokenRefusal } from '../auth/login-code.ts';
import { AUTH_PAGE_HEADERS, authPageHeadersSendingTo, confirmPage, isSameOriginPost, messagePage } from '../auth/pages.ts';
import { crossHostReturnOrigin } from '../auth/redirect.ts';
import { finishOAuth, startOAuth } from '../auth/social/oauth-flow.ts';
import { handleOneTapCallback, ONE_TAP_CALLBACK_PATH } from '../auth/social/google-one-tap.ts';
import { handleLocalIdentityRequest, LOCAL_IDENTITY_PATH } from '../auth/social/local-identity-provider.ts';
import { enabledProviders, PROVIDER_PATHS, SOCIAL_PROVIDER_IDS, type SocialProviderId } from '../auth/social/provider.ts';

type AppContext = Context<{ Bindings: Env }>;

export const EMAIL_CALLBACK_PATH = '/m/callback/email';
export const NO_XSRF_MESSAGE = 'No xsrf token found';

function redirect(location: string, cookies: string[] = [], status = 303): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status, headers });
}

/** Where a link that can no longer be used sends the visitor: a fresh ENTER_EMAIL step. */
function refusedLinkLocation(kind: LoginTokenRefusal | 'ok', operation: string | undefined): string {
  if (kind === 'none' || kind === 'ok') return '/m/signin';
  const query = new URLSearchParams({ operation: operation ?? 'login', step: 'ENTER_EMAIL', susiEntry: 'email_login_timeout' });
  return `/m/signin?${query}`;
}

async function emailCallbackGet(c: AppContext): Promise<Response> {
  const token = c.req.query('token') ?? '';
  const peeked = await peekLinkToken(c.env.DB, token, Date.now());
  if (peeked.kind !== 'ok' || !peeked.token) return redirect(refusedLinkLocation(peeked.kind, peeked.token?.operation), [], 302);
  const register = peeked.token.operation === 'register';
  const body = await confirmPage({
    productName: c.env.PRODUCT_NAME,
    title: register ? 'Finish signing up' : `Sign in to ${c.env.PRODUCT_NAME}`,
    lead: register ? `Continue to create your account for ${peeked.token.email}.` : `Continue to sign in as ${peeked.token.email}.`,
    action: EMAIL_CALLBACK_PATH,
    fields: { token },
    button: register ? 'Continue' : 'Sign in',
  });
  // A sign-in from a custom domain returns there through the main host's hand-over.
  return new Response(body, { headers: authPageHeadersSendingTo(register ? null : crossHostReturnOrigin(peeked.token.redirect)) });
}

async function emailCallbackPost(c: AppContext): Promise<Response> {
  if (!isSameOriginPost(c.req.raw)) return c.text('Forbidden', 403);
  const form = await c.req.formData().catch(() => null);
  const token = typeof form?.get('token') === 'string' ? (form.get('token') as string) : '';
  const now = Date.now();
  const consumed = await consumeLinkToken(c.env.DB, token, now);
  if (consumed.kind !== 'ok' || !consumed.token) return redirect(refusedLinkLocation(consumed.kind, consumed.token?.operation));
  const cookies: string[] = [];
  const viewer = await resolveViewer(c.env.DB, c.req.raw);
  const next = await completeEmailProof(
    { db: c.env.DB, now, url: new URL(c.req.url), viewer, request: c.req.raw, setCookie: (cookie) => cookies.push(cookie) },
    consumed.token,
  );
  return redirect(next ?? '/m/signin?operation=login&step=UNRECOGNIZED_EMAIL', cookies);
}

/** GET /m/signout/{xsrf}: signs the session out if xsrf is its anti-forgery value. */
async function signOut(c: AppContext, xsrf: string | null): Promise<Response> {
  const url = new URL(c.req.url);
  if (!xsrf) {
    console.warn(NO_XSRF_MESSAGE);
    return redirect('/', [], 302);
  }
  const viewer = await resolveViewer(c.env.DB, c.req.raw);
  if (!viewer.sessionIdHash || !viewer.xsrf || !(await timingSafeEqual(xsrf, viewer.xsrf))) {
    if (viewer.sessionIdHash) console.warn('Sign-out refused: the xsrf token does not match the session');
    return redirect('/', [], 302);
  }
  await revokeSession(c.env.DB, viewer.sessionIdHash);
  const cookies = [SESSION_COOKIE, SIGN_IN_CONFIRMATION_COOKIE, SIGN_IN_REQUEST_COOKIE, REGISTRATION_COOKIE].map((name) => clearedCookie(url, name));
  return redirect('/', cookies, 302);
}

async function accountConfirmGet(c: AppContext): Promise<Response> {
  const key = c.req.param('key') ?? '';
  const row = await findVerification(c.env.DB, key, Date.now());
  if (!row) {
    const body = await messagePage(c.env.PRODUCT_NAME, 'This link has expired', 'Ask for a new verification email from your account.', {
      href: '/',
      text: `Go to ${c.env.PRODUCT_NAME}`,
    });
    return new Response(body, { status: 410, headers: AUTH_PAGE_HEADERS });
  }
  const body = await confirmPage({
    productName: c.env.PRODUCT_NAME,
    title: 'Verify your email',
    lead: `Confirm that ${row.email} is your email address.`,
    action: `/m/account/confirm/${encodeURIComponent(key)}`,
    fields: {},
    button: 'Verify email',
  });
  return new Response(body, { headers: AUTH_PAGE_HEADERS });
}

async function accountConfirmPost(c: AppContext): Promise<Response> {
  if (!isSameOriginPost(c.req.raw)) return c.text('Forbidden', 403);
  const outcome = await confirmVerification(c.env.DB, c.req.param('key') ?? '', Date.now());
  if (outcome === 'verified') return redirect('/');
  const body = await messagePage(
    c.env.PRODUCT_NAME,
    outcome === 'taken' ? 'This email is already in use' : 'This link has expired',
    outcome === 'taken' ? 'Another account uses this email address.' : 'Ask for a new verification email from your account.',
    { href: '/', text: `Go to ${c.env.PRODUCT_NAME}` },
  );
  return new Response(body, { status: outcome === 'taken' ? 409 : 410, headers: AUTH_PAGE_HEADERS });
}

function providerOf(c: AppContext, id: SocialProviderId) {
  return enabledProviders(c.env, configuredFlags(c.env)).find((p) => p.id === id) ?? null;
}

export function mountAuth(app: Hono<{ Bindings: Env }>): void {
  app.get(EMAIL_CALLBACK_PATH, emailCallbackGet);
  app.post(EMAIL_CALLBACK_PATH, emailCallbackPost);

  app.get('/m/signout', (c) => signOut(c, null));
  app.get('/m/signout/', (c) => signOut(c, null));
  app.get('/m/signout/:xsrf', (c) => signOut(c, c.req.param('xsrf') || null));

  mountTwoFactor(app);
  // Mastodon for members: the instance's way back and the local stand-in (docs/adr/0180-mastodon-for-members.md).
  mountMastodon(app);
  mountFediverseStandIn(app);
  // The registrar hand-off of custom-domain setup (docs/adr/0182-registrar-hand-off.md).
  mountRegistrar(app);

  // Finishing an account a newsletter invitation made (docs/adr/0198-finishing-an-invited-account.md).
  mountAccountConvert(app);

  app.get('/m/account/confirm/:key', accountConfirmGet);
  app.post('/m/account/confirm/:key', accountConfirmPost);

  for (const id of SOCIAL_PROVIDER_IDS) {
    const paths = PROVIDER_PATHS[id];
    app.get(paths.start, async (c) => {
      const provider = providerOf(c, id);
      return provider ? startOAuth(provider, c.req.raw, c.env, Date.now(), await resolveViewer(c.env.DB, c.req.raw)) : c.notFound();
    });
    app.on(['GET', 'POST'], paths.callback, async (c) => {
      const provider = providerOf(c, id);
      if (!provider) return c.notFound();
      return finishOAuth(provider, c.req.raw, c.env, await resolveViewer(c.env.DB, c.req.raw), Date.now());
    });
  }

  // One-tap sign-in (docs/sign-in.md, "One-tap sign-in"): Google posts the chosen account's ID token.
  app.post(ONE_TAP_CALLBACK_PATH, async (c) => (await handleOneTapCallback(c.req.raw, c.env, configuredFlags(c.env))) ?? c.notFound());

  app.get(DEV_MAILBOX_PATH, (c) => handleDevMailbox(c.req.raw, c.env));

  // The local identity provider (development only; docs/adr/0155-social-sign-in-local-identity-provider.md).
  app.on(['GET', 'POST'], `${LOCAL_IDENTITY_PATH}/*`, async (c) => (await handleLocalIdentityRequest(c.req.raw, c.env)) ?? c.notFound());
}
