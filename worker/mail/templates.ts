// The mails Vellum sends but newsletters' (worker/newsletters/): sign-in, verification, invitations,
// publication membership. Every text a user reads is here; values are escaped by hono/html.
import { html } from 'hono/html';
import { LOGIN_TOKEN_LIFETIME_MS } from '../../shared/auth/sign-in-rules.ts';
import type { MailMessage } from './mailer.ts';

const LIFETIME_MINUTES = LOGIN_TOKEN_LIFETIME_MS / 60_000;

export interface SignInMailInput {
  productName: string;
  to: string;
  /** The magic link (/m/callback/email?token=…). */
  link: string;
  code: string;
  /**
   * What the mail asks for: sign in (login, or register with an email that already has an
   * account — the API answers both alike, the mail tells the truth) or finish sign-up.
   */
  purpose: 'login' | 'register' | 'register-existing';
  /** Asked from a phone: the code comes first. */
  onMobileWeb: boolean;
}

const IGNORE_UNLESS_ASKED = 'If you did not ask for this email, you can ignore it: nothing happens until the link or code is used.';

function layout(productName: string, body: ReturnType<typeof html>, footer: string = IGNORE_UNLESS_ASKED) {
  return html`<!doctype html>
<html lang="en">
  <body style="margin:0;padding:24px;background:#ffffff;color:#242424;font:16px/1.5 -apple-system,'Segoe UI',Roboto,Arial,sans-serif">
    <div style="max-width:480px;margin:0 auto">
      <p style="font:700 26px Georgia,serif;margin:0 0 24px">${productName}</p>
      ${body}
      <p style="color:#6b6b6b;font-size:13px;margin-top:32px">${footer}</p>
    </div>
  </body>
</html>`;
}

export async function signInMail(input: SignInMailInput): Promise<MailMessage> {
  const { productName, link, code } = input;
  const action =
    input.purpose === 'register'
      ? { subject: `Finish creating your ${productName} account`, lead: `Click below to finish creating your ${productName} account.`, button: 'Create your account' }
      : input.purpose === 'register-existing'
        ? {
            subject: `Sign in to ${productName}`,
            lead: `You already have a ${productName} account with this email. Click below to sign in.`,
            button: `Sign in to ${productName}`,
          }
        : { subject: `Sign in to ${productName}`, lead: `Click below to sign in to your ${productName} account.`, button: `Sign in to ${productName}` };
  const expiry = `The link and the code expire in ${LIFETIME_MINUTES} minutes and can be used once.`;
  const codeText = `Or enter this code: ${code}`;
  const text = input.onMobileWeb
    ? `${codeText}\n\n${action.lead}\n${link}\n\n${expiry}\n`
    : `${action.lead}\n${link}\n\n${codeText}\n\n${expiry}\n`;
  const codeBlock = html`<p style="margin:24px 0 8px">Or enter this code:</p>
    <p style="font:700 32px/1 ui-monospace,Menlo,monospace;letter-spacing:6px;margin:0" data-login-code>${code}</p>`;
  const linkBlock = html`<p style="margin:0 0 16px">${action.lead}</p>
    <p><a href="${link}" style="display:inline-block;background:#242424;color:#ffffff;text-decoration:none;border-radius:99em;padding:10px 24px" data-magic-link>${action.button}</a></p>`;
  const body = html`${input.onMobileWeb ? codeBlock : linkBlock}${input.onMobileWeb ? linkBlock : codeBlock}
    <p style="color:#6b6b6b;font-size:14px;margin-top:24px">${expiry}</p>`;
  return { to: input.to, subject: action.subject, text, html: String(await layout(productName, body)) };
}

export async function verificationMail(input: { productName: string; to: string; link: string; lifetimeHours: number }): Promise<MailMessage> {
  const lead = `Confirm that ${input.to} is your email address to get full access to your ${input.productName} account.`;
  const text = `${lead}\n${input.link}\n\nThe link expires in ${input.lifetimeHours} hours.\n`;
  const body = html`<p>${lead}</p>
    <p><a href="${input.link}" style="display:inline-block;background:#242424;color:#ffffff;text-decoration:none;border-radius:99em;padding:10px 24px">Verify email</a></p>
    <p style="color:#6b6b6b;font-size:14px">The link expires in ${input.lifetimeHours} hours.</p>`;
  return { to: input.to, subject: `Verify your email for ${input.productName}`, text, html: String(await layout(input.productName, body)) };
}

/**
 * The invitation of a subscriber import (docs/newsletters.md "Importing subscribers"): the
 * writer added this address; nothing more is sent unless its owner confirms.
 */
export async function newsletterInvitationMail(input: { productName: string; to: string; link: string; newsletterName: string; inviterName: string; lifetimeDays: number }): Promise<MailMessage> {
  const lead = `${input.inviterName} added ${input.to} to the subscribers of ${input.newsletterName} on ${input.productName}. Confirm to get their new stories by email.`;
  const after = `If you don't confirm, you won't hear from ${input.newsletterName} again. The link works for ${input.lifetimeDays} days.`;
  const text = `${lead}\n${input.link}\n\n${after}\n`;
  const body = html`<p>${lead}</p>
    <p><a href="${input.link}" style="display:inline-block;background:#242424;color:#ffffff;text-decoration:none;border-radius:99em;padding:10px 24px">Confirm subscription</a></p>
    <p style="color:#6b6b6b;font-size:14px">${after}</p>`;
  return { to: input.to, subject: `Subscribe to ${input.newsletterName}?`, text, html: String(await layout(input.productName, body)) };
}

/**
 * A publication's editor added this person as a writer or an editor, or changed their role
 * (docs/publications.md "Members"): what they may now do, and the publication's address.
 */
export async function publicationMemberMail(input: {
  productName: string;
  to: string;
  publicationName: string;
  role: 'EDITOR' | 'WRITER';
  addedBy: string;
  link: string;
}): Promise<MailMessage> {
  const { productName, publicationName, addedBy } = input;
  const lead =
    input.role === 'EDITOR'
      ? `${addedBy} made you an editor of ${publicationName} on ${productName}. You can now publish stories in it and approve what its writers submit.`
      : `${addedBy} added you as a writer of ${publicationName} on ${productName}. You can now submit stories to it: choose it when you publish, and its editors review them.`;
  const text = `${lead}\n${input.link}\n`;
  const body = html`<p>${lead}</p>
    <p><a href="${input.link}" style="display:inline-block;background:#242424;color:#ffffff;text-decoration:none;border-radius:99em;padding:10px 24px">Open ${publicationName}</a></p>`;
  const footer = `If you would rather not be part of ${publicationName}, ask its editors to remove you.`;
  return { to: input.to, subject: input.role === 'EDITOR' ? `You are an editor of ${publicationName}` : `You are a writer of ${publicationName}`, text, html: String(await layout(productName, body, footer)) };
}


/**
 * A writer's subscriber list, mailed (docs/product/2-sign-in-notices-cache-routing.md §4.4
 * EXPORT_EMAIL_SUBSCRIBERS: "a zip link will be emailed"): the link to the ZIP, and how long it works.
 */
export async function subscriberExportMail(input: { productName: string; to: string; link: string; newsletterName: string; subscriberCount: number; lifetimeDays: number }): Promise<MailMessage> {
  const lead = `Your list of ${input.subscriberCount} subscriber(s) of ${input.newsletterName} is ready to download as a zip file.`;
  const after = `The link works for ${input.lifetimeDays} days, for you only (sign in to ${input.productName} to open it).`;
  const text = `${lead}\n${input.link}\n\n${after}\n`;
  const body = html`<p>${lead}</p>
    <p><a href="${input.link}" style="display:inline-block;background:#242424;color:#ffffff;text-decoration:none;border-radius:99em;padding:10px 24px">Download the list</a></p>
    <p style="color:#6b6b6b;font-size:14px">${after}</p>`;
  return { to: input.to, subject: `Your subscriber list of ${input.newsletterName}`, text, html: String(await layout(input.productName, body)) };
}
