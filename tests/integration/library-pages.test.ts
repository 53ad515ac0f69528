// The library pages over HTTP: each answers 200 in the two-column layout for a signed-in
// reader with their own data; a visitor gets the sign-in notice and nobody's data. Also:
// every library document is valid against the schema (server renders do not validate).
import { validate, type DocumentNode } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import * as library from '../../client/pages/YourCatalogPage.graphql.ts';
import { schema } from '../../worker/graphql/schema.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { recordNotification } from '../../worker/notifications/notify.ts';

const documents = Object.entries(library).filter(([, doc]) => (doc as DocumentNode).definitions?.some((d) => d.kind === 'OperationDefinition'));

describe('library GraphQL documents', () => {
  it.each(documents)('%s validates against the schema', (_name, doc) => {
    expect(validate(schema, doc as DocumentNode).map((e) => e.message)).toEqual([]);
  });
});

let cookie: string;
beforeAll(async () => {
  await seedWorld(testDb);
  cookie = `sid=${(await createSession(testDb, USERS.member)).token}`;
  await testDb.prepare('INSERT INTO reading_history (user_id, post_id, read_at) VALUES (?, ?, ?)').bind(USERS.member, 'f00000000003', Date.now()).run();
  await recordNotification(testDb, { userId: USERS.member, actorId: USERS.reader, kind: 'FOLLOW' });
  const now = Date.now();
  await testDb.batch([
    testDb.prepare("INSERT INTO catalogs (id, creator_id, name, type, visibility, created_at, updated_at) VALUES ('ca00000000aa', ?, 'Picks by Rae', 'LISTS', 'PUBLIC', ?, ?)").bind(USERS.reader, now, now),
    testDb.prepare("INSERT INTO follows (follower_id, target_type, target_id, created_at) VALUES (?, 'CATALOG', 'ca00000000aa', ?)").bind(USERS.member, now),
  ]);
  await testDb.prepare('UPDATE posts SET creator_id = ? WHERE id = ?').bind(USERS.member, 'f00000000005').run();
  await testDb.prepare('UPDATE posts SET deleted_at = ? WHERE id = ?').bind(Date.now(), 'f00000000005').run();
});

async function page(path: string, withCookie: boolean) {
  const response = await workerFetch(`http://localhost:8787${path}`, { redirect: 'manual', ...(withCookie ? { headers: { cookie } } : {}) });
  return { status: response.status, pageName: response.headers.get('x-page-name'), location: response.headers.get('location'), html: await response.text() };
}

const PAGES: [string, string, string][] = [
  ['/me/lists', 'your-catalogs', 'Reading list'],
  ['/me/lists/saved', 'your-followed-catalogs', 'Picks by Rae'],
  ['/me/lists/reading-history', 'your-reading-history', 'Bulk Story 3'],
  ['/me/list/reading-list', 'your-catalog', 'Open Story'],
  ['/me/readinghistory', 'customize-reading-history', 'Bulk Story 3'],
  ['/me/notifications', 'notifications', 'Rae Reader'],
  ['/me/stories/deleted', 'your-stories', 'Bulk Story 5'],
];

describe.each(PAGES)('%s', (path, pageName, ownText) => {
  it('answers 200 in the two-column layout with the reader\'s own data', async () => {
    const answer = await page(path, true);
    expect(answer.status).toBe(200);
    expect(answer.pageName).toBe(pageName);
    expect(answer.html).toContain('layout-two-column');
    expect(answer.html).toContain(ownText);
  });

  // Issue 18 point 2 (docs/reader.md): a visitor is sent to sign in, and back here after.
  it('sends a visitor to sign in and back, showing nothing of anyone\'s', async () => {
    const answer = await page(path, false);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/m/signin?redirect=${encodeURIComponent(path)}`);
    expect(answer.html).not.toContain(ownText);
  });
});

it('a list that does not exist answers 404', async () => {
  const answer = await page('/me/list/nothing-here-0123456789ab', true);
  expect(answer.status).toBe(404);
  expect(answer.html).toContain('This list does not exist.');
  expect(POSTS.open).toBeTruthy();
});

it('names a clapped response "your response" (a response has no title)', async () => {
  const readerCookie = `sid=${(await createSession(testDb, USERS.reader)).token}`;
  await testDb.prepare("UPDATE posts SET title = '' WHERE id = ?").bind(POSTS.response).run();
  await recordNotification(testDb, { userId: USERS.reader, actorId: USERS.member, kind: 'CLAP', postId: POSTS.response });
  const html = await (await workerFetch('http://localhost:8787/me/notifications', { headers: { cookie: readerCookie } })).text();
  expect(html).toMatch(/clapped for <a [^>]*class="notification-story"[^>]*>your response<\/a>/);
});
