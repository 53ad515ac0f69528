// The 500 page (docs/product/1-product-screens-membership-header-search.md §2.2). Written as plain
// HTML rather than through React: it is what we show when rendering itself failed, so it must not
// depend on the render path.
import manifest from '../generated/asset-manifest.json' with { type: 'json' };
import type { Env } from '../env.ts';
import { escapeHtml } from '../../shared/html.ts';
import { defaultFaviconUrl } from './favicon.ts';
import { plainPageContentSecurityPolicy, type SecurityEnv } from '../hardening/security-headers.ts';

export const SERVER_ERROR_TEXT = 'Apologies, but something went wrong on our end.';

/** 409 when the failure was a conflict ("409: Conflict" in its message), otherwise 500. */
export function serverErrorStatus(error: unknown): 409 | 500 {
  const message = error instanceof Error ? error.message : String(error);
  return message.includes('409: Conflict') ? 409 : 500;
}

export interface ServerErrorOptions {
  /**
   * The failure is passing (the database could not be reached, the deployment lacks a
   * setting): 503 with Retry-After instead of 500, with the same texts.
   */
  unavailable?: { retryAfterSeconds: number };
}

export function serverErrorPage(env: Pick<Env, 'PRODUCT_NAME' | 'STATUS_SITE_URL'> & SecurityEnv, error: unknown, options: ServerErrorOptions = {}): Response {
  const status = options.unavailable ? 503 : serverErrorStatus(error);
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${status === 409 ? 'Conflict' : 'Something went wrong'} | ${escapeHtml(env.PRODUCT_NAME)}</title>` +
    `<link rel="icon" href="${defaultFaviconUrl(env)}">` +
    (manifest.css ? `<link rel="stylesheet" href="${manifest.css}">` : '') +
    '</head><body><header class="site-header"><div class="site-header-inner">' +
    `<a class="wordmark" href="/">${escapeHtml(env.PRODUCT_NAME)}</a></div></header>` +
    '<main class="layout-top-nav-main"><div class="error-page">' +
    `<p class="error-page-kicker">${status}</p>` +
    `<h1 class="error-page-heading">${SERVER_ERROR_TEXT}</h1>` +
    `<p class="error-page-text">Our engineers have been told. You can check <a href="${escapeHtml(env.STATUS_SITE_URL)}">our status page</a> for updates, or <a href="/top-stories">browse top stories</a> in the meantime.</p>` +
    '</div></main></body></html>';
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
      'content-security-policy': plainPageContentSecurityPolicy(env),
      ...(options.unavailable ? { 'retry-after': String(options.unavailable.retryAfterSeconds) } : {}),
    },
  });
}
