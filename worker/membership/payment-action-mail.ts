// The mail that tells a member a renewal waits for them (docs/adr/0188-renewal-needing-authentication.md):
// their bank asks them to confirm the payment (3-D Secure), here is the processor's page to do it,
// and until then the grace period runs, as after a failed payment.
import { eq } from 'drizzle-orm';
import { html } from 'hono/html';
import { formatDate } from '../../shared/format.ts';
import { formatPrice, GRACE_PERIOD_MS, isPlanCurrency } from '../../shared/membership/plans.ts';
import { orm } from '../db/orm.ts';
import { users } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { mailerFor } from '../mail/mailer.ts';
import type { PaymentActionRequired } from './apply-payment-event.ts';

export const PAYMENT_ACTION_SUBJECT = 'Confirm your membership payment';

export async function sendPaymentActionMail(env: Env, action: PaymentActionRequired, now: number): Promise<void> {
  const user = await orm(env.DB).select({ email: users.email, name: users.name }).from(users).where(eq(users.id, action.userId)).get();
  if (!user?.email) return;
  const product = env.PRODUCT_NAME;
  const amount = formatPrice(action.amount, isPlanCurrency(action.currency) ? action.currency : 'USD');
  const until = formatDate(now + GRACE_PERIOD_MS);
  const lead = `Your bank asks you to confirm your ${product} membership payment of ${amount}.`;
  const keep = `Confirm it by ${until} to keep reading member-only stories.`;
  const text = `${lead}\n\n${keep}\n\nConfirm your payment: ${action.url}\n`;
  const body = html`<!doctype html>
<html lang="en">
  <body style="margin:0;padding:24px;color:#242424;font:16px/1.5 -apple-system,'Segoe UI',Roboto,Arial,sans-serif">
    <div style="max-width:480px;margin:0 auto">
      <p style="font:700 26px Georgia,serif;margin:0 0 24px">${product}</p>
      <p>${lead}</p>
      <p>${keep}</p>
      <p><a href="${action.url}" data-payment-action style="display:inline-block;background:#242424;color:#fff;text-decoration:none;border-radius:99em;padding:10px 24px">Confirm your payment</a></p>
    </div>
  </body>
</html>`;
  await mailerFor(env).send({ to: user.email, subject: PAYMENT_ACTION_SUBJECT, text, html: String(await body) });
}
