// Cards read without their content (docs/adr/0189-cards-read-without-their-content.md): the story
// page's "More from" lists leave the stories' content out of their statements, and a story node read
// that way still answers every paragraph field exactly as one read whole: the gate reads the content
// by id (postContentById), the locked cut included.
import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { POSTS, USERS, LOCKED_PREVIEW_PARAGRAPHS, seedWorld } from './helpers/fixtures.ts';
import { send } from './helpers/edge-cache.ts';
import { testEnv } from './helpers/graphql-client.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { createRequestContext, type RequestContext } from '../../worker/context/request-context.ts';
import type { RequestViewer } from '../../worker/session/viewer.ts';
import { writerStories } from '../../worker/stories/story-lists.ts';
import { previewImageMetadata, readableContent, type StoryNode } from '../../worker/stories/content-gate.ts';

/** The binding, recording the SQL of every statement it prepares (its sessions' too). */
function recordingDb(inner: D1Database, statements: string[]): D1Database {
  return new Proxy(inner, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (prop === 'prepare') return (text: string): D1PreparedStatement => (statements.push(text), target.prepare(text));
      if (prop === 'withSession') return (...args: unknown[]) => recordingDb((value as (...a: unknown[]) => D1Database).apply(target, args), statements);
      return value.bind(target);
    },
  });
}

const VISITOR: RequestViewer = { user: null, sessionIdHash: null, xsrf: null, isSpoofed: false, isBot: false, sentSessionCookie: false };

function contextFor(viewer: RequestViewer): RequestContext {
  return createRequestContext({ db: env.DB, env: testEnv, viewer, changes: { record: async () => {} } });
}

let session: string;

beforeAll(async () => {
  await seedWorld(env.DB);
  session = (await createSession(env.DB, USERS.reader)).token;
});

describe('the story page’s "More from" cards', () => {
  it('are read without the stories’ content, and still show every card', async () => {
    const statements: string[] = [];
    const answer = await send(`/p/${POSTS.unlisted}`, { session, db: recordingDb(env.DB, statements) });
    expect(answer.status).toBe(200);
    // The writer's other stories, as cards.
    expect(answer.text).toContain('Open Story');
    expect(answer.text).toContain('Members Story');
    const lists = statements.filter((text) => text.includes('order by "posts"."latest_published_at" desc'));
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) expect(list).not.toContain('"posts"."content"');
    // The story itself is read whole.
    expect(statements.some((text) => text.includes('"posts"."content"'))).toBe(true);
  }, 60_000);
});

describe('a story node read without its content', () => {
  async function cardsOf(ctx: RequestContext): Promise<Map<string, StoryNode>> {
    const writer = await ctx.loaders.userById.load(USERS.writer);
    const page = await writerStories(ctx, writer!, { limit: 25 }, false);
    return new Map(page.items.map((node) => [node.id, node]));
  }

  it('reads the same paragraphs as one read whole, the locked cut included', async () => {
    const cards = await cardsOf(contextFor(VISITOR));
    const whole = contextFor(VISITOR);
    for (const id of [POSTS.open, POSTS.locked]) {
      const card = cards.get(id)!;
      const read = await readableContent(contextFor(VISITOR), card);
      const expected = await readableContent(whole, (await whole.loaders.postById.load(id))!);
      expect(read).toEqual(expected);
    }
    const locked = await readableContent(contextFor(VISITOR), cards.get(POSTS.locked)!);
    expect(locked.isLockedPreviewOnly).toBe(true);
    expect(locked.paragraphs).toHaveLength(LOCKED_PREVIEW_PARAGRAPHS);
  });

  it('answers its cover’s id without reading, and its metadata by reading the content', async () => {
    const ctx = contextFor(VISITOR);
    const card = (await cardsOf(ctx)).get(POSTS.open)!;
    expect(await previewImageMetadata(ctx, card, true)).toEqual({ id: 'img-cover' });
    expect(await previewImageMetadata(ctx, card)).toEqual({ id: 'img-cover', originalWidth: 1600, originalHeight: 900, alt: 'Cover', focusPercentX: 40, focusPercentY: 60 });
  });
});
