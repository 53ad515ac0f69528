// Post-retrieval outcomes on the story page (issue 6 item 1;
// docs/product/2-sign-in-notices-cache-routing.md §3): each outcome the data can produce has its
// own page text and HTTP status, over HTTP, logged out and in.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST_RESULT_STATUS } from '../../client/pages/PostPage.tsx';
import { OUTCOME_TEXT } from '../../client/components/story/PostOutcome.tsx';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { page, sessionOf, type TestSession } from './helpers/story.ts';

let reader: TestSession;
let writer: TestSession;
let moderator: TestSession;

beforeAll(async () => {
  await seedWorld(env.DB);
  [reader, writer, moderator] = await Promise.all([sessionOf('reader'), sessionOf('writer'), sessionOf('moderator')]);
});

const CASES = [
  { outcome: 'NotFound', path: '/p/ffffffffffff', status: 404, message: 'This story does not exist.' },
  { outcome: 'NotFound', path: `/p/${POSTS.draft}`, status: 404, message: 'This story does not exist.' },
  { outcome: 'NotFound', path: `/p/${POSTS.trashedDraft}`, status: 404, message: 'This story does not exist.' },
  { outcome: 'RemovedByUser', path: `/p/${POSTS.trashed}`, status: 410, message: 'This story was deleted by its author.' },
  { outcome: 'AccountDeleted', path: `/p/${POSTS.byDeletedWriter}`, status: 410, message: 'This account has been deleted.' },
  {
    outcome: 'AccountSuspended',
    path: `/p/${POSTS.bySuspendedWriter}`,
    status: 410,
    message: 'This account is under investigation or was found in violation of the Vellum Rules.',
  },
  {
    outcome: 'PostSuspended',
    path: `/p/${POSTS.suspended}`,
    status: 410,
    message: 'This story is under investigation or was found in violation of the Vellum Rules.',
  },
] as const;

describe.each([
  ['logged out', (): TestSession | undefined => undefined],
  ['signed in as a reader', (): TestSession | undefined => reader],
] as const)('%s', (_label, who) => {
  it.each(CASES)('$outcome at $path: status $status, its own text', async ({ outcome, path, status, message }) => {
    const answer = await page(path, who());
    expect(answer.status).toBe(status);
    expect(POST_RESULT_STATUS[outcome]).toBe(status);
    expect(answer.text).toContain(`data-outcome="${outcome}"`);
    expect(answer.text).toContain(`<h1 class="error-page-heading">${message}</h1>`);
    expect(answer.text).toContain(OUTCOME_TEXT[outcome].kicker);
    expect(answer.text).toContain(OUTCOME_TEXT[outcome].advice);
    expect(answer.text).not.toContain('class="story"');
  });
});

it('gives every outcome a text of its own', () => {
  const kickers = Object.values(OUTCOME_TEXT).map((t) => t.kicker);
  expect(new Set(kickers).size).toBe(kickers.length);
});

it('shows the author their own draft, trashed and suspended stories, and a moderator the suspended ones', async () => {
  for (const id of [POSTS.draft, POSTS.suspended]) {
    const answer = await page(`/p/${id}`, writer);
    expect(answer.status, id).toBe(200);
    expect(answer.text).toContain('class="story"');
  }
  // Trash stays trash, even for its author: the page says so (restoring is on Your stories).
  expect((await page(`/p/${POSTS.trashed}`, writer)).status).toBe(410);
  expect((await page(`/p/${POSTS.suspended}`, moderator)).status).toBe(200);
  expect((await page(`/p/${POSTS.bySuspendedWriter}`, moderator)).status).toBe(200);
});

// A block speaks only to the two people concerned, signed in (logged out nobody is blocked:
// the CASES above stay as they are for visitors). The full behaviour is in blocks.test.ts.
it.each([
  { outcome: 'Blocked', blocker: USERS.writer, blocked: USERS.reader, message: 'You can’t read this story: its author has blocked you.' },
  { outcome: 'Blocking', blocker: USERS.reader, blocked: USERS.writer, message: 'You blocked the author of this story.' },
] as const)('$outcome: status 403, its own text, for the reader only', async ({ outcome, blocker, blocked, message }) => {
  await env.DB.prepare('INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)').bind(blocker, blocked, Date.now()).run();
  try {
    const answer = await page(`/p/${POSTS.open}`, reader);
    expect(answer.status).toBe(403);
    expect(POST_RESULT_STATUS[outcome]).toBe(403);
    expect(answer.text).toContain(`data-outcome="${outcome}"`);
    expect(answer.text).toContain(`<h1 class="error-page-heading">${message}</h1>`);
    expect(answer.text).toContain(OUTCOME_TEXT[outcome].kicker);
    expect(answer.text).toContain(OUTCOME_TEXT[outcome].advice);
    expect(answer.text).not.toContain('class="story"');
    expect((await page(`/p/${POSTS.open}`)).status).toBe(200);
  } finally {
    await env.DB.prepare('DELETE FROM blocks').run();
  }
});
