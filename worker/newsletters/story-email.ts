// A published story as a newsletter email (docs/newsletters.md "The email"): its title,
// subtitle and readable paragraphs — read as a signed-out reader, so a member-only story
// carries only its preview and a link to the rest — and, for each recipient, the signed
// unsubscribe link in the body and the List-Unsubscribe / List-Unsubscribe-Post headers
// (RFC 2369, RFC 8058) that mail clients turn into a one-click "Unsubscribe".
import { html, raw } from 'hono/html';
import type { Paragraph } from '../../shared/content.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { withEmailSource } from '../../shared/urls/email-source.ts';

/** The story as the email shows it: what a signed-out reader reads (worker/jobs/newsletter-send.ts reads it). */
export interface EmailedStory {
  title: string;
  subtitle: string;
  /** The story's address, absolute. */
  mediumUrl: string;
  /** A member-only story: the paragraphs are its preview, and the email says so. */
  isLockedPreviewOnly: boolean;
  /** The readable paragraphs (the text part of the email). */
  paragraphs: readonly Pick<Paragraph, 'type' | 'text'>[];
  /** The same paragraphs as HTML, every piece of the writer's text escaped and every link checked (the HTML part). */
  html: string;
}

export interface StoryEmailInput {
  productName: string;
  writerName: string;
  post: EmailedStory;
  to: string;
  /** /me/email-settings/{userId}/{hash}, absolute. */
  emailSettingsUrl: string;
  /** The one-click POST address (List-Unsubscribe), absolute. */
  oneClickUnsubscribeUrl: string;
  /** The account the email goes to: its story links say so (shared/urls/email-source.ts, ALTERNATE_USER). */
  recipientId?: string;
}

/** The story's paragraphs as plain text (the text part of the email). */
function storyText(post: EmailedStory): string {
  return post.paragraphs
    .filter((p) => p.text.trim() !== '')
    .map((p) => (p.type === 'ULI' ? `• ${p.text}` : p.type === 'OLI' ? `- ${p.text}` : p.text))
    .join('\n\n');
}

export async function storyEmail(input: StoryEmailInput): Promise<MailMessage> {
  const { productName, writerName } = input;
  const post = input.recipientId ? { ...input.post, mediumUrl: withEmailSource(input.post.mediumUrl, input.recipientId) } : input.post;
  const lockedNote = post.isLockedPreviewOnly ? `This is a member-only story. Continue reading on ${productName}:` : `Read it on ${productName}:`;
  const footer = `You're receiving this because you subscribed to ${writerName}'s newsletter on ${productName}.`;
  const text = [
    `${writerName} published a new story.`,
    post.title,
    post.subtitle,
    storyText(post),
    `${lockedNote}\n${post.mediumUrl}`,
    `--\n${footer}\nUnsubscribe or manage your newsletters: ${input.emailSettingsUrl}`,
  ]
    .filter((part) => part.trim() !== '')
    .join('\n\n');

  const body = raw(post.html);
  const page = html`<!doctype html>
<html lang="en">
  <body style="margin:0;padding:24px;background:#ffffff;color:#242424;font:18px/1.6 Georgia,serif">
    <div style="max-width:640px;margin:0 auto">
      <p style="font:14px -apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#6b6b6b">${writerName} published a new story on ${productName}.</p>
      <h1 style="font:700 32px/1.2 -apple-system,'Segoe UI',Roboto,Arial,sans-serif;margin:0 0 8px"><a href="${post.mediumUrl}" style="color:#242424;text-decoration:none">${post.title}</a></h1>
      ${post.subtitle ? html`<p style="color:#6b6b6b;font-size:20px;margin:0 0 24px">${post.subtitle}</p>` : ''}
      ${body}
      <p style="margin:32px 0"><a href="${post.mediumUrl}" data-story-link style="display:inline-block;background:#242424;color:#ffffff;text-decoration:none;border-radius:99em;padding:10px 24px;font:15px -apple-system,'Segoe UI',Roboto,Arial,sans-serif">${post.isLockedPreviewOnly ? 'Continue reading (member-only story)' : `Read on ${productName}`}</a></p>
      <p style="color:#6b6b6b;font:13px -apple-system,'Segoe UI',Roboto,Arial,sans-serif;border-top:1px solid #f2f2f2;padding-top:16px">
        ${footer} <a href="${input.emailSettingsUrl}" data-unsubscribe-link style="color:#6b6b6b">Unsubscribe</a>
      </p>
    </div>
  </body>
</html>`;
  return {
    to: input.to,
    subject: post.title,
    text: `${text}\n`,
    html: String(await page),
    headers: {
      'List-Unsubscribe': `<${input.oneClickUnsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
