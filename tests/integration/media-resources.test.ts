// /media/{mediaResourceId} and /media/{mediaResourceId}/href (docs/media-resources.md): a story's
// embed as a document of our own and as a way out to its address, read with the viewer's rights.
import { beforeAll, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { createSession } from '../../worker/session/session-store.ts';
import { workerFetch } from './helpers/graphql-client.ts';
import { rows, seedDemoWorld, userByUsername, type World } from './helpers/demo-world.ts';

const ORIGIN = 'http://localhost:8787';
type Embed = { id: string; href: string; title: string; postId: string };

function embeds(world: World, visibility: string): Embed[] {
  return rows(world, 'posts')
    .filter((post) => post.status === 'PUBLISHED' && post.visibility === visibility && !post.deleted_at && !post.is_suspended && !post.in_response_to_post_id)
    .flatMap((post) => {
      const content = JSON.parse(String(post.content)) as { paragraphs?: any[] } | any[];
      const paragraphs: { name: string; type: string; href?: string; text: string }[] = Array.isArray(content) ? content : (content.paragraphs ?? []);
      return paragraphs
        .map((p, index) => ({ p, index }))
        .filter(({ p }) => p.type === 'IFRAME' || p.type === 'MIXTAPE_EMBED')
        .map(({ p, index }) => ({ id: `${String(post.id)}_${p.name}`, href: p.href!, title: p.text, postId: String(post.id), index, preview: Number(post.preview_paragraph_count) }));
    });
}

let world: World;
beforeAll(async () => {
  world = await seedDemoWorld();
}, 120_000);

describe('a media resource', () => {
  it("is a public story's embed: a document of ours with its title and site, and a way out to its address", async () => {
    const embed = embeds(world, 'PUBLIC')[0]!;
    const page = await workerFetch(`${ORIGIN}/media/${embed.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain(new URL(embed.href).hostname);
    expect(html).toContain(`href="/media/${embed.id}/href"`);
    const out = await workerFetch(`${ORIGIN}/media/${embed.id}/href`, { redirect: 'manual' });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe(new URL(embed.href).href);
  });

  it('is not found for an unknown story, a paragraph that is no embed, or a malformed id', async () => {
    const embed = embeds(world, 'PUBLIC')[0]!;
    for (const id of ['m1', `${embed.postId}_ffff`, `${embed.postId}`, 'nope_1a2b', `${embed.id}x`]) {
      expect((await workerFetch(`${ORIGIN}/media/${encodeURIComponent(id)}`)).status, id).toBe(404);
      expect((await workerFetch(`${ORIGIN}/media/${encodeURIComponent(id)}/href`, { redirect: 'manual' })).status, id).toBe(404);
    }
  });

  it("of a member-only story past its preview is a member's only", async () => {
    const locked = (embeds(world, 'LOCKED') as (Embed & { index: number; preview: number })[]).find((e) => e.index >= Math.max(e.preview, 1) + 1);
    if (!locked) throw new Error('the demo world has no member-only story with an embed past its preview');
    expect((await workerFetch(`${ORIGIN}/media/${locked.id}/href`, { redirect: 'manual' })).status).toBe(404);
    const member = await createSession(env.DB, String(userByUsername(world, 'member').id));
    const asMember = await workerFetch(`${ORIGIN}/media/${locked.id}/href`, { headers: { cookie: `sid=${member.token}` }, redirect: 'manual' });
    expect(asMember.status).toBe(302);
    expect(asMember.headers.get('location')).toBe(new URL(locked.href).href);
  });
});
