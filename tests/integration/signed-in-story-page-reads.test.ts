// Issue 25 (docs/adr/0222-signed-in-story-page-reads.md): a signed-in reader's story page runs a
// bounded number of D1 statements (x-d1-queries) in a bounded number of round trips
// (x-d1-round-trips), its session read apart (held or not, x-session-read). The viewer's block
// with the writer rides on the story's read, and a list's cards bring their publications, so the
// page waits for two round trips: the viewer's membership with the story (and the edge cache's
// subject, read through the same loader), then one batch of the rest.
// The folded reads must still decide what the reader sees: a block either way is still the
// Blocked or Blocking page, a card still names its publication, and the follow buttons of the
// writer and the publication (read with the story since docs/scale.md's eighth pass) show what
// the reader follows.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, POSTS, USERS, seedWorld } from './helpers/fixtures.ts';
import { send, type Answer } from './helpers/edge-cache.ts';
import { createSession } from '../../worker/session/session-store.ts';

const MAX_STATEMENTS = 7;
const MAX_ROUND_TRIPS = 2;

let session: string;

beforeAll(async () => {
  await seedWorld(env.DB);
  session = (await createSession(env.DB, USERS.reader)).token;
});

function expectWithinBounds(answer: Answer): void {
  expect(Number(answer.headers.get('x-d1-queries'))).toBeLessThanOrEqual(MAX_STATEMENTS);
  expect(Number(answer.headers.get('x-d1-round-trips'))).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
}

describe("a signed-in reader's story page", () => {
  it(`a story in a publication with a design: at most ${MAX_STATEMENTS} statements in ${MAX_ROUND_TRIPS} round trips`, async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await send(`/p/${POSTS.open}`, { session });
      expect(answer.status).toBe(200);
      expect(answer.cacheStatus).toBe('DYNAMIC');
      expect(answer.text).toContain('Open Story');
      expect(answer.text).toContain('class="story"');
      expect(answer.text).toContain('Rae Reader');
      expect(answer.text).toContain('The Quill');
      expectWithinBounds(answer);
    }
  }, 60_000);

  it("a story outside a publication: the writer's other stories come with their publication (no read after the list)", async () => {
    // An unlisted story (read by its link) outside a publication, by a writer whose listed stories are in one.
    const answer = await send(`/p/${POSTS.unlisted}`, { session });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Unlisted Story');
    // The writer's other stories, cards in the "more from" list, name their publication.
    expect(answer.text).toContain('Open Story');
    expect(answer.text).toContain('The Quill');
    expectWithinBounds(answer);
  }, 60_000);

  it('the follow buttons of the writer and the publication show what the reader follows, within the same bounds', async () => {
    const button = (text: string, target: string) => new RegExp(`aria-pressed="(true|false)" data-follow-target="${target}"`).exec(text)?.[1];
    const now = Date.now();
    for (const [writer, publication] of [[true, false], [false, true], [true, true]] as const) {
      const rows = [...(writer ? [['USER', USERS.writer]] : []), ...(publication ? [['COLLECTION', COLLECTIONS.quill]] : [])];
      for (const [type, id] of rows) {
        await env.DB.prepare('INSERT INTO follows (follower_id, target_type, target_id, created_at) VALUES (?, ?, ?, ?)').bind(USERS.reader, type, id, now).run();
      }
      try {
        const answer = await send(`/p/${POSTS.open}`, { session });
        expect(answer.status).toBe(200);
        expect(button(answer.text, `USER:${USERS.writer}`)).toBe(String(writer));
        expect(button(answer.text, `COLLECTION:${COLLECTIONS.quill}`)).toBe(String(publication));
        expectWithinBounds(answer);
      } finally {
        await env.DB.prepare('DELETE FROM follows WHERE follower_id = ? AND target_id IN (?, ?)').bind(USERS.reader, USERS.writer, COLLECTIONS.quill).run();
      }
    }
  }, 60_000);

  it('a block either way still decides the page, within the same bounds', async () => {
    const now = Date.now();
    for (const [blocker, blocked, text] of [
      [USERS.writer, USERS.reader, 'You can’t read this story: its author has blocked you.'],
      [USERS.reader, USERS.writer, 'You blocked the author of this story.'],
    ] as const) {
      await env.DB.prepare('INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)').bind(blocker, blocked, now).run();
      try {
        const answer = await send(`/p/${POSTS.open}`, { session });
        expect(answer.status).toBe(403);
        expect(answer.text).toContain(text);
        expect(answer.text).not.toContain('class="story"');
        expectWithinBounds(answer);
      } finally {
        await env.DB.prepare('DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?').bind(blocker, blocked).run();
      }
    }
    const open = await send(`/p/${POSTS.open}`, { session });
    expect(open.status).toBe(200);
    expect(open.text).toContain('class="story"');
  }, 60_000);
});
