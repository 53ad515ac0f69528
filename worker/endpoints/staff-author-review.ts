// Staff review of author verification requests (docs/partner-program.md "Author verification"):
//   GET  /_/admin/author-verifications                   pending requests with their books
//   POST /_/admin/author-verifications/{id}/{decision}   approve | decline
// Approving runs the existing admin action verify_book_author (users.is_book_author, the
// account's pages purged, recorded in admin_actions). Same rules as the other staff pages.
import type { Context, Hono, Next } from 'hono';
import { html } from 'hono/html';
import { timingSafeEqual } from 'hono/utils/buffer';
import type { Env } from '../env.ts';
import { applyAdminAction, layout, staffViewer, STAFF_PAGE_HEADERS } from './staff-pages.ts';
import { isSameOriginPost } from '../auth/pages.ts';
import { decideRequest, pendingRequests } from '../partner/author-verification.ts';

type AppContext = Context<{ Bindings: Env }>;

async function list(c: AppContext, next: Next): Promise<Response | void> {
  const staff = await staffViewer(c);
  if (!staff) return next();
  const requests = await pendingRequests(c.env.DB);
  const xsrf = html`<input type="hidden" name="xsrf" value="${staff.xsrf ?? ''}" />`;
  const body = html`<h1>Author verification requests</h1>
    ${requests.length === 0 ? html`<p>Nothing to review.</p>` : ''}
    <table data-testid="author-review">
      ${requests.map((r) => {
        const books = JSON.parse(r.books) as { title: string; url: string }[];
        return html`<tr data-request-id="${r.id}">
          <th>@${r.username}</th>
          <td>
            <ul>${books.map((b) => html`<li>${b.title} — <a href="${b.url}" rel="noopener noreferrer">${b.url}</a></li>`)}</ul>
            <form method="post" action="/_/admin/author-verifications/${r.id}/approve">${xsrf}<button type="submit" data-action="approve">Verify author</button></form>
            <form method="post" action="/_/admin/author-verifications/${r.id}/decline">${xsrf}<button type="submit" data-action="decline">Decline</button></form>
          </td>
        </tr>`;
      })}
    </table>`;
  return new Response(String(await layout('Author verification', body)), { headers: STAFF_PAGE_HEADERS });
}

async function decide(c: AppContext, next: Next): Promise<Response | void> {
  const staff = await staffViewer(c);
  if (!staff) return next();
  const decision = c.req.param('decision');
  if (decision !== 'approve' && decision !== 'decline') return next();
  if (!isSameOriginPost(c.req.raw)) return c.text('Forbidden', 403);
  const form = await c.req.formData().catch(() => null);
  const xsrf = form?.get('xsrf');
  if (typeof xsrf !== 'string' || !staff.xsrf || !(await timingSafeEqual(xsrf, staff.xsrf))) return c.text('Forbidden', 403);
  const now = Date.now();
  const userId = await decideRequest(c.env.DB, c.req.param('id') ?? '', decision === 'approve', now);
  if (!userId) return c.text('That request is not waiting for review.', 409);
  if (decision === 'approve') await applyAdminAction(c.env, staff.user!.id, userId, 'verify_book_author', now);
  return new Response(null, { status: 303, headers: { location: '/_/admin/author-verifications', 'cache-control': 'no-store' } });
}

export function mountStaffAuthorReview(app: Hono<{ Bindings: Env }>): void {
  app.get('/_/admin/author-verifications', list);
  app.post('/_/admin/author-verifications/:id/:decision', decide);
}
