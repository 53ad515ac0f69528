// Post-retrieval outcomes on the story page (issue 6 item 1;
// docs/product/2-sign-in-notices-cache-routing.md §3): each outcome the data can produce has its
// own page text and HTTP status, over HTTP, logged out and in.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST_RESULT_STATUS } from '../../client/pages/PostPage.tsx';
import { OUTCOME_TEXT } from '../../client/components/story/PostOutcome.tsx';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { call, page, sessionOf, type TestSession } from './helpers/story.ts';
import { send } from './helpers/edge-cache.ts';
import { setStoryRestriction, type StoryRestriction } from '../../worker/stories/restrictions.ts';
import { consequencesFor } from '../../worker/consequences/consequences.ts';

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

// Issue 18 point 6: the outcomes that come from staff-set restrictions
// (migrations/0009_post_restrictions.sql; docs/reader.md "Outcomes").
describe('restrictions set by staff', () => {
  // The staff action (worker/stories/restrictions.ts) writes the row and purges the story's pages.
  const restrict = (postId: string, values: StoryRestriction) => setStoryRestriction(env, postId, values, Date.now(), consequencesFor(env));
  const lift = () => setStoryRestriction(env, POSTS.open, null, Date.now(), consequencesFor(env));

  it('refuses a country code that is not one', async () => {
    await expect(restrict(POSTS.open, { withheldCountries: ['Germany'] })).rejects.toThrow('Not an ISO 3166-1 alpha-2 country code');
  });

  function expectOutcome(answer: { status: number; text: string }, outcome: keyof typeof OUTCOME_TEXT, status: number, message: string) {
    expect(answer.status).toBe(status);
    expect(POST_RESULT_STATUS[outcome]).toBe(status);
    expect(answer.text).toContain(`data-outcome="${outcome}"`);
    expect(answer.text).toContain(`<h1 class="error-page-heading">${message}</h1>`);
    expect(answer.text).toContain(OUTCOME_TEXT[outcome].kicker);
    expect(answer.text).toContain(OUTCOME_TEXT[outcome].advice);
    expect(answer.text).not.toContain('class="story"');
    expect(answer.text).not.toContain('SECRET');
  }

  it('UnavailableForLegalReasons: 451 for visitors, readers and the author alike; staff still read it', async () => {
    await restrict(POSTS.open, { legalBlockedAt: Date.now() });
    try {
      for (const who of [undefined, reader, writer]) {
        expectOutcome(await page(`/p/${POSTS.open}`, who), 'UnavailableForLegalReasons', 451, 'This story is unavailable for legal reasons.');
      }
      expect((await page(`/p/${POSTS.open}`, await sessionOf('staff'))).status).toBe(200);
    } finally {
      await lift();
    }
  });

  it('WithheldInCountry: 451 for a reader in a listed country, the story elsewhere, and never a shared cached copy', async () => {
    await restrict(POSTS.open, { withheldCountries: ['DE', 'fr'] });
    try {
      for (const country of ['DE', 'FR']) {
        const answer = await send(`/p/${POSTS.open}`, { headers: { 'cf-ipcountry': country } });
        expectOutcome(answer, 'WithheldInCountry', 451, 'This story has been withheld in your country in response to a legal demand.');
      }
      // Elsewhere the story is read, but its page is never stored: a copy would reach readers in DE.
      for (let i = 0; i < 2; i++) {
        const elsewhere = await send(`/p/${POSTS.open}`, { headers: { 'cf-ipcountry': 'US' } });
        expect(elsewhere.status).toBe(200);
        expect(elsewhere.text).toContain('class="story"');
        expect(elsewhere.cacheStatus).not.toBe('HIT');
      }
      const afterwards = await send(`/p/${POSTS.open}`, { headers: { 'cf-ipcountry': 'DE' } });
      expect(afterwards.status).toBe(451);
      // The data says so too, for the reader's country only.
      const data = await call<{ postResult: { __typename: string; message?: string } }>(
        'query ($id: ID!) { postResult(id: $id) { __typename ... on WithheldInCountry { message } } }',
        { id: POSTS.open },
      );
      expect(data.data?.postResult.__typename).toBe('Post');
    } finally {
      await lift();
    }
  });

  it('Unauthorized: a visitor gets 401 and a sign-in link back to the story; a signed-in reader reads it', async () => {
    await restrict(POSTS.open, { signInRequired: true });
    try {
      const visitor = await page(`/p/${POSTS.open}`);
      expectOutcome(visitor, 'Unauthorized', 401, 'Sign in to read this story.');
      expect(visitor.text).toContain(`href="/m/signin?redirect=${encodeURIComponent(`/p/${POSTS.open}`)}"`);
      expect(visitor.cacheStatus).not.toBe('HIT');
      expect((await page(`/p/${POSTS.open}`)).status).toBe(401);
      const signedIn = await page(`/p/${POSTS.open}`, reader);
      expect(signedIn.status).toBe(200);
      expect(signedIn.text).toContain('class="story"');
    } finally {
      await lift();
    }
  });

  it('a restriction also keeps the story out of every other way to it (GraphQL post)', async () => {
    await restrict(POSTS.open, { legalBlockedAt: Date.now() });
    try {
      const answer = await call<{ post: { id: string } | null }>('query ($id: ID!) { post(id: $id) { id } }', { id: POSTS.open });
      expect(answer.data?.post).toBeNull();
    } finally {
      await lift();
    }
  });
});
