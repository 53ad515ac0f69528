// Fedify's MessageQueue over the fan-out queue (docs/adr/0175-fedify-for-activitypub.md,
// docs/adr/0090-one-fan-out-queue.md): an outgoing activity is one `federation.task` message,
// consumed by the worker's queue() handler (worker/jobs/queue-handlers.ts), which hands it back
// to Fedify (processFederationTask). Workers push batches to the consumer, so listen() never
// polls: the federation is created with manuallyStartQueue and never starts a listener.
//
// nativeRetrial: a failed delivery throws out of the handler, and the queue's own retries
// (growing delays, max_retries, then the dead-letter queue) take over, as for the newsletters.
import type { MessageQueue, MessageQueueEnqueueOptions } from '@fedify/fedify';
import type { Env } from '../env.ts';
import { enqueue } from '../queues/producer.ts';
import { withoutPrivateKeys } from './queued-keys.ts';

export class FanOutMessageQueue implements MessageQueue {
  readonly nativeRetrial = true;

  constructor(private readonly env: Env) {}

  // A requested delay (Fedify's own backoff) is not used: nativeRetrial leaves retries to the queue.
  async enqueue(message: unknown, _options?: MessageQueueEnqueueOptions): Promise<void> {
    // Never a private key in a queue body (queued-keys.ts): they are read back when the task runs.
    await enqueue(this.env, [{ kind: 'federation.task', task: withoutPrivateKeys(message) }]);
  }

  async enqueueMany(messages: readonly unknown[], _options?: MessageQueueEnqueueOptions): Promise<void> {
    await enqueue(
      this.env,
      messages.map((task) => ({ kind: 'federation.task' as const, task: withoutPrivateKeys(task) })),
    );
  }

  listen(): Promise<void> {
    return Promise.reject(new Error('The fan-out queue pushes batches to queue(); nothing listens (worker/jobs/queue-consumer.ts)'));
  }
}
