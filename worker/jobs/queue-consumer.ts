// The worker's queue() handler (docs/adr/0090-one-fan-out-queue.md): batches of the fan-out queue, and of
// its dead-letter queue.
//
// A batch's messages are handled one after another; each that succeeded is acknowledged, each
// that failed is retried on its own (msg.retry) with a growing delay. Acknowledgements are given
// only once the whole batch has been handled, so a consumer that dies half-way gets the whole
// batch again: idempotency keys (worker/queues/idempotency.ts) make the redelivered work a no-op.
// After max_retries (wrangler.toml) a message goes to the dead-letter queue, whose batches are
// logged and recorded (worker/queues/dead-letters.ts).
import type { Message, MessageBatch } from '@cloudflare/workers-types';
import { isDevelopment, type Env } from '../env.ts';
import { recordDeadLetter } from '../queues/dead-letters.ts';
import { handleFanOutMessage } from './queue-handlers.ts';
import { asFanOutMessage, type BatchMemo } from '../queues/messages.ts';
import { logEvent } from '../lib/log-context.ts';

export const FANOUT_QUEUE_NAME = 'vellum-fanout';
export const DEAD_LETTER_QUEUE_NAME = 'vellum-fanout-dlq';

/** Seconds before a failed message is tried again: 10 s, 20 s, 40 s … at most 10 minutes (none in development). */
export function retryDelaySeconds(env: Env, attempts: number): number {
  return isDevelopment(env) ? 0 : Math.min(600, 10 * 2 ** Math.max(0, attempts - 1));
}

export async function queue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  if (batch.queue === DEAD_LETTER_QUEUE_NAME) return deadLetterBatch(batch, env);
  const failHalfWay = testFaultHonoured(env) && batch.messages.some((m) => m.attempts === 1 && asFanOutMessage(m.body)?.failBatchOnce);
  const memo: BatchMemo = new Map();
  const succeeded: Message<unknown>[] = [];
  const failed: Message<unknown>[] = [];
  for (const [index, message] of batch.messages.entries()) {
    if (failHalfWay && index >= Math.ceil(batch.messages.length / 2)) {
      logEvent({ event: 'queue_batch_failed', injected: true, messages: batch.messages.length, handled: index }, 'error');
      throw new Error(`Queue batch of ${batch.messages.length} failed half-way (injected fault)`);
    }
    const body = asFanOutMessage(message.body);
    try {
      if (!body) throw new Error('Not a fan-out message (unknown kind)');
      await handleFanOutMessage(env, body, memo);
      succeeded.push(message);
    } catch (error) {
      logEvent({ event: 'queue_message_failed', messageId: message.id, kind: body?.kind ?? null, attempts: message.attempts, message: String(error) }, 'error');
      failed.push(message);
    }
  }
  for (const message of failed) message.retry({ delaySeconds: retryDelaySeconds(env, message.attempts) });
  for (const message of succeeded) message.ack();
  if (succeeded.length > 0) await settle(env, succeeded.length);
}

async function deadLetterBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    await recordDeadLetter(env.DB, { id: message.id, body: message.body, attempts: message.attempts });
    message.ack();
  }
  await settle(env, batch.messages.length);
}

/** Counts messages as settled in the backlog gauge (queue_backlog). */
async function settle(env: Env, count: number): Promise<void> {
  await env.DB.prepare('UPDATE queue_backlog SET settled = settled + ? WHERE id = 1').bind(count).run();
}

function testFaultHonoured(env: Env): boolean {
  return env.FAULT_INJECTION === 'on' && isDevelopment(env);
}
