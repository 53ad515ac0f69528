// The Partner Program dashboard's numbers (docs/partner-program.md "Dashboard"): the writer's
// totals, payout account, earnings per story and month, and payouts. Only the writer themself:
// another writer's dashboard is null (the page is the 404 page), as is a viewer who never
// enrolled.
import type { RequestContext } from '../context/request-context.ts';

const EARNINGS_SHOWN = 200;

export interface PartnerStoryEarning {
  postId: string;
  title: string;
  month: string;
  readingSeconds: number;
  amount: number;
  state: string;
}

export interface PartnerPayout {
  month: string;
  amount: number;
  currency: string;
  state: string;
  paidAt: number | null;
}

export interface PartnerDashboard {
  enrollmentStatus: string;
  currency: string;
  totalEarned: number;
  withheld: number;
  paidOut: number;
  balance: number;
  payoutAccountState: string | null;
  earnings: PartnerStoryEarning[];
  payouts: PartnerPayout[];
  lastPayoutFailed: boolean;
}

/** The viewer's dashboard; `username`, when given, must be the viewer's. */
export async function partnerDashboardOf(ctx: RequestContext, username: string | null): Promise<PartnerDashboard | null> {
  const viewer = ctx.viewer.user;
  if (!viewer || !viewer.partnerProgramStatus) return null;
  if (username != null && username.toLowerCase() !== viewer.username.toLowerCase()) return null;
  const db = ctx.env.DB;
  const [totals, account, earnings, payouts] = await db.batch([
    db
      .prepare(
        `SELECT (SELECT coalesce(sum(amount), 0) FROM partner_earnings WHERE user_id = ?1 AND state = 'EARNED') AS earned,
                (SELECT coalesce(sum(amount), 0) FROM partner_earnings WHERE user_id = ?1 AND state = 'WITHHELD') AS withheld,
                (SELECT coalesce(sum(amount), 0) FROM partner_payouts WHERE user_id = ?1 AND state = 'PAID') AS paid,
                (SELECT coalesce(sum(amount), 0) FROM partner_payouts WHERE user_id = ?1 AND state IN ('PAID', 'PENDING', 'FAILED')) AS reserved`,
      )
      .bind(viewer.id),
    db.prepare('SELECT state FROM payout_accounts WHERE user_id = ?').bind(viewer.id),
    db
      .prepare(
        `SELECT e.post_id, coalesce(nullif(p.title, ''), 'Untitled story') AS title, e.month, e.seconds, e.amount, e.state
         FROM partner_earnings e JOIN posts p ON p.id = e.post_id
         WHERE e.user_id = ? ORDER BY e.month DESC, e.amount DESC, e.seconds DESC LIMIT ?`,
      )
      .bind(viewer.id, EARNINGS_SHOWN),
    db.prepare('SELECT month, amount, currency, state, paid_at FROM partner_payouts WHERE user_id = ? ORDER BY month DESC, created_at DESC LIMIT 24').bind(viewer.id),
  ]);
  const t = totals!.results[0] as { earned: number; withheld: number; paid: number; reserved: number };
  const payoutRows = payouts!.results as { month: string; amount: number; currency: string; state: string; paid_at: number | null }[];
  return {
    enrollmentStatus: viewer.partnerProgramStatus,
    currency: 'USD',
    totalEarned: t.earned,
    withheld: t.withheld,
    paidOut: t.paid,
    balance: Math.max(0, t.earned - t.reserved) + (t.reserved - t.paid),
    payoutAccountState: (account!.results[0] as { state: string } | undefined)?.state ?? null,
    earnings: (earnings!.results as { post_id: string; title: string; month: string; seconds: number; amount: number; state: string }[]).map((e) => ({
      postId: e.post_id,
      title: e.title,
      month: e.month,
      readingSeconds: e.seconds,
      amount: e.amount,
      state: e.state,
    })),
    payouts: payoutRows.map((p) => ({ month: p.month, amount: p.amount, currency: p.currency, state: p.state, paidAt: p.paid_at })),
    lastPayoutFailed: payoutRows[0]?.state === 'FAILED',
  };
}
