// Sending work to the fan-out queue (docs/adr/0090-one-fan-out-queue.md). The request that causes work
// calls enqueue() and answers; the queue's consumer (worker/jobs/queue-consumer.ts) does it.
//
// Without a queue binding (a harness that has none), the same handlers run inline after the
// answer through waitUntil, retried a few times in place: nothing is lost, nothing waits on it.
// The handlers are the composition's (worker/jobs/queue-handlers.ts, which imports the
// capabilities that enqueue): worker/index.ts hands them in with runInlineWith, so queues/
// imports none of them.
import type { Queue } from '@cloudflare/workers-types';
import { isDevelopment, type Env } from '../env.ts';
import type { BatchMemo, FanOutMessage, QueuedMessage } from './messages.ts';
import { recordDeadLetter } from './dead-letters.ts';
import { logEvent } from '../lib/log-context.ts';

/** Cloudflare Queues' sendBatch takes at most 100 messages (and 256 KB) per call. */
export const SEND_BATCH_MAX = 100;
/**
 * The bytes a sendBatch call may carry, under the queue's 256 KB with room for its own framing:
 * fifty federation deliveries of a few KB each already pass 256 KB
 * (docs/adr/0211-federation-fan-out-in-bounded-batches.md).
 */
export const SEND_BATCH_MAX_BYTES = 200_000;

const encoder = new TextEncoder();

/** Bodies in sendBatch calls: at most SEND_BATCH_MAX of them and SEND_BATCH_MAX_BYTES (as JSON) a call. */
export function sendBatches<T>(bodies: readonly T[]): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let bytes = 0;
  for (const body of bodies) {
    const size = encoder.encode(JSON.stringify(body)).byteLength;
    if (batch.length > 0 && (batch.length >= SEND_BATCH_MAX || bytes + size > SEND_BATCH_MAX_BYTES)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(body);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
/** Attempts of a message run inline (no queue binding) before it is recorded as a dead letter. */
export const INLINE_ATTEMPTS = 3;

/** Adds work to the queue (or, with no queue binding, runs it after the answer). */
export async function enqueue(env: Env, messages: readonly FanOutMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const marked: QueuedMessage[] = testFaultRequested(env) ? messages.map((m) => ({ ...m, failBatchOnce: true })) : [...messages];
  const queue = env.FANOUT_QUEUE;
  if (queue) await sendCounted(env, queue, marked);
  else (await runtimeWaitUntil())(runInline(env, marked));
}

/**
 * The runtime's waitUntil (module `cloudflare:workers`), looked up when first needed: the
 * specifier is a variable so that Node (unit tests, the schema printer's bundle), which has
 * no such module, never resolves it; only the no-binding path runs it, inside workerd.
 */
let waitUntilOfRuntime: ((promise: Promise<unknown>) => void) | undefined;
async function runtimeWaitUntil(): Promise<(promise: Promise<unknown>) => void> {
  const specifier = 'cloudflare:workers';
  waitUntilOfRuntime ??= ((await import(/* @vite-ignore */ specifier)) as { waitUntil(promise: Promise<unknown>): void }).waitUntil;
  return waitUntilOfRuntime;
}

/**
 * Sends bodies to the queue, counting them in the backlog gauge first (queue_backlog.sent), so
 * "sent = settled" can never hold while a counted message is still on its way.
 */
export async function sendCounted(env: Pick<Env, 'DB'>, queue: Queue<unknown>, bodies: readonly unknown[]): Promise<void> {
  await env.DB.prepare('UPDATE queue_backlog SET sent = sent + ? WHERE id = 1').bind(bodies.length).run();
  let unsent = bodies.length;
  for (const chunk of sendBatches(bodies)) {
    try {
      await queue.sendBatch(chunk.map((body) => ({ body, contentType: 'json' as const })));
      unsent -= chunk.length;
    } catch (error) {
      // What was not sent will never settle: take it off the gauge again.
      await env.DB.prepare('UPDATE queue_backlog SET sent = sent - ? WHERE id = 1').bind(unsent).run();
      throw error;
    }
  }
}

/** What does a message's work: the queue consumer's handlers (worker/jobs/queue-handlers.ts). */
export type FanOutHandler = (env: Env, message: FanOutMessage, memo: BatchMemo) => Promise<void>;

let inlineHandler: FanOutHandler | undefined;

/** Hands in the handlers that run a message inline when there is no queue binding (worker/index.ts does, once). */
export function runInlineWith(handler: FanOutHandler): void {
  inlineHandler = handler;
}

async function runInline(env: Env, messages: readonly QueuedMessage[]): Promise<void> {
  const handle = inlineHandler;
  for (const message of messages) {
    for (let attempt = 1; ; attempt++) {
      try {
        if (!handle) throw new Error('No fan-out handler to run the message inline (worker/index.ts hands it in with runInlineWith)');
        await handle(env, message, new Map());
        break;
      } catch (error) {
        logEvent({ event: 'queue_inline_failure', kind: message.kind, attempt, message: String(error) }, 'error');
        if (attempt >= INLINE_ATTEMPTS) {
          await recordDeadLetter(env.DB, { id: 'inline', body: message, attempts: attempt }).catch(() => undefined);
          break;
        }
      }
    }
  }
}

/** The request asked (in a test) for the batches of the work it queues to fail once. */
function testFaultRequested(env: Env): boolean {
  return env.FAULT_INJECTION === 'on' && isDevelopment(env) && (env.INJECTED_FAULTS?.has('queue-batch') ?? false);
}
