// Deactivating a writer's subdomain (worker/accounts/account-changes.ts unclaimSubdomain; the
// failure toast is UNCLAIM_SUBDOMAIN_ERROR, docs/product/2-sign-in-notices-cache-routing.md §4.4).
import { beforeAll, expect, it } from 'vitest';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';

const UNCLAIM = `mutation { unclaimSubdomain { id hasSubdomain } }`;
let writer: Caller;
beforeAll(async () => {
  await seedWorld(testDb);
  await testDb.prepare('UPDATE users SET has_subdomain = 1 WHERE id = ?').bind(USERS.writer).run();
  writer = await signedIn(USERS.writer);
});

it('gives up the writer’s subdomain, and asks a signed-out visitor to sign in', async () => {
  const before = await writer.gql(`{ accountSettings { hasSubdomain } }`);
  expect(before.data!.accountSettings.hasSubdomain).toBe(true);
  const { data, errors } = await writer.gql(UNCLAIM);
  expect(errors).toBeUndefined();
  expect(data!.unclaimSubdomain.hasSubdomain).toBe(false);
  const row = await testDb.prepare('SELECT has_subdomain FROM users WHERE id = ?').bind(USERS.writer).first<{ has_subdomain: number }>();
  expect(row!.has_subdomain).toBe(0);
  const anonymous = await loggedOut.gql(UNCLAIM);
  expect(anonymous.errors?.length).toBeGreaterThan(0);
});
