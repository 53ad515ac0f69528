// Outgoing mail. One interface, two adapters:
//   development  DevMailbox: stored in D1 (dev_mailbox), printed to the console, listed at
//                GET /_/dev/mailbox — nothing leaves the machine;
//   otherwise    ResendMailer: Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email),
//                configured by the secrets MAIL_API_KEY and MAIL_FROM.
import type { D1Database } from '@cloudflare/workers-types';
import { isDevelopment, type Env } from '../env.ts';
import { DevMailbox } from './dev-mailbox.ts';
import { ResendMailer } from './resend.ts';
import { hasFault } from '../hardening/fault-injection.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on newsletters. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The mailer of this deployment (failing when a test asked it to: mailerWithFaults). */
export function mailerFor(env: Env, db: D1Database = env.DB): Mailer {
  return mailerWithFaults(configuredMailer(env, db), env);
}

function configuredMailer(env: Env, db: D1Database): Mailer {
  if (isDevelopment(env)) return new DevMailbox(db);
  if (!env.MAIL_API_KEY || !env.MAIL_FROM) {
    return {
      async send() {
        throw new Error('Mail is not configured: set MAIL_API_KEY and MAIL_FROM (see docs/sign-in.md).');
      },
    };
  }
  return new ResendMailer({ apiKey: env.MAIL_API_KEY, from: env.MAIL_FROM });
}

/**
 * The mailer, failing as a mail provider that answers 503 when the request asked
 * (docs/adr/0053-fault-injection-seam.md; which faults a request asked for:
 * worker/hardening/fault-injection.ts).
 */
export function mailerWithFaults(mailer: Mailer, env: Env): Mailer {
  if (!hasFault(env, 'mailer')) return mailer;
  return {
    async send() {
      throw new Error('Mail provider answered 503: service unavailable (injected fault)');
    },
  };
}
