// The development mailbox: mail "sent" in development is stored in D1 and printed to the
// console; GET /_/dev/mailbox lists it (HTML, or JSON for Accept: application/json), and
// answers 404 anywhere but ENVIRONMENT=development.
import type { D1Database } from '@cloudflare/workers-types';
import { desc, eq } from 'drizzle-orm';
import { html } from 'hono/html';
import { devMailbox } from '../db/schema.ts';
import { isDevelopment, type Env } from '../env.ts';
import { orm } from '../db/orm.ts';
import type { Mailer, MailMessage } from './mailer.ts';

export const DEV_MAILBOX_PATH = '/_/dev/mailbox';
/** Messages a listing shows (newest first). */
const LISTED = 50;

export class DevMailbox implements Mailer {
  constructor(
    private readonly db: D1Database,
    private readonly now: () => number = Date.now,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await orm(this.db).insert(devMailbox).values({
      toAddress: message.to.toLowerCase(),
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      headersJson: JSON.stringify(message.headers ?? {}),
      createdAt: this.now(),
    });
    console.log(`[dev-mailbox] To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n(listed at ${DEV_MAILBOX_PATH})`);
  }
}

export interface DevMailboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers the message was sent with (List-Unsubscribe, …). */
  headers: Record<string, string>;
  createdAt: number;
}

export async function listDevMailbox(db: D1Database, to?: string | null): Promise<DevMailboxMessage[]> {
  const query = orm(db).select().from(devMailbox);
  const rows = await (to ? query.where(eq(devMailbox.toAddress, to.trim().toLowerCase())) : query)
    .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
    .limit(LISTED);
  return rows.map((r) => ({ id: r.id, to: r.toAddress, subject: r.subject, text: r.textBody, html: r.htmlBody, headers: JSON.parse(r.headersJson) as Record<string, string>, createdAt: r.createdAt }));
}

/** GET /_/dev/mailbox[?to=email]. */
export async function handleDevMailbox(request: Request, env: Env): Promise<Response> {
  if (!isDevelopment(env)) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const url = new URL(request.url);
  const messages = await listDevMailbox(env.DB, url.searchParams.get('to'));
  const headers = { 'cache-control': 'no-store', vary: 'accept' };
  if ((request.headers.get('accept') ?? '').includes('application/json')) {
    return Response.json({ messages }, { headers });
  }
  const page = html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Development mailbox · ${env.PRODUCT_NAME}</title>
    <style>
      body { font: 15px/1.5 system-ui, sans-serif; max-width: 860px; margin: 32px auto; padding: 0 16px; color: #242424; }
      h1 { font-size: 24px; } .note { color: #6b6b6b; }
      article { border: 1px solid #e6e6e6; border-radius: 8px; margin: 16px 0; padding: 12px 16px; }
      header { display: flex; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
      pre { white-space: pre-wrap; background: #fafafa; padding: 8px; border-radius: 4px; }
      iframe { width: 100%; height: 360px; border: 1px solid #f2f2f2; }
    </style>
  </head>
  <body>
    <h1>Development mailbox</h1>
    <p class="note">
      Mail sent by this development site (${messages.length} shown, newest first). Filter with <code>?to=email</code>; ask with
      <code>Accept: application/json</code> for JSON.
    </p>
    ${messages.length === 0 ? html`<p>No mail yet.</p>` : ''}
    ${messages.map(
      (m) => html`<article data-message-id="${m.id}">
        <header>
          <strong>${m.subject}</strong>
          <span>to ${m.to} · <time datetime="${new Date(m.createdAt).toISOString()}">${new Date(m.createdAt).toISOString()}</time></span>
        </header>
        ${Object.keys(m.headers).length > 0 ? html`<pre class="headers">${Object.entries(m.headers).map(([name, value]) => `${name}: ${value}\n`)}</pre>` : ''}
        <pre>${m.text}</pre>
        <details><summary>HTML version</summary><iframe sandbox title="HTML version" srcdoc="${m.html}"></iframe></details>
      </article>`,
    )}
  </body>
</html>`;
  return new Response(String(await page), { headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } });
}

