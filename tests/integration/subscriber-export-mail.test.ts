// Export email subscribers by mail (docs/product/2-sign-in-notices-cache-routing.md §4.4
// EXPORT_EMAIL_SUBSCRIBERS; worker/newsletters/subscriber-export-mail.ts): the writer's list is
// zipped and kept for them at /me/export/{id}; nobody else's newsletter can be exported.
import { beforeAll, expect, it } from 'vitest';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { signedIn, type Caller } from './helpers/signed-in.ts';

const EXPORT = `mutation($id: ID!) { exportEmailSubscribers(newsletterId: $id) { __typename ... on SubscriberExportMailed { newsletterId email subscriberCount } ... on NotFound { message } } }`;

let writer: Caller;
let reader: Caller;
beforeAll(async () => {
  await seedWorld(testDb);
  writer = await signedIn(USERS.writer);
  reader = await signedIn(USERS.reader);
});

it('zips the writer’s subscriber list, keeps it for them and says where the link went', { timeout: 60_000 }, async () => {
  const before = await testDb.prepare('SELECT COUNT(*) AS n FROM account_exports WHERE user_id = ?').bind(USERS.writer).first<{ n: number }>();
  const { data, errors } = await writer.gql(EXPORT, { id: USERS.writer });
  expect(errors).toBeUndefined();
  expect(data.exportEmailSubscribers.__typename).toBe('SubscriberExportMailed');
  expect(data.exportEmailSubscribers.newsletterId).toBe(USERS.writer);
  expect(data.exportEmailSubscribers.email).toMatch(/@/);
  expect(data.exportEmailSubscribers.subscriberCount).toBeGreaterThanOrEqual(0);
  const after = await testDb.prepare('SELECT COUNT(*) AS n FROM account_exports WHERE user_id = ?').bind(USERS.writer).first<{ n: number }>();
  expect(after!.n).toBe(before!.n + 1);
});

it('answers NotFound for a newsletter the viewer does not run', async () => {
  const { data } = await reader.gql(EXPORT, { id: USERS.writer });
  expect(data.exportEmailSubscribers).toEqual({ __typename: 'NotFound', message: 'This newsletter does not exist.' });
});
