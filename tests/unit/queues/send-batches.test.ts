// The fan-out queue's sendBatch calls stay under both of the queue's limits (worker/queues/producer.ts,
// docs/adr/0211-federation-fan-out-in-bounded-batches.md): at most 100 messages and
// SEND_BATCH_MAX_BYTES a call, whatever the number or size of the bodies.
import { describe, expect, it } from 'vitest';
import { SEND_BATCH_MAX, SEND_BATCH_MAX_BYTES, sendBatches } from '../../../worker/queues/producer.ts';

const bytes = (bodies: unknown[]) => bodies.reduce<number>((sum, body) => sum + new TextEncoder().encode(JSON.stringify(body)).byteLength, 0);

describe('sendBatches', () => {
  it('splits fifty federation-sized bodies (6 KB each, 300 KB in all) by bytes, keeping every body once and in order', () => {
    const bodies = Array.from({ length: 50 }, (_, i) => ({ kind: 'federation.task', i, task: 'x'.repeat(6_000) }));
    const batches = sendBatches(bodies);
    expect(batches.length).toBe(2);
    for (const batch of batches) expect(bytes(batch)).toBeLessThanOrEqual(SEND_BATCH_MAX_BYTES);
    expect(batches.flat()).toEqual(bodies);
  });

  it('splits many small bodies by count', () => {
    const bodies = Array.from({ length: 250 }, (_, i) => ({ kind: 'newsletter.email', i }));
    const batches = sendBatches(bodies);
    expect(batches.map((batch) => batch.length)).toEqual([SEND_BATCH_MAX, SEND_BATCH_MAX, 50]);
    expect(batches.flat()).toEqual(bodies);
  });

  it('sends nothing for no bodies', () => {
    expect(sendBatches([])).toEqual([]);
  });
});
