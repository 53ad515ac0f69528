// Staff: why members cancel (docs/adr/0120-cancellation-reasons-and-retention-offer.md):
//   GET /_/admin/membership/cancellations   counts by reason (docs/product/3-routes-data-calls-constants.md §4's
//                                           list), with how many took the retention offer and stayed
// Same rules as the other staff pages (worker/endpoints/staff-pages.ts): staff only, else the 404
// page; never cached.
import type { Context, Hono, Next } from 'hono';
import { html } from 'hono/html';
import type { Env } from '../env.ts';
import { CANCELLATION_REASON_TEXT } from '../../shared/membership/cancellation.ts';
import { cancellationCounts } from '../membership/manage-membership.ts';
import { layout, staffViewer, STAFF_PAGE_HEADERS } from './staff-pages.ts';

type AppContext = Context<{ Bindings: Env }>;

async function countsPage(c: AppContext, next: Next): Promise<Response | void> {
  if (!(await staffViewer(c))) return next();
  const counts = await cancellationCounts(c.env.DB);
  const total = counts.reduce((sum, row) => sum + row.cancelled, 0);
  const body = html`<h1>Cancellation reasons</h1>
    <p>${total} cancellation${total === 1 ? '' : 's'} recorded.</p>
    <table data-testid="cancellation-counts">
      <tr><th>Reason</th><td><strong>Cancelled</strong></td><td><strong>Took the offer and stayed</strong></td></tr>
      ${counts.map(
        (row) => html`<tr data-reason="${row.reason}">
          <th>${CANCELLATION_REASON_TEXT[row.reason]} (${row.reason})</th>
          <td data-count="cancelled">${row.cancelled}</td>
          <td data-count="offer-accepted">${row.offerAccepted}</td>
        </tr>`,
      )}
    </table>`;
  return new Response(String(await layout('Cancellation reasons', body)), { headers: STAFF_PAGE_HEADERS });
}

export function mountStaffCancellations(app: Hono<{ Bindings: Env }>): void {
  app.get('/_/admin/membership/cancellations', countsPage);
}
