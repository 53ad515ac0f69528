// Staff review of tax documents (docs/partner-program.md "Tax documents"):
//   GET  /_/admin/tax-documents                 the forms waiting for review (pending, on hold)
//   POST /_/admin/tax-documents/{id}/{decision} approve | hold | invalid (with a reason the writer reads)
// Same rules as the other staff pages (worker/endpoints/staff-pages.ts): staff only, else the 404
// page; same-origin form with the anti-forgery field; never cached.
import type { Context, Hono, Next } from 'hono';
import { html } from 'hono/html';
import { timingSafeEqual } from 'hono/utils/buffer';
import type { Env } from '../env.ts';
import { layout, staffViewer, STAFF_PAGE_HEADERS } from './staff-pages.ts';
import { isSameOriginPost } from '../auth/pages.ts';
import { reviewTaxDocument, taxDocumentsToReview, TAX_ON_HOLD, type TaxReview } from '../partner/tax-documents.ts';

type AppContext = Context<{ Bindings: Env }>;
const DECISIONS = ['approve', 'hold', 'invalid'] as const;

async function reviewList(c: AppContext, next: Next): Promise<Response | void> {
  const staff = await staffViewer(c);
  if (!staff) return next();
  const forms = await taxDocumentsToReview(c.env.DB);
  const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const xsrf = html`<input type="hidden" name="xsrf" value="${staff.xsrf ?? ''}" />`;
  const body = html`<h1>Tax documents to review</h1>
    ${forms.length === 0 ? html`<p data-testid="tax-review-empty">Nothing to review.</p>` : ''}
    <table data-testid="tax-review">
      ${forms.map(
        (f) => html`<tr data-document-id="${f.id}">
          <th>@${f.username}<br />${when(f.submitted_at)}</th>
          <td>
            ${f.form_type} · ${f.legal_name} · ${f.country} · ${f.status === TAX_ON_HOLD ? 'on hold' : 'pending'}<br />
            <form method="post" action="/_/admin/tax-documents/${f.id}/approve">${xsrf}<button type="submit" data-action="approve">Approve</button></form>
            <form method="post" action="/_/admin/tax-documents/${f.id}/hold">${xsrf}<button type="submit" data-action="hold">Put on hold</button></form>
            <form method="post" action="/_/admin/tax-documents/${f.id}/invalid">
              ${xsrf}<input name="reason" required maxlength="500" placeholder="What is wrong (the writer reads this)" aria-label="Reason" />
              <button type="submit" data-action="invalid">Mark invalid</button>
            </form>
          </td>
        </tr>`,
      )}
    </table>`;
  return new Response(String(await layout('Tax documents', body)), { headers: STAFF_PAGE_HEADERS });
}

async function reviewAction(c: AppContext, next: Next): Promise<Response | void> {
  const staff = await staffViewer(c);
  if (!staff) return next();
  const decision = c.req.param('decision') as (typeof DECISIONS)[number];
  if (!DECISIONS.includes(decision)) return next();
  if (!isSameOriginPost(c.req.raw)) return c.text('Forbidden', 403);
  const form = await c.req.formData().catch(() => null);
  const xsrf = form?.get('xsrf');
  if (typeof xsrf !== 'string' || !staff.xsrf || !(await timingSafeEqual(xsrf, staff.xsrf))) return c.text('Forbidden', 403);
  const reason = form?.get('reason');
  let review: TaxReview;
  if (decision === 'invalid') {
    if (typeof reason !== 'string' || !reason.trim()) return c.text('Say what is wrong with the form: the writer reads the reason.', 400);
    review = { decision, reason };
  } else review = { decision };
  const done = await reviewTaxDocument(c.env.DB, staff.user!.id, c.req.param('id') ?? '', review, Date.now());
  if (!done) return c.text('That form is not waiting for review.', 409);
  return new Response(null, { status: 303, headers: { location: '/_/admin/tax-documents', 'cache-control': 'no-store' } });
}

export function mountStaffTaxReview(app: Hono<{ Bindings: Env }>): void {
  app.get('/_/admin/tax-documents', reviewList);
  app.post('/_/admin/tax-documents/:id/:decision', reviewAction);
}
