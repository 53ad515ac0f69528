// The gift mail: the recipient gets the code (and a link to redeem it) through the mailer of
// this deployment (the development mailbox locally, worker/mail/).
import { eq } from 'drizzle-orm';
import { html } from 'hono/html';
import { PLANS } from '../../shared/membership/plans.ts';
import { giftMembershipUrl } from '../../shared/urls/misc-urls.ts';
import { orm } from '../db/orm.ts';
import { users } from '../db/schema.ts';
import { mainOrigin, type Env } from '../env.ts';
import { mailerFor } from '../mail/mailer.ts';
import type { GiftCodeIssued } from './gift-codes.ts';

export async function sendGiftCodeMail(env: Env, gift: GiftCodeIssued): Promise<void> {
  if (!gift.recipientEmail) return;
  const purchaser = await orm(env.DB).select({ name: users.name }).from(users).where(eq(users.id, gift.purchaserId)).get();
  const from = purchaser?.name || 'Someone';
  const product = env.PRODUCT_NAME;
  const length = PLANS[gift.plan].interval === 'year' ? 'one year' : 'one month';
  const tier = PLANS[gift.plan].tier === 'FRIEND' ? 'Friend' : 'Member';
  // The gift-membership page with the code and its type (docs/product/3-routes-data-calls-constants.md §2.11).
  const link = new URL(giftMembershipUrl({ giftCode: gift.code, giftType: gift.giftType }, { hostKind: 'default', mainOrigin: mainOrigin(env) }), mainOrigin(env)).toString();
  const subject = `${from} gave you a ${product} membership`;
  const text = `${from} gave you ${length} of ${product} membership (${tier}).\n\nYour gift code: ${gift.code}\n\nRedeem it here: ${link}\n\nThe code can be used once, within a year.\n`;
  const body = html`<!doctype html>
<html lang="en">
  <body style="margin:0;padding:24px;color:#242424;font:16px/1.5 -apple-system,'Segoe UI',Roboto,Arial,sans-serif">
    <div style="max-width:480px;margin:0 auto">
      <p style="font:700 26px Georgia,serif;margin:0 0 24px">${product}</p>
      <p>${from} gave you ${length} of ${product} membership (${tier}).</p>
      <p>Your gift code:</p>
      <p style="font:700 22px/1 ui-monospace,Menlo,monospace;letter-spacing:2px" data-gift-code>${gift.code}</p>
      <p><a href="${link}" style="display:inline-block;background:#242424;color:#fff;text-decoration:none;border-radius:99em;padding:10px 24px">Redeem your gift</a></p>
      <p style="color:#6b6b6b;font-size:13px">The code can be used once, within a year.</p>
    </div>
  </body>
</html>`;
  await mailerFor(env).send({ to: gift.recipientEmail, subject, text, html: String(await body) });
}
