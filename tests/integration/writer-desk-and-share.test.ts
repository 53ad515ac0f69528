// Issue 26 point 5 over HTTP: /me/missioncontrol is the writer's desk (docs/adr/0166-mission-control.md):
// their drafts, their publications and their tools, for them only; and profileShareUrl on a
// writer's own domain (/share/{channel}) redirects to the network with that site's address.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_DOMAIN } from '../../scripts/demo-world/index.ts';
import { send } from './helpers/edge-cache.ts';
import { rows, seedDemoWorld, userByUsername, type World } from './helpers/demo-world.ts';
import { createSession } from '../../worker/session/session-store.ts';

let world: World;
beforeAll(async () => {
  world = await seedDemoWorld();
});

function escaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

describe('/me/missioncontrol', () => {
  it('shows the writer their latest drafts, their publications and their tools', async () => {
    const editor = userByUsername(world, 'editor');
    const session = await createSession(env.DB, String(editor.id));
    const answer = await send('/me/missioncontrol', { session: session.token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-page-name')).toBe('mission-control');
    expect(answer.text).toContain('<h1>Mission control</h1>');
    const drafts = rows(world, 'posts').filter((p) => p.creator_id === editor.id && p.status === 'DRAFT' && !p.deleted_at);
    if (drafts.length > 0) expect(answer.text).toContain(`/p/${String(drafts.sort((a, b) => Number(b.updated_at) - Number(a.updated_at))[0]!.id)}/edit`);
    else expect(answer.text).toContain('No drafts waiting.');
    const edited = rows(world, 'collection_members').filter((m) => m.user_id === editor.id).map((m) => rows(world, 'collections').find((c) => c.id === m.collection_id)!);
    expect(edited.length).toBeGreaterThan(0);
    for (const collection of edited) expect(answer.text).toContain(escaped(String(collection.name)));
    expect(answer.text).toContain('Submissions');
    for (const tool of ['Your stories', 'Stats', 'Audience', 'Notifications', 'Partner Program', 'Settings']) expect(answer.text).toContain(`>${tool}</a>`);
  });

  it('sends a visitor to sign in', async () => {
    const answer = await send('/me/missioncontrol');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toContain('/m/signin');
  });
});

describe('/share/{channel} on a writer’s own domain', () => {
  it('redirects to the network with the writer’s site address', async () => {
    const answer = await send('/share/twitter', { host: `${DEMO_USER_DOMAIN}.localhost:8787` });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location')!);
    expect(location.host).toBe('twitter.com');
    expect(location.searchParams.get('url')).toBe(`http://${DEMO_USER_DOMAIN}.localhost:8787/`);
    expect(location.searchParams.get('text')).toBe(String(userByUsername(world, 'ada').name));
  });

  it('answers 404 for an unknown channel, and is no address on the main host', async () => {
    expect((await send('/share/myspace', { host: `${DEMO_USER_DOMAIN}.localhost:8787` })).status).toBe(404);
    expect((await send('/share/twitter')).status).toBe(404);
  });
});

describe('the Blog link', () => {
  it('opens the product’s blog, a publication run by staff', async () => {
    const answer = await send('/blog');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-page-name')).toBe('publication-profile');
    expect(answer.text).toContain('Vellum Blog');
    expect(answer.text).not.toContain('This publication doesn');
  });
});
