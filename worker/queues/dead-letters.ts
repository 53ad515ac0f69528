// The dead-letter queue's end (docs/adr/0090-one-fan-out-queue.md): a message that failed
// every attempt is logged (Workers Logs) and kept in queue_dead_letters for an operator.
import type { D1Database } from '@cloudflare/workers-types';
import { logEvent } from '../lib/log-context.ts';

export interface DeadLetter {
  id: string;
  body: unknown;
  attempts: number;
}

export async function recordDeadLetter(db: D1Database, letter: DeadLetter, now = Date.now()): Promise<void> {
  const kind = typeof letter.body === 'object' && letter.body !== null && typeof (letter.body as { kind?: unknown }).kind === 'string' ? (letter.body as { kind: string }).kind : null;
  const bodyJson = JSON.stringify(letter.body ?? null) ?? 'null';
  logEvent({ event: 'queue_dead_letter', messageId: letter.id, kind, attempts: letter.attempts, body: bodyJson.slice(0, 2000) }, 'error');
  await db
    .prepare('INSERT INTO queue_dead_letters (message_id, kind, body_json, attempts, received_at) VALUES (?, ?, ?, ?, ?)')
    .bind(letter.id, kind, bodyJson, letter.attempts, now)
    .run();
}
