// Staff blocking fediverse instances for the whole site (issue 30 point 5;
// docs/adr/0206-refusing-remote-instances.md):
//   GET  /_/admin/fediverse                    the blocked instances, and a form to block one
//   POST /_/admin/fediverse/block              block (instance, reason): every follower from it removed
//   POST /_/admin/fediverse/unblock            unblock (instance)
// Same rules as the other staff pages (worker/endpoints/staff-pages.ts): staff only, else the 404
// page; same-origin form with the anti-forgery field; never cached.
import type { Context, Hono, Next } from 'hono';
import { html } from 'hono/html';
import { timingSafeEqual } from 'hono/utils/buffer';
import type { Env } from '../env.ts';
import { layout, staffViewer, STAFF_PAGE_HEADERS } from './staff-pages.ts';
import { isSameOriginPost } from '../auth/pages.ts';
import { logEvent } from '../lib/log-context.ts';
import { blockInstanceSiteWide, parseInstance, siteBlocks, unblockInstanceSiteWide } from '../federation/refusals.ts';

type AppContext = Context<{ Bindings: Env }>;

async function blocksPage(c: AppContext, next: Next): Promise<Response | void> {
  const staff = await staffViewer(c);
  if (!staff) return next();
  const blocks = await siteBlocks(c.env.DB);
  const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const xsrf = html`<input type="hidden" name="xsrf" value="${staff.xsrf ?? ''}" />`;
  const body = html`<h1>Fediverse instances</h1>
    <p>A blocked instance reaches no inbox on this site (its activities are answered 403 and never stored), and every follower from it is removed.</p>
    <form method="post" action="/_/admin/fediverse/block">
      ${xsrf}<input name="instance" required maxlength="253" placeholder="social.example.org" aria-label="Instance" />
      <input name="reason" maxlength="500" placeholder="Why (for staff)" aria-label="Reason" />
      <button type="submit" data-action="block">Block instance</button>
    </form>
    <h2>Blocked</h2>
    ${blocks.length === 0 ? html`<p data-testid="fediverse-blocks-empty">No instance is blocked.</p>` : ''}
    <table data-testid="fediverse-blocks">
      ${blocks.map(
        (b) => html`<tr data-instance="${b.host}">
          <th>${b.host}</th>
          <td>
            ${when(b.createdAt)} by @${b.blockedBy}${b.reason ? html` · ${b.reason}` : ''}<br />
            <form method="post" action="/_/admin/fediverse/unblock">${xsrf}<input type="hidden" name="instance" value="${b.host}" /><button type="submit" data-action="unblock">Unblock</button></form>
          </td>
        </tr>`,
      )}
    </table>`;
  return new Response(String(await layout('Fediverse instances', body)), { headers: STAFF_PAGE_HEADERS });
}

async function blockAction(c: AppContext, next: Next): Promise<Response | void> {
  const staff = await staffViewer(c);
  if (!staff) return next();
  const action = c.req.param('action');
  if (action !== 'block' && action !== 'unblock') return next();
  if (!isSameOriginPost(c.req.raw)) return c.text('Forbidden', 403);
  const form = await c.req.formData().catch(() => null);
  const xsrf = form?.get('xsrf');
  if (typeof xsrf !== 'string' || !staff.xsrf || !(await timingSafeEqual(xsrf, staff.xsrf))) return c.text('Forbidden', 403);
  const named = form?.get('instance');
  const host = typeof named === 'string' ? parseInstance(named) : null;
  if (!host) return c.text('Name an instance by its address, such as social.example.org.', 400);
  if (action === 'block') {
    const reason = form?.get('reason');
    const removed = await blockInstanceSiteWide(c.env.DB, host, staff.user!.id, typeof reason === 'string' ? reason.trim().slice(0, 500) : '', Date.now());
    logEvent({ event: 'federation_site_block', instance: host, staff: staff.user!.id, removed });
  } else {
    await unblockInstanceSiteWide(c.env.DB, host);
    logEvent({ event: 'federation_site_unblock', instance: host, staff: staff.user!.id });
  }
  return new Response(null, { status: 303, headers: { location: '/_/admin/fediverse', 'cache-control': 'no-store' } });
}

export function mountStaffFediverse(app: Hono<{ Bindings: Env }>): void {
  app.get('/_/admin/fediverse', blocksPage);
  app.post('/_/admin/fediverse/:action', blockAction);
}
