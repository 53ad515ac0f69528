// GET /@{username}/newsletters/{newsletterId}/subscribers/csv-export
// (docs/product/3-routes-data-calls-constants.md §7.5; docs/newsletters.md "Subscriber export"):
// the subscribers of a newsletter the signed-in viewer runs, as CSV: email, name, username,
// subscribed_at (ISO 8601, UTC). {newsletterId} is the writer's own user id for their newsletter,
// or a publication newsletter's id, which only that publication's editors may export.
// {username} is the viewer's. Anyone else, and any mismatch, gets 404 (an export's existence is
// not told to strangers). Cells are formula-escaped (worker/lib/csv.ts).
import type { Context, Hono } from 'hono';
import type { Env } from '../env.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { subscriberCsv, subscriberExport } from '../newsletters/subscriber-export.ts';
import { resolveViewer } from '../session/viewer.ts';

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

async function exportSubscribers(c: Context<{ Bindings: Env }>): Promise<Response> {
  const handle = c.req.param('handle') ?? '';
  const newsletterId = c.req.param('newsletterId') ?? '';
  const viewer = await resolveViewer(c.env.DB, c.req.raw);
  const user = viewer.user;
  if (!user || handle.toLowerCase() !== `@${user.username}`.toLowerCase()) return notFound();
  const exported = await subscriberExport(requestContextFor({ db: c.env.DB, env: c.env, viewer }), newsletterId);
  if (!exported) return notFound();
  const { filename } = exported;
  return new Response(subscriberCsv(exported), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '-')}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

export function mountSubscriberExport(app: Hono<{ Bindings: Env }>): void {
  app.get('/:handle{@[^/]+}/newsletters/:newsletterId/subscribers/csv-export', exportSubscribers);
}
