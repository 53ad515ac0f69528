// The membership endpoints of the worker (pages are in client/pages/, through the pipeline):
//   POST /_/payments/webhook           both providers' webhooks (worker/membership/payment-webhook.ts)
//   POST /_/membership/checkout        start a checkout (form: kind, plan, recipient email, discountId)
//   GET|POST /_/dev/pay/checkout/:id   the local provider's hosted checkout (development only)
//   POST /_/dev/billing/advance        move the local billing clock (development only)
import type { Context, Hono } from 'hono';
import { isSameOriginPost } from '../auth/pages.ts';
import { configuredFlags, isDevelopment, mainOrigin, type Env } from '../env.ts';
import { localChallengePage, localCheckoutPage, localInvoicePage } from './local-checkout-page.ts';
import { LOCAL_CHECKOUT_PATH, LOCAL_INVOICE_PATH } from '../payments/local-provider.ts';
import { PaymentConfigurationError, usesLocalProvider } from '../payments/select-provider.ts';
import { localProviderFor, paymentProviderFor } from '../membership/payment-provider.ts';
import { isPlanType } from '../../shared/membership/plans.ts';
import { isPlanOffered } from '../../shared/membership/premium-tier.ts';
import { bodyLimit } from 'hono/body-limit';
import { handlePaymentWebhook, PAYMENT_WEBHOOK_PATH, WEBHOOK_MAX_BYTES } from '../membership/payment-webhook.ts';
import { resolveViewer } from '../session/viewer.ts';
import { runBillingClock, shiftBillingClock, type BillingReport } from '../membership/billing-clock.ts';
import { runPartnerJob } from '../partner/partner-job.ts';
import { startCheckout, type CheckoutKind, type CheckoutOutcome } from '../membership/checkout.ts';
import { withCheckoutUnavailable } from '../../shared/membership/checkout-unavailable.ts';
import { logEvent } from '../lib/log-context.ts';
import { mountStaffCancellations } from './staff-cancellations.ts';

type AppContext = Context<{ Bindings: Env }>;

export const CHECKOUT_PATH = '/_/membership/checkout';
export const BILLING_ADVANCE_PATH = '/_/dev/billing/advance';
/** A header a cross-site form cannot send (it forces a CORS preflight we never answer). */
export const BILLING_CLOCK_HEADER = 'x-vellum-billing-clock';

const webhookBodyLimit = bodyLimit({ maxSize: WEBHOOK_MAX_BYTES, onError: (c) => c.json({ error: 'Payload too large' }, 413) });

const KINDS: readonly CheckoutKind[] = ['MEMBERSHIP', 'GIFT', 'PAYMENT_METHOD'];
const seeOther = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain', 'cache-control': 'no-store' } });

/** The page a checkout form of `kind` is on (a plan's own confirmation page for a membership). */
function checkoutPage(kind: CheckoutKind, plan: string): string {
  const known = isPlanType(plan);
  if (kind === 'GIFT') return known ? `/gift-checkout?plan=${plan}` : '/gift-checkout';
  if (kind === 'PAYMENT_METHOD') return '/me/settings/payment/update';
  return known ? `/plans/confirmation/${plan}` : '/plans';
}

async function checkout(c: AppContext): Promise<Response> {
  if (!isSameOriginPost(c.req.raw)) return c.text('Forbidden', 403);
  const form = await c.req.formData().catch(() => null);
  const field = (name: string) => (typeof form?.get(name) === 'string' ? String(form.get(name)).slice(0, 320) : '');
  const kind = (KINDS as readonly string[]).includes(field('kind')) ? (field('kind') as CheckoutKind) : 'MEMBERSHIP';
  const viewer = await resolveViewer(c.env.DB, c.req.raw);
  const back = kind === 'GIFT' ? '/gift-plans' : kind === 'PAYMENT_METHOD' ? '/me/settings/payment/update' : '/plans';
  if (!viewer.user) return seeOther(`/m/signin?operation=register&redirect=${encodeURIComponent(back)}`);
  // Anti-forgery: the session's value, echoed by the page's form.
  if (!viewer.xsrf || field('xsrf') !== viewer.xsrf) return c.text('Forbidden', 403);
  const plan = field('plan');
  // Friend plans are sold only while the tier is offered (docs/membership.md "Friend tier flags").
  if (kind !== 'PAYMENT_METHOD' && isPlanType(plan) && !isPlanOffered(plan, configuredFlags(c.env))) return seeOther(back);
  let outcome: CheckoutOutcome;
  try {
    outcome = await startCheckout(
      c.env.DB,
      paymentProviderFor(c.env),
      { id: viewer.user.id, email: viewer.user.email, name: viewer.user.name },
      {
        kind,
        plan,
        giftRecipientEmail: field('recipientEmail'),
        giftRecipientEmails: typeof form?.get('recipientEmails') === 'string' ? String(form.get('recipientEmails')).slice(0, 8000) : null,
        discountId: field('discountId'),
      },
      mainOrigin(c.env),
      c.env.PRODUCT_NAME,
      Date.now(),
    );
  } catch (error) {
    // The provider could not start the checkout: nothing of ours was written (the checkout row
    // is stored only after the provider answered). Back to the form's page, which says so.
    if (error instanceof PaymentConfigurationError) throw error;
    logEvent({ event: 'payment_provider_failed', operation: 'startCheckout', kind, message: String(error instanceof Error ? error.message : error).slice(0, 300) }, 'error');
    return seeOther(withCheckoutUnavailable(checkoutPage(kind, plan)));
  }
  return seeOther(outcome.ok ? outcome.url : outcome.redirect);
}

/**
 * Development: moves the billing clock `days` forward by moving every billing time the same
 * distance into the past (memberships, the local provider's subscriptions, charges, gift
 * codes), then runs the billing job. Pages, sessions and sign-in keep the real clock.
 */
export async function advanceBillingClock(env: Env, days: number, now: number): Promise<BillingReport> {
  await shiftBillingClock(env, days);
  const report = await runBillingClock(env, now);
  // The Partner Program's job runs at the moved clock's times instead (docs/partner-program.md
  // "Payouts"): its days and months are calendar text, so its tables stay put. It runs at the
  // start of every month the move passes, as the monthly cron would have (35 days from the 27th
  // pass two month ends), then at the moved time.
  const until = now + Math.round(days * 86_400_000);
  for (let month = nextMonthStart(now); month <= until; month = nextMonthStart(month)) await runPartnerJob(env, month);
  await runPartnerJob(env, until);
  return report;
}

/** The first instant (UTC) of the month after the one `time` falls in. */
function nextMonthStart(time: number): number {
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

export function mountMembership(app: Hono<{ Bindings: Env }>): void {
  mountStaffCancellations(app);
  app.post(PAYMENT_WEBHOOK_PATH, webhookBodyLimit, (c) => handlePaymentWebhook(c.req.raw, c.env, paymentProviderFor(c.env)));
  app.post(CHECKOUT_PATH, checkout);
  app.on(['GET', 'POST'], `${LOCAL_CHECKOUT_PATH}/:session`, (c) => {
    if (!usesLocalProvider(c.env)) return notFound();
    return localCheckoutPage(c.req.raw, localProviderFor(c.env), c.req.param('session'), c.env.PRODUCT_NAME);
  });
  app.on(['GET', 'POST'], `${LOCAL_CHECKOUT_PATH}/:session/challenge/:challenge`, (c) => {
    if (!usesLocalProvider(c.env)) return notFound();
    return localChallengePage(c.req.raw, localProviderFor(c.env), c.req.param('session'), c.req.param('challenge'), c.env.PRODUCT_NAME);
  });
  app.on(['GET', 'POST'], `${LOCAL_INVOICE_PATH}/:invoice`, (c) => {
    if (!usesLocalProvider(c.env)) return notFound();
    return localInvoicePage(c.req.raw, localProviderFor(c.env), c.req.param('invoice'), c.env.PRODUCT_NAME, mainOrigin(c.env));
  });
  app.post(BILLING_ADVANCE_PATH, async (c) => {
    if (!isDevelopment(c.env) || !usesLocalProvider(c.env)) return notFound();
    if (c.req.header(BILLING_CLOCK_HEADER) !== '1') return c.text('Forbidden', 403);
    const days = Number(c.req.query('days') ?? '0');
    if (!Number.isFinite(days) || days < 0 || days > 3660) return c.json({ error: 'days must be a number from 0 to 3660' }, 400);
    return c.json(await advanceBillingClock(c.env, days, Date.now()));
  });
}
