// The Partner Program's own endpoints (docs/partner-program.md). Its pages go through the page
// pipeline like every other page; this mounts what is not a page: the staff review of tax
// forms and of author verification requests, and in development the local provider's Connect onboarding page.
import type { Context, Hono, Next } from 'hono';
import { mainOrigin, type Env } from '../env.ts';
import { LOCAL_CONNECT_PATH } from '../payments/local-provider.ts';
import { localConnectPage } from '../payments/local-connect-page.ts';
import { localProviderFor, usesLocalProvider } from '../payments/select-provider.ts';
import { mountStaffTaxReview } from './staff-tax-review.ts';
import { mountStaffAuthorReview } from './staff-author-review.ts';

export function mountPartnerProgram(app: Hono<{ Bindings: Env }>): void {
  mountStaffTaxReview(app);
  mountStaffAuthorReview(app);
  const connect = async (c: Context<{ Bindings: Env }>, next: Next): Promise<Response | void> => {
    if (!usesLocalProvider(c.env)) return next();
    return localConnectPage(c.req.raw, localProviderFor(c.env), c.req.param('account') ?? '', mainOrigin(c.env), c.env.PRODUCT_NAME);
  };
  app.get(`${LOCAL_CONNECT_PATH}/:account`, connect);
  app.post(`${LOCAL_CONNECT_PATH}/:account`, connect);
}
