// A new signed-in reader's checkout on the local payment provider, and form posts to its pages
// (docs/adr/0141-local-3d-secure-challenge.md, docs/adr/0142-wallets-and-paypal.md).
import { expect } from 'vitest';
import { createSession } from '../../../worker/session/session-store.ts';
import { testDb, workerFetch } from './graphql-client.ts';

export const ORIGIN = 'http://localhost:8787';

let nextUser = 0;

/** A new reader (ids and names start with `prefix`) starts a checkout of the monthly plan: the local provider's hosted page address. */
export async function checkoutUrl(prefix: string): Promise<{ userId: string; url: string }> {
  nextUser++;
  const userId = `${prefix.slice(0, 2)}${String(nextUser).padStart(10, '0')}`;
  await testDb
    .prepare("INSERT INTO users (id, username, name, email, bio, created_at) VALUES (?, ?, ?, ?, '', ?)")
    .bind(userId, `${prefix}${nextUser}`, `${prefix[0]!.toUpperCase()}${prefix.slice(1)} ${nextUser}`, `${prefix}${nextUser}@vellum.test`, Date.now())
    .run();
  const session = await createSession(testDb, userId);
  const started = await workerFetch(`${ORIGIN}/_/membership/checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: `sid=${session.token}`, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf: session.xsrf, kind: 'MEMBERSHIP', plan: 'MONTHLY' }),
  });
  expect(started.status).toBe(303);
  return { userId, url: started.headers.get('location')! };
}

/** A same-origin form post to one of the local provider's pages. */
export const post = (url: string, fields: Record<string, string>) =>
  workerFetch(url, { method: 'POST', redirect: 'manual', headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
