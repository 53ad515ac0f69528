// Small server-rendered pages of the auth routes: the confirm steps that stand between a
// link in a mail and its effect (a mail scanner that follows the link changes nothing;
// only the button's POST does).
import { html, raw } from 'hono/html';

export const AUTH_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  // The link's token is in this page's URL: never send it on as a referrer, never frame it.
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
} as const;

/**
 * AUTH_PAGE_HEADERS for a confirm page whose form's answer redirects on to `origin` (a sign-in
 * returning to a custom domain through /m/login-redirect): Chromium applies form-action to every
 * redirect that answers a submission, so without it the hand-over stops on the main host.
 */
export function authPageHeadersSendingTo(origin: string | null): Record<string, string> {
  if (!origin) return { ...AUTH_PAGE_HEADERS };
  const policy = AUTH_PAGE_HEADERS['content-security-policy'].replace("form-action 'self'", `form-action 'self' ${origin}`);
  return { ...AUTH_PAGE_HEADERS, 'content-security-policy': policy };
}

export interface ConfirmPageInput {
  productName: string;
  title: string;
  lead: string;
  action: string;
  /** Hidden form fields. */
  fields: Record<string, string>;
  button: string;
}

type Markup = ReturnType<typeof html> | string;

/** The base styles every auth page shares; a page adds its own rules after them. */
const AUTH_PAGE_STYLE = `
      body { margin: 0; font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; color: #242424; }
      main { max-width: 440px; margin: 15vh auto 0; padding: 0 24px; text-align: center; }
      .wordmark { font: 700 28px Georgia, serif; letter-spacing: -0.03em; margin: 0 0 40px; }
      h1 { font: 400 28px/1.2 Georgia, serif; margin: 0 0 16px; }
      p { color: #6b6b6b; margin: 0 0 32px; overflow-wrap: anywhere; }
      a { color: #242424; }
      button { background: #242424; color: #fff; border: 0; border-radius: 99em; padding: 10px 28px; font: inherit; cursor: pointer; }
      button:hover { background: #000; }`;

export interface AuthPageInput {
  productName: string;
  title: string;
  /** Rules added after the shared ones (fixed text of ours, never a reader's input). */
  style?: string;
  /** The page's content under the wordmark, escaped by `html`. */
  content: Markup;
}

/** One frame for every small auth page: the head, the shared styles, the wordmark. */
export async function authPage(input: AuthPageInput): Promise<string> {
  const style = AUTH_PAGE_STYLE + (input.style ?? '');
  return String(
    await html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${input.title} – ${input.productName}</title>
    <style>${raw(style)}
    </style>
  </head>
  <body>
    <main>
      <p class="wordmark">${input.productName}</p>
      ${input.content}
    </main>
  </body>
</html>`,
  );
}

export function confirmPage(input: ConfirmPageInput): Promise<string> {
  return authPage({
    productName: input.productName,
    title: input.title,
    content: html`<h1>${input.title}</h1>
      <p>${input.lead}</p>
      <form method="post" action="${input.action}">
        ${Object.entries(input.fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`)}
        <button type="submit" autofocus>${input.button}</button>
      </form>`,
  });
}

export function messagePage(productName: string, title: string, lead: string, link: { href: string; text: string }): Promise<string> {
  return authPage({
    productName,
    title,
    content: html`<h1>${title}</h1>
      <p>${lead}</p>
      <p><a href="${link.href}">${link.text}</a></p>`,
  });
}

/** A form POST from one of our own pages (not another site submitting a form at us). */
export function isSameOriginPost(request: Request): boolean {
  const origin = request.headers.get('origin');
  // Under Referrer-Policy: no-referrer (the confirm pages') browsers send "Origin: null";
  // Fetch Metadata still says where the form was.
  if (origin && origin !== 'null') return origin === new URL(request.url).origin;
  return request.headers.get('sec-fetch-site') === 'same-origin';
}
