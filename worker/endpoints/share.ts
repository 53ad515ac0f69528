// Share routes (docs/product/3-routes-data-calls-constants.md §2.3 /p/{postId}/share/{channel},
// §2.11 profile share routes): each answers a redirect to the network's own share address with
// the story's or profile's canonical address in it. The page name share-success is for the
// app's share sheet; on the web there is nothing to show, so the worker redirects.
import type { Hono } from 'hono';
import type { Env } from '../env.ts';
import { mainOrigin } from '../env.ts';
import { resolveViewer } from '../session/viewer.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { executeInProcess } from '../graphql/in-process.ts';
import { postIdFromParam } from '../../shared/routing/story-id.ts';
import { buildLink } from '../../shared/routing/links.ts';
import { resolveHost } from '../host/resolve-host.ts';

export type ShareChannel = 'twitter' | 'facebook' | 'linkedIn';

/** The network's share address for a page address and its title. */
export function shareAddress(channel: ShareChannel, url: string, text: string): string {
  switch (channel) {
    case 'twitter':
      return `https://twitter.com/intent/tweet?${new URLSearchParams({ text, url })}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}`;
    case 'linkedIn':
      return `https://www.linkedin.com/sharing/share-offsite/?${new URLSearchParams({ url })}`;
  }
}

export function isShareChannel(channel: string): channel is ShareChannel {
  return channel === 'twitter' || channel === 'facebook' || channel === 'linkedIn';
}

const SHARE_POST = `query SharePost($id: ID!) { post(id: $id) { id title mediumUrl } }`;
const SHARE_USER = `query ShareUser($username: String!) { user(username: $username) { id name username } }`;

function redirectTo(location: string): Response {
  // A redirect that depends on the story's title: not stored by shared caches for long.
  return new Response(null, { status: 302, headers: { location, 'cache-control': 'private, max-age=0' } });
}

function notFound(): Response {
  return new Response('Not found.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/**
 * GET /p/{postId}/share/{channel} and GET /@{username}/share/{channel}, on the main host; and
 * GET /share/{channel} on a writer's own site (custom domain or username subdomain), where
 * profileShareUrl points (shared/urls/profile-urls.ts): the profile shared is the site's owner,
 * by the site's own address.
 */
export function mountShareRoutes(app: Hono<{ Bindings: Env }>): void {
  app.get('/p/:postId/share/:channel', async (c) => {
    const channel = c.req.param('channel');
    const postId = postIdFromParam(c.req.param('postId'));
    if (!isShareChannel(channel) || !postId) return notFound();
    // The viewer matters: a story only its writer may see is not found for anyone else.
    const viewer = await resolveViewer(c.env.DB, c.req.raw);
    const result = await executeInProcess(SHARE_POST, { id: postId }, requestContextFor({ db: c.env.DB, env: c.env, viewer }));
    const post = (result.data?.post ?? null) as { title: string; mediumUrl: string } | null;
    if (!post) return notFound();
    return redirectTo(shareAddress(channel, post.mediumUrl, post.title));
  });
  app.get('/:handle{@[^/]+}/share/:channel', async (c) => {
    const channel = c.req.param('channel');
    const username = c.req.param('handle').slice(1);
    if (!isShareChannel(channel)) return notFound();
    const viewer = await resolveViewer(c.env.DB, c.req.raw);
    const result = await executeInProcess(SHARE_USER, { username }, requestContextFor({ db: c.env.DB, env: c.env, viewer }));
    const user = (result.data?.user ?? null) as { name: string; username: string } | null;
    if (!user) return notFound();
    const ctx = { hostKind: 'default', mainOrigin: mainOrigin(c.env), hostUsername: null, hostCollectionSlug: null } as const;
    return redirectTo(shareAddress(channel, mainOrigin(c.env) + buildLink('ShowUser', { username: user.username }, ctx), user.name));
  });
  app.get('/share/:channel', async (c, next) => {
    const url = new URL(c.req.url);
    const host = await resolveHost(c.env.DB, c.env, c.req.header('host') ?? url.host);
    // Only a writer's own site has this path; elsewhere it is an unknown address (the page pipeline).
    if (host?.kind !== 'user') return next();
    const channel = c.req.param('channel');
    if (!isShareChannel(channel)) return notFound();
    const viewer = await resolveViewer(c.env.DB, c.req.raw);
    const result = await executeInProcess(SHARE_USER, { username: host.username }, requestContextFor({ db: c.env.DB, env: c.env, viewer }));
    const user = (result.data?.user ?? null) as { name: string; username: string } | null;
    if (!user) return notFound();
    return redirectTo(shareAddress(channel, `${url.protocol}//${host.host}/`, user.name));
  });
}
