// Issue 26 point 5 over HTTP: GET /p/{postId}/state gives the viewer's state of a story (counts,
// the viewer's claps and bookmark), and GET /_api/newsletters/{newsletterV3Id}/posts a
// publication newsletter's issues; unknown, hidden and hostile ids answer 404 with a message,
// never a page or an error.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { send } from './helpers/edge-cache.ts';
import { publicStory, rows, seedDemoWorld, userByUsername, type World } from './helpers/demo-world.ts';
import { createSession } from '../../worker/session/session-store.ts';

let world: World;
beforeAll(async () => {
  world = await seedDemoWorld();
});

describe('GET /p/{postId}/state', () => {
  it('answers a story’s counts to anyone, and the viewer’s own claps to its clapper', async () => {
    const clap = rows(world, 'claps').find((c) => rows(world, 'posts').some((p) => p.id === c.post_id && p.status === 'PUBLISHED' && p.visibility === 'PUBLIC' && !p.deleted_at && !p.is_suspended))!;
    const anonymous = await send(`/p/${String(clap.post_id)}/state`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('cache-control')).toContain('no-store');
    const seen = JSON.parse(anonymous.text);
    expect(seen).toMatchObject({ postId: clap.post_id, viewerClapCount: 0, isBookmarked: false, isLoggedIn: false });
    expect(seen.clapCount).toBeGreaterThanOrEqual(Number(clap.count));
    const session = await createSession(env.DB, String(clap.user_id));
    const own = JSON.parse((await send(`/p/slug-of-the-story-${String(clap.post_id)}/state`, { session: session.token })).text);
    expect(own).toMatchObject({ postId: clap.post_id, viewerClapCount: Number(clap.count), isLoggedIn: true });
  });

  it('answers 404 for an unknown story, another writer’s draft and hostile ids', async () => {
    const ada = userByUsername(world, 'ada');
    const draft = rows(world, 'posts').find((p) => p.creator_id === ada.id && p.status === 'DRAFT')!;
    for (const path of ['/p/0123456789ab/state', `/p/${String(draft.id)}/state`, '/p/%3Cscript%3E/state', `/p/${'f'.repeat(400)}/state`]) {
      const answer = await send(path);
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.text).message).toBe('This story does not exist.');
    }
    expect(publicStory(world)).toBeTruthy();
  });
});

describe('GET /_api/newsletters/{newsletterV3Id}/posts', () => {
  it('lists a publication newsletter’s issues, newest first, within the limit', async () => {
    const newsletter = rows(world, 'publication_newsletters')[0]!;
    // The publication's newest public story, sent as the send job records it (worker/newsletters/send-story.ts).
    const story = rows(world, 'posts').find((p) => p.collection_id === newsletter.collection_id && p.status === 'PUBLISHED' && p.visibility === 'PUBLIC' && !p.deleted_at && !p.in_response_to_post_id)!;
    await env.DB.prepare('INSERT OR IGNORE INTO newsletter_sends (post_id, sent_at, recipient_count) VALUES (?, ?, 1)').bind(story.id, Date.now()).run();
    const answer = await send(`/_api/newsletters/${String(newsletter.id)}/posts?limit=3`);
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.text);
    expect(body.newsletterId).toBe(newsletter.id);
    expect(body.name).toBe(newsletter.name);
    expect(body.posts.length).toBeGreaterThan(0);
    expect(body.posts.length).toBeLessThanOrEqual(3);
    const sent = new Set([...rows(world, 'newsletter_sends').map((s) => s.post_id), story.id]);
    expect(body.posts[0].id).toBe(story.id);
    for (const post of body.posts) expect(sent.has(post.id), post.id).toBe(true);
    expect(answer.text).not.toMatch(/"content"|"paragraphs"/);
  });

  it('refuses a bad limit, and answers 404 for an unknown or hostile id', async () => {
    const newsletter = rows(world, 'publication_newsletters')[0]!;
    for (const limit of ['0', '26', 'x', '1.5']) expect((await send(`/_api/newsletters/${String(newsletter.id)}/posts?limit=${limit}`)).status, limit).toBe(400);
    for (const id of ['0123456789ab', '%27%20OR%201%3D1', 'x'.repeat(100)]) {
      const answer = await send(`/_api/newsletters/${id}/posts`);
      expect(answer.status, id).toBe(404);
      expect(JSON.parse(answer.text).message).toBe('This newsletter does not exist.');
    }
  });
});
