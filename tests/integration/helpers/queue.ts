// The fan-out queue in integration tests (docs/adr/0090-one-fan-out-queue.md): the worker's queue() handler
// consumes it inside workerd as in production. drainQueue() waits until every counted message
// has settled (queue_backlog: sent = settled), i.e. the work a request queued is done or
// dead-lettered. It polls: the queue runs on its own, after the request that fed it answered.
import { testDb } from './graphql-client.ts';

const POLL_MS = 25;
/** A drain that takes longer than this means a message is stuck: the test fails saying so. */
const GIVE_UP_MS = 45_000;

export async function queueBacklog(): Promise<{ sent: number; settled: number }> {
  return (await testDb.prepare('SELECT sent, settled FROM queue_backlog WHERE id = 1').first<{ sent: number; settled: number }>())!;
}

/** Waits until the fan-out queue (and its dead-letter queue) has nothing left to do. */
export async function drainQueue(): Promise<void> {
  const started = Date.now();
  for (;;) {
    const { sent, settled } = await queueBacklog();
    if (sent === settled) return;
    if (Date.now() - started > GIVE_UP_MS) throw new Error(`The fan-out queue did not drain: ${sent} messages sent, ${settled} settled`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
