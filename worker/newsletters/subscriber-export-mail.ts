// "Export email subscribers", mailed (docs/product/2-sign-in-notices-cache-routing.md §4.4
// EXPORT_EMAIL_SUBSCRIBERS: "a list is being prepared and a zip link will be emailed"): the same
// CSV as the direct download (subscriber-export.ts), zipped, kept for its owner like a data
// export (worker/accounts/account-export.ts storeArchive: /me/export/{id}, a week, owner only),
// and its link mailed to the writer's own address.
import { strToU8, zipSync } from 'fflate';
import type { RequestContext } from '../context/request-context.ts';
import { badRequest, signInRequired } from '../context/errors.ts';
import { type Outcome } from '../context/outcomes.ts';
import { EXPORT_LIFETIME_MS, storeArchive } from '../accounts/account-export.ts';
import { mainOrigin } from '../env.ts';
import { mailerFor } from '../mail/mailer.ts';
import { subscriberExportMail } from '../mail/templates.ts';
import { subscriberCsv, subscriberExport } from './subscriber-export.ts';

export interface MailedSubscriberExport {
  newsletterId: string;
  /** Where the mail went. */
  email: string;
  subscriberCount: number;
}

/** Builds the newsletter's subscriber list as a ZIP and mails its link to the viewer. */
export async function mailSubscriberExport(ctx: RequestContext, newsletterId: string): Promise<MailedSubscriberExport | Outcome> {
  const user = ctx.viewer.user;
  if (!user) throw signInRequired('export your subscribers');
  if (!user.email) throw badRequest('Add an email address to your account to receive the list.');
  const exported = await subscriberExport(ctx, newsletterId);
  // Someone else's newsletter is not told apart from a missing one (as the direct download).
  if (!exported) return { __typename: 'NotFound', message: 'This newsletter does not exist.' } satisfies Outcome;
  const zip = zipSync({ [exported.filename]: strToU8(subscriberCsv(exported)) });
  const archive = await storeArchive(ctx.env, user.id, zip, 0, ctx.now);
  const name = exported.filename.replace(/-subscribers\.csv$/, '');
  await mailerFor(ctx.env, ctx.db).send(
    await subscriberExportMail({
      productName: ctx.env.PRODUCT_NAME,
      to: user.email,
      link: `${mainOrigin(ctx.env)}${archive.url}`,
      newsletterName: name,
      subscriberCount: exported.subscribers.length,
      lifetimeDays: EXPORT_LIFETIME_MS / 86_400_000,
    }),
  );
  return { newsletterId, email: user.email, subscriberCount: exported.subscribers.length };
}
