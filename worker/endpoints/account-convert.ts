// /m/account/convert/{token} (ShowAccountConvert, docs/product/3-routes-data-calls-constants.md;
// docs/newsletters.md "Finishing an invited account"; docs/adr/0198-finishing-an-invited-account.md):
//
// GET   the form: "Finish your account", the reader's name and a username to choose. Nothing
//       changes and no one is signed in: a mail scanner or link preview that opens the link
//       gets only the form (as the email sign-in link's confirm page, worker/endpoints/auth.ts).
// POST  the form's answer, from our own page only (isSameOriginPost, the confirm pages' CSRF
//       rule): the account gets the name and username, the token is used, and the reader is
//       signed in with a new session (startSession, the email link's cookies), then sent to
//       their profile. A name or username the sign-up rules refuse shows the form again with
//       the spec's text; the token stays usable.
// A used, expired or unknown token answers "This link has expired" (410) and changes nothing.
// Every GET and POST counts against LIMITS.convertPerAddress (a guessing run is stopped, 429).
import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import type { Env } from '../env.ts';
import { ACCOUNT_CONVERT_PATH, convertAccount, openConversion, type OpenConversion } from '../accounts/account-convert.ts';
import { clientAddress } from '../auth/client-address.ts';
import { AUTH_PAGE_HEADERS, authPage, isSameOriginPost, messagePage } from '../auth/pages.ts';
import { hit, LIMITS } from '../auth/rate-limit.ts';
import { startSession } from '../auth/sign-in.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { resolveViewer } from '../session/viewer.ts';
import { NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../../shared/auth/sign-in-rules.ts';
import { tooManyAttemptsMessage } from '../../shared/auth/lockout-text.ts';

type AppContext = Context<{ Bindings: Env }>;

interface FormState {
  name: string;
  username: string;
  problem: { field: 'name' | 'username'; message: string } | null;
}

function formPage(productName: string, token: string, email: string | null, state: FormState): Promise<string> {
  const problemOf = (field: 'name' | 'username') => (state.problem?.field === field ? html`<p class="problem" id="${field}-problem" role="alert">${state.problem.message}</p>` : '');
  return authPage({
    productName,
    title: 'Finish your account',
    style: `
      main { margin-top: 12vh; text-align: left; }
      .wordmark { margin-bottom: 32px; text-align: center; }
      h1 { margin-bottom: 12px; text-align: center; }
      .lead { margin: 0 0 28px; text-align: center; }
      label { display: block; font-weight: 500; margin: 0 0 6px; color: #242424; }
      input { box-sizing: border-box; width: 100%; font: inherit; padding: 8px 10px; border: 1px solid #c4c4c4; border-radius: 4px; margin: 0 0 6px; }
      .hint { font-size: 14px; margin: 0 0 20px; }
      .problem { color: #c94a4a; font-size: 14px; margin: 0 0 16px; }
      button { display: block; margin: 24px auto 0; }`,
    content: html`<h1>Finish your account</h1>
      <p class="lead">${email ? html`You're subscribed as ${email}. ` : ''}Choose the name and username people will see.</p>
      <form method="post" action="${ACCOUNT_CONVERT_PATH}/${token}">
        <label for="name">Your name</label>
        <input id="name" name="name" value="${state.name}" maxlength="${NAME_MAX_LENGTH}" required autocomplete="name" />
        ${problemOf('name')}
        <label for="username">Username</label>
        <input id="username" name="username" value="${state.username}" maxlength="${USERNAME_MAX_LENGTH}" required autocomplete="username" pattern="[A-Za-z0-9_]+" />
        ${problemOf('username')}
        <p class="hint">Letters, numbers and underscores. Your profile will be at /@username.</p>
        <button type="submit">Finish account</button>
      </form>`,
  });
}

async function refusedPage(c: AppContext, status: 410 | 429, lead?: string): Promise<Response> {
  const body =
    status === 429
      ? await messagePage(c.env.PRODUCT_NAME, 'Too many attempts', lead ?? '', { href: '/', text: `Go to ${c.env.PRODUCT_NAME}` })
      : await messagePage(c.env.PRODUCT_NAME, 'This link has expired', 'It was already used, or it is too old. Sign in with your email to open your account.', {
          href: '/m/signin',
          text: 'Sign in',
        });
  return new Response(body, { status, headers: AUTH_PAGE_HEADERS });
}

/** Counts the attempt; answers the refusal when this address is past the limit. */
async function limited(c: AppContext, now: number): Promise<Response | null> {
  const state = await hit(c.env.DB, LIMITS.convertPerAddress, clientAddress(c.req.raw), now);
  return state.allowed ? null : refusedPage(c, 429, tooManyAttemptsMessage(state.retryAfterMs));
}

const formResponse = async (c: AppContext, token: string, open: OpenConversion, state: FormState, status = 200) =>
  new Response(await formPage(c.env.PRODUCT_NAME, token, open.email, state), { status, headers: AUTH_PAGE_HEADERS });

async function convertGet(c: AppContext): Promise<Response> {
  const now = Date.now();
  const refusal = await limited(c, now);
  if (refusal) return refusal;
  const token = c.req.param('token') ?? '';
  const open = await openConversion(c.env.DB, token, now);
  if (!open) return refusedPage(c, 410);
  return formResponse(c, token, open, { name: open.name, username: open.username, problem: null });
}

async function convertPost(c: AppContext): Promise<Response> {
  if (!isSameOriginPost(c.req.raw)) return c.text('Forbidden', 403);
  const now = Date.now();
  const refusal = await limited(c, now);
  if (refusal) return refusal;
  const token = c.req.param('token') ?? '';
  const form = await c.req.formData().catch(() => null);
  const field = (name: string) => (typeof form?.get(name) === 'string' ? (form.get(name) as string) : '');
  const input = { name: field('name'), username: field('username') };
  const viewer = await resolveViewer(c.env.DB, c.req.raw);
  const outcome = await convertAccount(requestContextFor({ db: c.env.DB, env: c.env, viewer, request: c.req.raw, now }), token, input);
  if (outcome.kind === 'gone') return refusedPage(c, 410);
  if (outcome.kind === 'invalid') {
    const open = await openConversion(c.env.DB, token, now);
    if (!open) return refusedPage(c, 410);
    return formResponse(c, token, open, { ...input, problem: { field: outcome.field, message: outcome.message } }, 400);
  }
  const cookies = await startSession(c.env.DB, { userId: outcome.userId, url: new URL(c.req.url), viewer, now, userAgent: c.req.header('user-agent') ?? '', newAccount: true });
  const headers = new Headers({ location: `/@${outcome.username}`, 'cache-control': 'no-store' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}

export function mountAccountConvert(app: Hono<{ Bindings: Env }>): void {
  app.get(`${ACCOUNT_CONVERT_PATH}/:token`, convertGet);
  app.post(`${ACCOUNT_CONVERT_PATH}/:token`, convertPost);
}
