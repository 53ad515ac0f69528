// Mastodon for members' two addresses outside GraphQL (docs/adr/0180-mastodon-for-members.md):
//   GET /m/callback/mastodon   the instance sends the member back here with ?code&state (or
//                              ?error=access_denied); we finish the connection and go on to
//                              /mastodon with ?connected=true or ?mastodonError=CODE.
//   /_/dev/mastodon/*          the local stand-in instance (development only, else 404).
import type { Hono } from 'hono';
import { configuredFlags, mainOrigin, type Env } from '../env.ts';
import { resolveViewer } from '../session/viewer.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { finishMastodonConnection, MASTODON_CALLBACK_PATH, MASTODON_FLAG } from '../integrations/mastodon.ts';
import { handleLocalMastodonRequest, LOCAL_MASTODON_PATH } from '../integrations/mastodon-local-instance.ts';

export function mountMastodon(app: Hono<{ Bindings: Env }>): void {
  app.get(MASTODON_CALLBACK_PATH, async (c) => {
    if (!configuredFlags(c.env).has(MASTODON_FLAG)) return c.notFound();
    const viewer = await resolveViewer(c.env.DB, c.req.raw);
    const ctx = requestContextFor({ db: c.env.DB, env: c.env, viewer, request: c.req.raw });
    const next = await finishMastodonConnection(ctx, new URL(c.req.url).searchParams);
    // The code and state stay out of the next page's address and of any referrer.
    return new Response(null, { status: 303, headers: { location: mainOrigin(c.env) + next, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } });
  });
  app.get(LOCAL_MASTODON_PATH, async (c) => (await handleLocalMastodonRequest(c.req.raw, c.env)) ?? c.notFound());
  app.on(['GET', 'POST'], `${LOCAL_MASTODON_PATH}/*`, async (c) => (await handleLocalMastodonRequest(c.req.raw, c.env)) ?? c.notFound());
}
