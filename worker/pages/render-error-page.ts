// The render-error page: a page crashed while rendering on the server (a component threw).
// It shows the same words as the browser's error boundary
// (docs/product/3-routes-data-calls-constants.md §8) with status 500, and the crash is reported
// once (worker/reports/error-reports.ts) with its file and line. Plain HTML, like the 500 page
// (./server-error-page.ts): the render path is what failed. No script: nothing to hydrate.
import manifest from '../generated/asset-manifest.json' with { type: 'json' };
import type { Env } from '../env.ts';
import { escapeHtml } from '../../shared/html.ts';
import { RENDER_ERROR_TEXT } from '../../shared/error-texts.ts';
import { defaultFaviconUrl } from './favicon.ts';
import { serverReport, storeReports } from '../reports/error-reports.ts';
import type { PageRequest } from './page-request.ts';
import { logEvent } from '../lib/log-context.ts';

/** The client build the worker serves: its entry chunk's name ("entry-2Ts2Yoid"). */
export const CLIENT_BUILD = /([^/]+)\.js$/.exec(manifest.js)?.[1] ?? null;

export function renderErrorPage(env: Pick<Env, 'PRODUCT_NAME' | 'STATUS_SITE_URL' | 'ENVIRONMENT'>): Response {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>Something went wrong | ${escapeHtml(env.PRODUCT_NAME)}</title>` +
    `<link rel="icon" href="${defaultFaviconUrl(env)}">` +
    (manifest.css ? `<link rel="stylesheet" href="${manifest.css}">` : '') +
    '</head><body><header class="site-header"><div class="site-header-inner">' +
    `<a class="wordmark" href="/">${escapeHtml(env.PRODUCT_NAME)}</a></div></header>` +
    '<main class="layout-top-nav-main"><div class="error-page" role="alert">' +
    '<p class="error-page-kicker">500</p>' +
    `<p class="error-page-text">${escapeHtml(RENDER_ERROR_TEXT)}</p>` +
    '<p class="error-page-text"><a href="/">Home</a></p>' +
    '</div></main></body></html>';
  return new Response(html, {
    status: 500,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-frame-options': 'DENY' },
  });
}

/** The render-error page for a crash, reported once (the report is stored before the answer). */
export async function renderCrashResponse(request: PageRequest, error: unknown): Promise<Response> {
  const report = serverReport(error, {
    build: CLIENT_BUILD,
    route: request.resolved?.routeName ?? null,
    url: request.url.href,
    userId: request.viewer.user?.id ?? null,
    userAgent: null,
  });
  try {
    await storeReports(request.env.DB, [report]);
  } catch (storeError) {
    // The page must still answer when the report cannot be stored; the log line says why.
    logEvent({ event: 'error_report_failed', message: String(storeError), report }, 'error');
  }
  return renderErrorPage(request.env);
}
