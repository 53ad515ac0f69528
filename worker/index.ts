// The Vellum worker: fixed endpoints first, then every other path is a page of the
// host's route table (see worker/pages/page-handler.ts for the page path).
import { Hono } from 'hono';
import type { Env } from './env.ts';
import { mountGraphQL } from './graphql/route.ts';
import { handlePage } from './pages/page-handler.ts';
import { placeholderImage } from './images/placeholder-image.ts';

const app = new Hono<{ Bindings: Env }>();

app.get('/_/health', (c) => c.json({ ok: true }));
mountGraphQL(app);
app.get('/_/img/v2/:size/:id', (c) => placeholderImage(c.req.param('size'), c.req.param('id')));
app.all('*', handlePage);

app.onError((error, c) => {
  console.error('unhandled error', c.req.method, new URL(c.req.url).pathname, error);
  return c.text('Internal server error', 500);
});

export default app;
