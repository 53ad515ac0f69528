// The registrar hand-off's addresses (docs/adr/0182-registrar-hand-off.md):
//   GET /_/custom-domain/registrar[?collectionId=…]  starts it for the viewer's own domain or a
//        publication's they edit: 302 to the registrar's Domain Connect page (back to the
//        settings page with ?registrar=UNAVAILABLE when there is nothing to hand off)
//   GET /m/callback/namecheap                         the registrar's way back: 303 to the settings
//        page with ?registrar=LIVE|PENDING|DENIED|EXPIRED_STATE
//   /_/dev/registrar/*                                the local registrar (development only)
import type { Hono } from 'hono';
import { mainOrigin, type Env } from '../env.ts';
import { resolveViewer } from '../session/viewer.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { CallerError } from '../context/errors.ts';
import type { DomainHolder } from '../accounts/custom-domain.ts';
import { finishRegistrarHandOff, LOCAL_REGISTRAR_PATH, REGISTRAR_CALLBACK_PATH, registrarReturnPath, startRegistrarHandOff } from '../accounts/registrar.ts';
import { handleLocalRegistrarRequest } from '../accounts/registrar-local.ts';
import { publicationDomainHolder } from '../publications/publication-domain.ts';

const go = (location: string, status: 302 | 303) => new Response(null, { status, headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } });

export function mountRegistrar(app: Hono<{ Bindings: Env }>): void {
  app.get('/_/custom-domain/registrar', async (c) => {
    const viewer = await resolveViewer(c.env.DB, c.req.raw);
    if (!viewer.user) return c.text('Sign in to change your settings.', 401);
    const ctx = requestContextFor({ db: c.env.DB, env: c.env, viewer, request: c.req.raw });
    const collectionId = c.req.query('collectionId');
    try {
      const holder: DomainHolder = collectionId ? (await publicationDomainHolder(ctx, collectionId)).holder : { kind: 'user', id: viewer.user.id };
      const location = await startRegistrarHandOff(ctx, holder);
      return go(location ?? mainOrigin(c.env) + (await registrarReturnPath(ctx, holder, 'UNAVAILABLE')), 302);
    } catch (error) {
      if (error instanceof CallerError) return c.text(error.message, error.extensions.code === 'NOT_FOUND' ? 404 : 403);
      throw error;
    }
  });
  app.get(REGISTRAR_CALLBACK_PATH, async (c) => {
    const viewer = await resolveViewer(c.env.DB, c.req.raw);
    const ctx = requestContextFor({ db: c.env.DB, env: c.env, viewer, request: c.req.raw });
    const { outcome, holder } = await finishRegistrarHandOff(ctx, new URL(c.req.url).searchParams);
    return go(mainOrigin(c.env) + (await registrarReturnPath(ctx, holder, outcome)), 303);
  });
  app.on(['GET', 'POST'], `${LOCAL_REGISTRAR_PATH}/*`, async (c) => (await handleLocalRegistrarRequest(c.req.raw, c.env)) ?? c.notFound());
}
