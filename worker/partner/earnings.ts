// The Partner Program's monthly earnings (docs/partner-program.md "Allocation model"): each
// member's monthly fee, less costs, is shared among the stories that member read that month, by
// reading time (member_reading_time_daily, written by the event intake). A partner writer's
// share of a story is EARNED when their tax documents are approved; otherwise WITHHELD for a
// month that began before their limit date (paid once the documents are approved, FORFEITED
// at the forfeit date) and STOPPED for a month that began after it (nothing is earned).
import type { D1Database } from '@cloudflare/workers-types';
import { PLANS, planPrice, type MembershipPlanType } from '../../shared/membership/plans.ts';
import { TAX_APPROVED } from './tax-documents.ts';

/** Card processing per charge (Stripe's standard 2.9% + 30¢), spread over the months a charge pays for. */
export const PROCESSING_PERCENT = 2.9;
export const PROCESSING_FIXED_CENTS = 30;
/** What the platform keeps of the rest for running the service (hosting, support, moderation). */
export const PLATFORM_SHARE_PERCENT = 30;
/** Earnings are counted in the plans' USD list price and paid out in USD. */
export const PAYOUT_CURRENCY = 'USD';
/** The Partner Program statuses that earn. */
export const EARNING_STATUSES = ['ACTIVE', 'PENDING_ACTION'] as const;

/** 'YYYY-MM' of a time (UTC). */
export function monthOf(time: number): string {
  return new Date(time).toISOString().slice(0, 7);
}

/** The month before `month` ('YYYY-MM'). */
export function previousMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return monthOf(Date.UTC(year, m - 2, 1));
}

export function monthStart(month: string): number {
  return Date.parse(`${month}-01T00:00:00Z`);
}

/** One member's fee for a month, less costs, in cents (fractional: rounded once per writer and story). */
export function memberMonthlyPool(plan: MembershipPlanType): number {
  const periodMonths = PLANS[plan].interval === 'year' ? 12 : 1;
  const fee = planPrice(plan, 'USD') / periodMonths;
  const processing = (planPrice(plan, 'USD') * PROCESSING_PERCENT) / 100 / periodMonths + PROCESSING_FIXED_CENTS / periodMonths;
  return Math.max(0, (fee - processing) * (1 - PLATFORM_SHARE_PERCENT / 100));
}

interface ReadingRow {
  member_id: string;
  post_id: string;
  creator_id: string;
  seconds: number;
  plan: MembershipPlanType | null;
}

interface WriterRow {
  id: string;
  partner_program_status: string;
  earnings_limited_at: number | null;
  tax_status: number | null;
}

/**
 * Computes a finished month's earnings once (partner_earnings_months, marked after the rows are
 * written: a run that fails part-way is finished by the next). Running it again, or twice at
 * once, writes nothing more (rows are keyed by writer, month and story). Answers the number of
 * (writer, story) rows computed.
 */
export async function computeMonthlyEarnings(db: D1Database, month: string, now: number): Promise<number> {
  const done = await db.prepare('SELECT 1 AS done FROM partner_earnings_months WHERE month = ?').bind(month).first();
  if (done) return 0;
  const markDone = () => db.prepare('INSERT INTO partner_earnings_months (month, computed_at) VALUES (?, ?) ON CONFLICT (month) DO NOTHING').bind(month, now).run();
  const first = `${month}-01`;
  const last = `${month}-31`;
  const { results: reading } = await db
    .prepare(
      `SELECT r.member_id, r.post_id, p.creator_id, sum(r.seconds) AS seconds, m.plan
       FROM member_reading_time_daily r
       JOIN posts p ON p.id = r.post_id
       LEFT JOIN memberships m ON m.user_id = r.member_id
       WHERE r.day BETWEEN ? AND ?
       GROUP BY r.member_id, r.post_id`,
    )
    .bind(first, last)
    .all<ReadingRow>();
  // Each member's pool is shared by all their reading (a story by a writer outside the
  // program keeps its share with the platform), never by reading their own stories.
  const totals = new Map<string, number>();
  for (const row of reading) if (row.member_id !== row.creator_id && row.plan) totals.set(row.member_id, (totals.get(row.member_id) ?? 0) + row.seconds);
  const shares = new Map<string, { writer: string; post: string; seconds: number; amount: number }>();
  for (const row of reading) {
    const total = totals.get(row.member_id);
    if (!total || row.member_id === row.creator_id || !row.plan) continue;
    const key = `${row.creator_id}|${row.post_id}`;
    const share = shares.get(key) ?? { writer: row.creator_id, post: row.post_id, seconds: 0, amount: 0 };
    share.seconds += row.seconds;
    share.amount += (memberMonthlyPool(row.plan) * row.seconds) / total;
    shares.set(key, share);
  }
  if (shares.size === 0) {
    await markDone();
    return 0;
  }
  const writerIds = [...new Set([...shares.values()].map((s) => s.writer))];
  const writers = new Map<string, WriterRow>();
  for (let i = 0; i < writerIds.length; i += 50) {
    const chunk = writerIds.slice(i, i + 50);
    const { results } = await db
      .prepare(
        `SELECT u.id, u.partner_program_status, e.earnings_limited_at,
           (SELECT status FROM tax_documents d WHERE d.user_id = u.id ORDER BY submitted_at DESC, rowid DESC LIMIT 1) AS tax_status
         FROM users u LEFT JOIN partner_enrollments e ON e.user_id = u.id
         WHERE u.id IN (${chunk.map(() => '?').join(',')}) AND u.partner_program_status IN (${EARNING_STATUSES.map(() => '?').join(',')})`,
      )
      .bind(...chunk, ...EARNING_STATUSES)
      .all<WriterRow>();
    for (const w of results) writers.set(w.id, w);
  }
  const statements = [];
  for (const share of shares.values()) {
    const writer = writers.get(share.writer);
    if (!writer) continue;
    const amount = Math.round(share.amount);
    const state =
      writer.tax_status === TAX_APPROVED ? 'EARNED' : writer.earnings_limited_at != null && monthStart(month) >= writer.earnings_limited_at ? 'STOPPED' : 'WITHHELD';
    statements.push(
      db
        .prepare('INSERT INTO partner_earnings (user_id, post_id, month, seconds, amount, state) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING')
        .bind(share.writer, share.post, month, share.seconds, state === 'STOPPED' ? 0 : amount, state),
    );
  }
  for (let i = 0; i < statements.length; i += 50) await db.batch(statements.slice(i, i + 50));
  await markDone();
  return statements.length;
}

/**
 * Withheld earnings follow the tax documents: released (EARNED) once they are approved,
 * FORFEITED once the forfeit date passed without approval. Answers the rows changed.
 */
export async function settleWithheldEarnings(db: D1Database, now: number): Promise<{ released: number; forfeited: number }> {
  const latestStatus = `(SELECT status FROM tax_documents d WHERE d.user_id = partner_earnings.user_id ORDER BY submitted_at DESC, rowid DESC LIMIT 1)`;
  const [released, forfeited] = await db.batch([
    db.prepare(`UPDATE partner_earnings SET state = 'EARNED' WHERE state = 'WITHHELD' AND ${latestStatus} = ${TAX_APPROVED}`),
    db.prepare(
      `UPDATE partner_earnings SET state = 'FORFEITED' WHERE state = 'WITHHELD'
         AND coalesce(${latestStatus}, 0) <> ${TAX_APPROVED}
         AND (SELECT earnings_forfeited_at FROM partner_enrollments e WHERE e.user_id = partner_earnings.user_id) <= ?`,
    ).bind(now),
  ]);
  return { released: released!.meta.changes, forfeited: forfeited!.meta.changes };
}
