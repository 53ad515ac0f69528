// The second step of a sign-in with two-factor authentication on (docs/adr/0162-two-factor-authentication.md):
// GET /m/two-factor asks for the authenticator app's code (or a recovery code); POST checks it
// (worker/auth/two-factor.ts: good once, the spec's lockouts and texts) and, when right, starts
// the session and goes on to where the sign-in was headed. A small server-rendered page like the
// other confirm steps (worker/auth/pages.ts): no script, no framing, no referrer.
import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import type { Env } from '../env.ts';
import { AUTH_PAGE_HEADERS, isSameOriginPost, messagePage } from '../auth/pages.ts';
import { clearedCookie, requestCookie, TWO_FACTOR_COOKIE } from '../auth/cookies.ts';
import { challengeOf, checkSecondFactor, endChallenge, TWO_FACTOR_PATH, twoFactorStore } from '../auth/two-factor.ts';
import { startSession } from '../auth/sign-in.ts';
import { resolveViewer } from '../session/viewer.ts';

type AppContext = Context<{ Bindings: Env }>;

async function codePage(productName: string, name: string, error: string | null): Promise<string> {
  return String(
    await html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Two-factor authentication – ${productName}</title>
    <style>
      body { margin: 0; font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; color: #242424; }
      main { max-width: 440px; margin: 15vh auto 0; padding: 0 24px; text-align: center; }
      .wordmark { font: 700 28px Georgia, serif; letter-spacing: -0.03em; margin: 0 0 40px; }
      h1 { font: 400 28px/1.2 Georgia, serif; margin: 0 0 16px; }
      p { color: #6b6b6b; margin: 0 0 24px; }
      .error { color: #c94a4a; }
      input { font: 20px/1.2 ui-monospace, monospace; letter-spacing: 0.2em; text-align: center; width: 12em; max-width: 100%; padding: 10px; border: 1px solid #ccc; border-radius: 4px; margin: 0 0 16px; }
      button { background: #242424; color: #fff; border: 0; border-radius: 99em; padding: 10px 28px; font: inherit; cursor: pointer; }
    </style>
  </head>
  <body>
    <main>
      <p class="wordmark">${productName}</p>
      <h1>Two-factor authentication</h1>
      <p>Welcome back, ${name}. Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      <form method="post" action="${TWO_FACTOR_PATH}">
        <label for="code" style="display:block;margin:0 0 8px">Verification code</label>
        <input id="code" name="code" autocomplete="one-time-code" inputmode="text" maxlength="11" required autofocus />
        <div><button type="submit">Verify</button></div>
      </form>
    </main>
  </body>
</html>`,
  );
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
