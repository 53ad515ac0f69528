// Issue 15 item 2 over HTTP: every profile tab lists what its name says. Has recommended
// holds the stories the person clapped for (never their own stories), Responses their
// responses linked to the story they answer, Highlights and Series an empty state of their
// own, /follow the stories with the follow prompt, /awards/{kind} a clear empty state.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { POSTS, seedWorld } from './helpers/fixtures.ts';
import { call, page, sessionOf } from './helpers/story.ts';

const CLAP = `mutation($id: ID!) { clap(targetPostId: $id, numClaps: 3) { id } }`;

/** The page's text with React's text-joining comments taken out. */
async function text(path: string): Promise<{ status: number; html: string }> {
  const answer = await page(path);
  return { status: answer.status, html: answer.text.replaceAll('<!-- -->', '') };
}

/** Story cards in the main column, in order. */
function cardsIn(html: string): string[] {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return [...main.matchAll(/class="story-card" data-post-id="([^"]+)"/g)].map((m) => m[1]!);
}

const BULK_OLDER = 'f00000000002';
const BULK_NEWER = 'f00000000001';

beforeAll(async () => {
  await seedWorld(env.DB);
  const reader = await sessionOf('reader');
  // The reader claps for two stories, the newer clap last.
  for (const id of [POSTS.open, BULK_OLDER]) {
    const answer = await call(CLAP, { id }, { session: reader });
    expect(answer.errors).toBeUndefined();
  }
  await env.DB.prepare('UPDATE claps SET updated_at = updated_at - 60000 WHERE post_id = ?').bind(POSTS.open).run();
});

describe('profile tabs', () => {
  it('has-recommended lists the stories the person clapped for, most recent clap first', async () => {
    const answer = await page('/@reader/has-recommended');
    expect(answer.status).toBe(200);
    expect(cardsIn(answer.text)).toEqual([BULK_OLDER, POSTS.open]);
    expect(answer.text).toContain('Has recommended');
  });

  it('has-recommended of a writer who clapped for nothing is an empty state, not their stories', async () => {
    const answer = await page('/@writer/has-recommended');
    expect(answer.status).toBe(200);
    expect(cardsIn(answer.text)).toEqual([]);
    expect(answer.text).toContain('hasn&#x27;t clapped for any stories yet');
  });

  it('responses lists the person’s responses, each linked to the story it answers', async () => {
    const answer = await text('/@reader/responses');
    expect(answer.status).toBe(200);
    expect(answer.html).toContain(`data-post-id="${POSTS.response}"`);
    expect(answer.html).toMatch(new RegExp(`In response to <a href="[^"]*${POSTS.locked}">Members Story</a>`));
    expect(cardsIn(answer.html)).toEqual([]);
  });

  it('the writer’s own stories stay on the profile home and latest', async () => {
    const home = cardsIn((await page('/@writer')).text);
    expect(home).toContain(POSTS.open);
    expect(cardsIn((await page('/@writer/latest')).text)).toEqual(home);
    expect(cardsIn((await page('/@writer/responses')).text)).toEqual([]);
  });

  it('highlights and series show their own empty state, never the stories', async () => {
    for (const [tab, words] of [
      ['highlights', 'highlighted any passages'],
      ['series', 'published a series'],
    ] as const) {
      const answer = await page(`/@writer/${tab}`);
      expect(answer.status).toBe(200);
      expect(cardsIn(answer.text)).toEqual([]);
      expect(answer.text).toContain(words);
    }
  });

  it('/follow shows the follow prompt with the stories', async () => {
    const answer = await text('/@writer/follow');
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('Follow Wren Writer to find their new stories');
    expect(cardsIn(answer.html)).toContain(POSTS.open);
  });

  it('/awards/{kind} is a clear empty state; an unknown person is a 404', async () => {
    const answer = await page('/@writer/awards/top-writer');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Top writer');
    expect(answer.text).toContain('has no awards of this kind yet');
    expect((await page('/@nobody-at-all/has-recommended')).status).toBe(404);
  });
});
