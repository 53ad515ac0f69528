import type { Mailer, MailMessage } from './mailer.ts';

export const RESEND_ENDPOINT = 'https://api.resend.com/emails';

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** Production mail through Resend's HTTP API (one POST per message). */
export class ResendMailer implements Mailer {
  constructor(
    private readonly config: { apiKey: string; from: string },
    private readonly fetcher: Fetch = (input, init) => fetch(input, init),
  ) {}

  async send(message: MailMessage): Promise<void> {
    const response = await this.fetcher(RESEND_ENDPOINT, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.config.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: this.config.from, to: [message.to], subject: message.subject, text: message.text, html: message.html, ...(message.headers ? { headers: message.headers } : {}) }),
    });
    if (!response.ok) {
      const detail = (await response.text()).slice(0, 300);
      throw new Error(`Resend refused the message (${response.status}): ${detail}`);
    }
  }
}
