// Payouts of the Partner Program (docs/partner-program.md "Payouts"): once a month each partner
// writer with a verified payout account is paid their balance (EARNED earnings less what was
// paid before) by a transfer to their connected account. One writer's payout is its own
// function, keyed by an idempotency key, so it can move onto a queue; a retried job (or a
// retried message) pays once: the payout row is claimed by its key, and the provider's
// transfer carries the same key (Stripe answers a repeated key with the first transfer).
import type { D1Database } from '@cloudflare/workers-types';
import type { PayoutProvider } from '../payments/provider.ts';
import { computeMonthlyEarnings, monthOf, PAYOUT_CURRENCY, previousMonth, settleWithheldEarnings } from './earnings.ts';

/** Balances below this wait for a later month (a transfer has a cost of its own). */
export const MINIMUM_PAYOUT_CENTS = 100;

export interface PayoutRequest {
  userId: string;
  /** The month the payout is for ('YYYY-MM'). */
  month: string;
  idempotencyKey: string;
}

export type PayoutOutcome =
  | { state: 'PAID'; amount: number; transferRef: string }
  | { state: 'FAILED'; amount: number; error: string }
  | { state: 'SKIPPED'; reason: 'NO_PAYOUT_ACCOUNT' | 'BELOW_MINIMUM' | 'NOT_ENROLLED' };

/** The idempotency key of a writer's monthly payout: one payout per writer and month. */
export function payoutKey(userId: string, month: string): string {
  return `partner-payout:${userId}:${month}`;
}

interface PayoutRow {
  amount: number;
  state: 'PENDING' | 'PAID' | 'FAILED';
  transfer_ref: string | null;
}

/**
 * Pays one writer. The first call for a key fixes the amount (the balance then); later calls
 * with the same key retry that same payout until it is paid, and answer it once paid.
 */
export async function payOutWriter(db: D1Database, provider: PayoutProvider, request: PayoutRequest, now: number): Promise<PayoutOutcome> {
  let payout = await db.prepare('SELECT amount, state, transfer_ref FROM partner_payouts WHERE idempotency_key = ?').bind(request.idempotencyKey).first<PayoutRow>();
  if (payout?.state === 'PAID') return { state: 'PAID', amount: payout.amount, transferRef: payout.transfer_ref! };
  const writer = await db
    .prepare(
      `SELECT u.partner_program_status, a.account_ref, a.state AS account_state FROM users u LEFT JOIN payout_accounts a ON a.user_id = u.id WHERE u.id = ? AND u.deleted_at IS NULL`,
    )
    .bind(request.userId)
    .first<{ partner_program_status: string | null; account_ref: string | null; account_state: string | null }>();
  if (!writer || (writer.partner_program_status !== 'ACTIVE' && writer.partner_program_status !== 'PENDING_ACTION')) return { state: 'SKIPPED', reason: 'NOT_ENROLLED' };
  if (!writer.account_ref || writer.account_state !== 'VERIFIED') return { state: 'SKIPPED', reason: 'NO_PAYOUT_ACCOUNT' };
  if (!payout) {
    // The balance and the claim in one statement: two runs at once claim one row.
    await db
      .prepare(
        `INSERT INTO partner_payouts (idempotency_key, user_id, month, amount, currency, state, created_at)
         SELECT ?1, ?2, ?3, earned - paid, ?4, 'PENDING', ?5 FROM (
           SELECT (SELECT coalesce(sum(amount), 0) FROM partner_earnings WHERE user_id = ?2 AND state = 'EARNED') AS earned,
                  (SELECT coalesce(sum(amount), 0) FROM partner_payouts WHERE user_id = ?2 AND state IN ('PENDING', 'PAID', 'FAILED')) AS paid)
         WHERE earned - paid >= ?6
         ON CONFLICT (idempotency_key) DO NOTHING`,
      )
      .bind(request.idempotencyKey, request.userId, request.month, PAYOUT_CURRENCY, now, MINIMUM_PAYOUT_CENTS)
      .run();
    payout = await db.prepare('SELECT amount, state, transfer_ref FROM partner_payouts WHERE idempotency_key = ?').bind(request.idempotencyKey).first<PayoutRow>();
    if (!payout) return { state: 'SKIPPED', reason: 'BELOW_MINIMUM' };
    if (payout.state === 'PAID') return { state: 'PAID', amount: payout.amount, transferRef: payout.transfer_ref! };
  }
  try {
    const { transferRef } = await provider.transfer({
      destinationAccountRef: writer.account_ref,
      amount: payout.amount,
      currency: PAYOUT_CURRENCY,
      description: `Partner Program earnings, ${request.month}`,
      idempotencyKey: request.idempotencyKey,
      metadata: { user_id: request.userId, month: request.month },
    });
    await db.prepare("UPDATE partner_payouts SET state = 'PAID', transfer_ref = ?, error = NULL, paid_at = ? WHERE idempotency_key = ?").bind(transferRef, now, request.idempotencyKey).run();
    return { state: 'PAID', amount: payout.amount, transferRef };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.prepare("UPDATE partner_payouts SET state = 'FAILED', error = ? WHERE idempotency_key = ? AND state <> 'PAID'").bind(message.slice(0, 500), request.idempotencyKey).run();
    return { state: 'FAILED', amount: payout.amount, error: message };
  }
}

export interface PartnerJobReport {
  month: string;
  computed: number;
  released: number;
  forfeited: number;
  paid: number;
  failed: number;
  skipped: number;
}

/**
 * The monthly job, run by the billing clock (worker/jobs/scheduled.ts): the month before `now` is
 * computed once, withheld earnings follow the tax documents, then every writer with a balance
 * is paid — including a payout of an earlier run that failed (same key, retried).
 */
export async function runPartnerEarningsJob(db: D1Database, provider: PayoutProvider, now: number): Promise<PartnerJobReport> {
  const month = previousMonth(monthOf(now));
  const computed = await computeMonthlyEarnings(db, month, now);
  const { released, forfeited } = await settleWithheldEarnings(db, now);
  const report: PartnerJobReport = { month, computed, released, forfeited, paid: 0, failed: 0, skipped: 0 };
  const { results: due } = await db
    .prepare(
      `SELECT DISTINCT user_id, NULL AS retry_key, NULL AS retry_month FROM partner_earnings WHERE state = 'EARNED'
       UNION SELECT user_id, idempotency_key, month FROM partner_payouts WHERE state IN ('PENDING', 'FAILED')`,
    )
    .all<{ user_id: string; retry_key: string | null; retry_month: string | null }>();
  const seen = new Set<string>();
  for (const row of due) {
    const request = row.retry_key
      ? { userId: row.user_id, month: row.retry_month!, idempotencyKey: row.retry_key }
      : { userId: row.user_id, month, idempotencyKey: payoutKey(row.user_id, month) };
    if (seen.has(request.idempotencyKey)) continue;
    seen.add(request.idempotencyKey);
    const outcome = await payOutWriter(db, provider, request, now);
    if (outcome.state === 'PAID') report.paid++;
    else if (outcome.state === 'FAILED') report.failed++;
    else report.skipped++;
  }
  return report;
}
