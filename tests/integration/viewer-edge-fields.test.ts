// Viewer.viewerEdge.createdAt (docs/product/1-product-screens-membership-header-search.md §3): when
// the viewer's account was made, on the viewer's own user only.
import { beforeAll, expect, it } from 'vitest';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { graphql, testDb } from './helpers/graphql-client.ts';
import { signedIn } from './helpers/signed-in.ts';

beforeAll(async () => {
  await seedWorld(testDb);
});

it("answers the viewer's own account creation time, and null on anyone else's edge or when logged out", async () => {
  const row = await testDb.prepare('SELECT created_at FROM users WHERE id = ?').bind(USERS.reader).first<{ created_at: number }>();
  const reader = await signedIn(USERS.reader);
  const own = await reader.gql(`{ viewer { viewerEdge { createdAt } } other: user(id: "${USERS.writer}") { viewerEdge { createdAt } } }`);
  expect(own.errors).toBeUndefined();
  expect(own.data.viewer.viewerEdge.createdAt).toBe(row!.created_at);
  expect(own.data.other.viewerEdge.createdAt).toBeNull();
  const anonymous = await graphql(`{ user(id: "${USERS.reader}") { viewerEdge { createdAt } } }`);
  expect(anonymous.data.user.viewerEdge.createdAt).toBeNull();
});
