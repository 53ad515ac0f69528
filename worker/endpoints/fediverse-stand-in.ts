// The local fediverse server's addresses (development only, else 404;
// worker/integrations/fediverse-stand-in.ts): its page, its buttons, its person and inbox, all
// under /_/dev/fediverse. Fedify is loaded only when one of them is asked for.
import type { Hono } from 'hono';
import type { Env } from '../env.ts';
import { isDevelopment } from '../env.ts';
import { FEDIVERSE_STAND_IN_PATH as PATH } from '../federation/negotiation.ts';

export function mountFediverseStandIn(app: Hono<{ Bindings: Env }>): void {
  const answer = async (request: Request, env: Env) => {
    if (!isDevelopment(env)) return null;
    const { handleFediverseStandIn } = await import('../integrations/fediverse-stand-in.ts');
    return handleFediverseStandIn(request, env);
  };
  app.get(PATH, async (c) => (await answer(c.req.raw, c.env)) ?? c.notFound());
  app.on(['GET', 'POST'], `${PATH}/*`, async (c) => (await answer(c.req.raw, c.env)) ?? c.notFound());
}
