// The Partner Program's own endpoints (docs/partner-program.md). Its pages go through the page
// pipeline like every other page; this mounts what is not a page: the staff review of tax
// forms and of author verification requests, and in development the local provider's Connect
// onboarding page and POST /_/dev/partner/run?days=N: the monthly job at the billing clock moved
// N days ahead, without moving memberships (browser tests share one database whose memberships
// other tests rely on; `npm run billing:advance` moves both).
import type { Context, Hono, Next } from 'hono';
import { mainOrigin, type Env } from '../env.ts';
import { LOCAL_CONNECT_PATH } from '../payments/local-provider.ts';
import { localConnectPage } from './local-connect-page.ts';
import { usesLocalProvider } from '../payments/select-provider.ts';
import { localProviderFor } from '../membership/payment-provider.ts';
import { mountStaffTaxReview } from './staff-tax-review.ts';
import { mountStaffAuthorReview } from './staff-author-review.ts';
import { isDevelopment } from '../env.ts';
import { BILLING_CLOCK_HEADER } from './membership.ts';
import { runPartnerJob } from '../partner/partner-job.ts';

export const PARTNER_RUN_PATH = '/_/dev/partner/run';

export function mountPartnerProgram(app: Hono<{ Bindings: Env }>): void {
  mountStaffTaxReview(app);
  mountStaffAuthorReview(app);
  const connect = async (c: Context<{ Bindings: Env }>, next: Next): Promise<Response | void> => {
    if (!usesLocalProvider(c.env)) return next();
    return localConnectPage(c.req.raw, localProviderFor(c.env), c.req.param('account') ?? '', mainOrigin(c.env), c.env.PRODUCT_NAME);
  };
  app.get(`${LOCAL_CONNECT_PATH}/:account`, connect);
  app.post(`${LOCAL_CONNECT_PATH}/:account`, connect);
  app.post(PARTNER_RUN_PATH, async (c) => {
    if (!isDevelopment(c.env) || !usesLocalProvider(c.env)) return c.text('Not found', 404);
    // The billing clock's own header: a cross-site form cannot send it.
    if (c.req.header(BILLING_CLOCK_HEADER) !== '1') return c.text('Forbidden', 403);
    const days = Number(c.req.query('days') ?? '0');
    if (!Number.isFinite(days) || days < 0 || days > 3660) return c.json({ error: 'days must be a number from 0 to 3660' }, 400);
    return c.json(await runPartnerJob(c.env, Date.now() + Math.round(days * 86_400_000)));
  });
}
