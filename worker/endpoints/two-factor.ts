// The second step of a sign-in with two-factor authentication on (docs/adr/0162-two-factor-authentication.md):
// GET /m/two-factor asks for the authenticator app's code (or a recovery code); POST checks it
// (worker/auth/two-factor.ts: good once, the spec's lockouts and texts) and, when right, starts
// the session and goes on to where the sign-in was headed. A small server-rendered page like the
// other confirm steps (worker/auth/pages.ts): no script, no framing, no referrer.
import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import type { Env } from '../env.ts';
import { AUTH_PAGE_HEADERS, authPage, isSameOriginPost, messagePage } from '../auth/pages.ts';
import { clearedCookie, requestCookie, TWO_FACTOR_COOKIE } from '../auth/cookies.ts';
import { challengeOf, checkSecondFactor, endChallenge, TWO_FACTOR_PATH, twoFactorStore } from '../auth/two-factor.ts';
import { startSession } from '../auth/sign-in.ts';
import { resolveViewer } from '../session/viewer.ts';

type AppContext = Context<{ Bindings: Env }>;

function codePage(productName: string, name: string, error: string | null): Promise<string> {
  return authPage({
    productName,
    title: 'Two-factor authentication',
    style: `
      p { margin-bottom: 24px; }
      .error { color: #c94a4a; }
      label { display: block; margin: 0 0 8px; }
      input { font: 20px/1.2 ui-monospace, monospace; letter-spacing: 0.2em; text-align: center; width: 12em; max-width: 100%; padding: 10px; border: 1px solid #ccc; border-radius: 4px; margin: 0 0 16px; }`,
    content: html`<h1>Two-factor authentication</h1>
      <p>Welcome back, ${name}. Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      <form method="post" action="${TWO_FACTOR_PATH}">
        <label for="code">Verification code</label>
        <input id="code" name="code" autocomplete="one-time-code" inputmode="text" maxlength="11" required autofocus />
        <div><button type="submit">Verify</button></div>
      </form>`,
  });
}

async function expired(c: AppContext): Promise<Response> {
  const body = await messagePage(c.env.PRODUCT_NAME, 'This sign-in has expired', 'Sign in again to get a new code.', { href: '/m/signin', text: 'Sign in' });
  return new Response(body, { status: 410, headers: { ...AUTH_PAGE_HEADERS, 'set-cookie': clearedCookie(new URL(c.req.url), TWO_FACTOR_COOKIE) } });
}

async function twoFactorGet(c: AppContext): Promise<Response> {
  const challenge = await challengeOf(c.env.DB, requestCookie(c.req.raw, TWO_FACTOR_COOKIE), Date.now());
  if (!challenge) return expired(c);
  return new Response(await codePage(c.env.PRODUCT_NAME, challenge.name, null), { headers: AUTH_PAGE_HEADERS });
}

async function twoFactorPost(c: AppContext): Promise<Response> {
  if (!isSameOriginPost(c.req.raw)) return c.text('Forbidden', 403);
  const now = Date.now();
  const challenge = await challengeOf(c.env.DB, requestCookie(c.req.raw, TWO_FACTOR_COOKIE), now);
  if (!challenge) return expired(c);
  const form = await c.req.formData().catch(() => null);
  const code = typeof form?.get('code') === 'string' ? (form.get('code') as string).slice(0, 32) : '';
  const checked = await checkSecondFactor(twoFactorStore(c.env), challenge.userId, code, now);
  if (!checked.ok) {
    const status = checked.failure.__typename === 'InvalidTwoFactorAuthCode' ? 400 : 429;
    return new Response(await codePage(c.env.PRODUCT_NAME, challenge.name, checked.failure.message), { status, headers: AUTH_PAGE_HEADERS });
  }
  await endChallenge(c.env.DB, challenge.tokenHash);
  const url = new URL(c.req.url);
  const viewer = await resolveViewer(c.env.DB, c.req.raw);
  const cookies = await startSession(c.env.DB, { userId: challenge.userId, url, viewer, now, userAgent: c.req.header('user-agent') ?? '' });
  const headers = new Headers({ location: challenge.redirect || '/', 'cache-control': 'no-store' });
  for (const cookie of [...cookies, clearedCookie(url, TWO_FACTOR_COOKIE)]) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}

export function mountTwoFactor(app: Hono<{ Bindings: Env }>): void {
  app.get(TWO_FACTOR_PATH, twoFactorGet);
  app.post(TWO_FACTOR_PATH, twoFactorPost);
}
