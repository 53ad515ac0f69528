// Issue 26 point 5 over HTTP: GET /{collectionSlug}/stories/{filterBy}/loadMore gives the next page
// of a publication's stories page as JSON: its published stories to anyone, its submissions to
// its editors only; an unknown filter, publication or hostile slug is a 404 with a message.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { send } from './helpers/edge-cache.ts';
import { rows, seedDemoWorld, userByUsername, type World } from './helpers/demo-world.ts';
import { createSession } from '../../worker/session/session-store.ts';

let world: World;
beforeAll(async () => {
  world = await seedDemoWorld();
});

describe('GET /{collectionSlug}/stories/{filterBy}/loadMore', () => {
  it('pages the publication’s published stories, as /load-more does', async () => {
    const answer = await send('/signal-and-noise/stories/public/loadMore?limit=2');
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.text);
    expect(body.slug).toBe('signal-and-noise');
    expect(body.postsConnection.posts.length).toBeLessThanOrEqual(2);
    const collection = rows(world, 'collections').find((c) => c.slug === 'signal-and-noise')!;
    for (const post of body.postsConnection.posts) expect(rows(world, 'posts').find((p) => p.id === post.id)?.collection_id).toBe(collection.id);
  });

  it('lists the submissions to an editor, and is a 404 for anyone else', async () => {
    const editor = await createSession(env.DB, String(userByUsername(world, 'editor').id));
    const reader = await createSession(env.DB, String(userByUsername(world, 'reader').id));
    const asEditor = await send('/signal-and-noise/stories/submissions/loadMore', { session: editor.token });
    expect(asEditor.status).toBe(200);
    expect(Array.isArray(JSON.parse(asEditor.text).submissions)).toBe(true);
    for (const session of [reader.token, undefined]) {
      const refused = await send('/signal-and-noise/stories/submissions/loadMore', session ? { session } : {});
      expect(refused.status).toBe(404);
      expect(refused.text).not.toContain('submissions');
    }
  });

  it('answers 404 with a message for an unknown filter, publication or hostile slug', async () => {
    for (const path of ['/signal-and-noise/stories/everything/loadMore', '/no-such-publication/stories/public/loadMore', '/%3Cscript%3E/stories/public/loadMore']) {
      const answer = await send(path);
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.text).message, path).toMatch(/does not exist|no such list/);
    }
    expect((await send('/signal-and-noise/stories/public/loadMore?limit=99')).status).toBe(400);
  });
});
