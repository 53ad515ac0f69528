// The Partner Program's demo data (docs/partner-program.md): enrolments with tax deadlines, a
// tax document state per partner writer (every state somewhere), payout accounts at the local
// provider, three finished months of earnings per story with their payouts, and members'
// reading time this month (the next billing-clock run turns it into earnings). Drawn after
// the world is moved to its `now`, because days and months are text ('YYYY-MM-DD') that the
// time shift does not move; its own random stream leaves the rest of the world unchanged.
//   ada, partner  ACTIVE, documents approved, payout account ready: earnings and payouts
//   the first PENDING_ACTION writer: no documents yet, limit date ahead ("Must be approved by {date}")
//   the other partner writers cycle through not submitted, pending, on hold, invalid, approved,
//   earnings stopped (past the limit date) and forfeited (past the forfeit date).
import { DAY, type Context, type Person } from './context.ts';
import { Random } from './random.ts';

export interface PartnerEnrollmentRow { user_id: string; enrolled_at: number; earnings_limited_at: number; earnings_forfeited_at: number }
export interface TaxDocumentRow {
  id: string; user_id: string; form_type: 'W-9' | 'W-8BEN'; legal_name: string; country: string; address: string; tax_id_last4: string;
  signature: string; status: 1 | 2 | 3 | 4; invalid_reason: string | null; submitted_at: number; reviewed_at: number | null; reviewed_by: string | null;
}
export interface DevpayConnectedAccountRow { id: string; email: string | null; country: string; payouts_enabled: 0 | 1; created_at: number }
export interface PayoutAccountRow { user_id: string; provider: 'local'; account_ref: string; state: 'CREATED' | 'VERIFIED'; created_at: number; updated_at: number }
export interface PartnerEarningRow { user_id: string; post_id: string; month: string; seconds: number; amount: number; state: 'EARNED' | 'WITHHELD' | 'STOPPED' | 'FORFEITED' }
export interface PartnerPayoutRow {
  idempotency_key: string; user_id: string; month: string; amount: number; currency: string; state: 'PAID'; transfer_ref: string; error: null; created_at: number; paid_at: number;
}
export interface PartnerEarningsMonthRow { month: string; computed_at: number }
export interface MemberReadingTimeRow { day: string; member_id: string; post_id: string; seconds: number }

type TaxPlan = 'approved' | 'none' | 'pending' | 'onHold' | 'invalid' | 'stopped' | 'forfeited';
const CYCLE: readonly TaxPlan[] = ['none', 'pending', 'onHold', 'invalid', 'approved', 'stopped', 'forfeited'];
const INVALID_REASONS = ['The tax number does not match the legal name.', 'The permanent address is incomplete.', 'The form is not signed with the legal name.'];
const MONTHS_OF_EARNINGS = 3;

const monthOf = (time: number) => new Date(time).toISOString().slice(0, 7);
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
function monthsBefore(now: number, count: number): string[] {
  const date = new Date(now);
  return Array.from({ length: count }, (_, i) => monthOf(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - (i + 1), 1))).reverse();
}

export function createPartnerProgram(ctx: Context, seed: number, now: number): void {
  const random = new Random(seed ^ 0x5a17);
  const world = ctx.world;
  const ada = ctx.demo.writer as Person | undefined;
  const partner = ctx.demo.partner as Person | undefined;
  const staffId = (ctx.demo.staff as Person | undefined)?.row.id ?? null;
  const enrolled = ctx.people.filter((p) => p.row.partner_program_status !== null && p.row.deleted_at === null);
  const planOf = new Map<string, TaxPlan>();
  let cycle = 0;
  // The demo accounts other tests sign in as keep a quiet screen (approved: no banner); the first
  // PENDING_ACTION writer shows the banner's first state, the rest cycle through the others.
  const firstPending = enrolled.find((p) => p !== ada && p !== partner && p.row.partner_program_status === 'PENDING_ACTION');
  for (const person of enrolled) {
    planOf.set(person.row.id, person === ada || person === partner ? 'approved' : person === firstPending ? 'none' : CYCLE[cycle++ % CYCLE.length]!);
  }
  const members = world.memberships.filter((m) => m.current_period_ends_at > now && m.payment_failed_at === null).map((m) => m.user_id);
  const storiesBy = new Map<string, string[]>();
  for (const story of ctx.stories) {
    if (story.row.status !== 'PUBLISHED' || story.row.deleted_at !== null) continue;
    const list = storiesBy.get(story.row.creator_id) ?? [];
    list.push(story.row.id);
    storiesBy.set(story.row.creator_id, list);
  }
  const months = monthsBefore(now, MONTHS_OF_EARNINGS);
  const firstOfThisMonth = Date.parse(`${monthOf(now)}-01T00:00:00Z`);
  for (const month of months) world.partner_earnings_months.push({ month, computed_at: Date.parse(`${month}-01T00:00:00Z`) + 32 * DAY });

  for (const person of enrolled) {
    const id = person.row.id;
    const plan = planOf.get(id)!;
    const status = person.row.partner_program_status!;
    // Enrolment dates chosen so the plan's state holds today: limit = enrolled + 30 days, forfeit = + 120.
    // A form under review or found invalid: enrolled weeks ago, the limit date just passed or ahead, so last month is withheld.
    // Under review or invalid: enrolled before this month began, whatever today's date, so last
    // month's earnings exist and are withheld (its start is still before the limit date).
    const enrolledAgo =
      plan === 'forfeited'
        ? 150 * DAY
        : plan === 'stopped'
          ? 75 * DAY
          : plan === 'none'
            ? 10 * DAY
            : plan === 'approved'
              ? random.int(100, 500) * DAY
              : Math.max(random.int(20, 45) * DAY, now - firstOfThisMonth + DAY);
    const enrolledAt = now - enrolledAgo;
    const limit = enrolledAt + 30 * DAY;
    const forfeit = enrolledAt + 120 * DAY;
    world.partner_enrollments.push({ user_id: id, enrolled_at: enrolledAt, earnings_limited_at: limit, earnings_forfeited_at: forfeit });

    const us = random.chance(0.6);
    const taxStatus: 1 | 2 | 3 | 4 | undefined = ({ approved: 4, pending: 1, onHold: 2, invalid: 3 } as Partial<Record<TaxPlan, 1 | 2 | 3 | 4>>)[plan];
    if (taxStatus !== undefined) {
      const submittedAt = enrolledAt + random.int(1, 20) * DAY;
      world.tax_documents.push({
        id: ctx.ids.next(),
        user_id: id,
        form_type: us ? 'W-9' : 'W-8BEN',
        legal_name: person.row.name,
        country: us ? 'US' : random.pick(['DE', 'GB', 'CA', 'IN', 'BR']),
        address: `${random.int(1, 400)} ${random.pick(['Main Street', 'Elm Road', 'Harbour Lane', 'Kings Way'])}`,
        tax_id_last4: String(random.int(1000, 9999)),
        signature: person.row.name,
        status: taxStatus,
        invalid_reason: taxStatus === 3 ? random.pick(INVALID_REASONS) : null,
        submitted_at: Math.min(submittedAt, now - DAY),
        reviewed_at: taxStatus === 1 ? null : Math.min(submittedAt + 4 * DAY, now - DAY / 2),
        reviewed_by: taxStatus === 1 ? null : staffId,
      });
    }

    const active = status === 'ACTIVE';
    if (active || status === 'PENDING_ACTION') {
      const accountRef = `acct_test_demo${id}`;
      world.devpay_connected_accounts.push({ id: accountRef, email: person.row.email, country: us ? 'US' : 'DE', payouts_enabled: active ? 1 : 0, created_at: enrolledAt + DAY });
      world.payout_accounts.push({ user_id: id, provider: 'local', account_ref: accountRef, state: active ? 'VERIFIED' : 'CREATED', created_at: enrolledAt + DAY, updated_at: enrolledAt + 2 * DAY });
    }

    const stories = (storiesBy.get(id) ?? []).slice(0, 6);
    if (status !== 'ACTIVE' && status !== 'PENDING_ACTION') continue;
    for (const month of months) {
      const start = Date.parse(`${month}-01T00:00:00Z`);
      if (start + 31 * DAY < enrolledAt) continue;
      let earned = 0;
      for (const postId of stories) {
        const seconds = random.int(120, 9000);
        const amount = Math.round(seconds * (0.02 + random.float() * 0.02));
        const state: PartnerEarningRow['state'] =
          plan === 'approved' ? 'EARNED' : start >= limit ? 'STOPPED' : now >= forfeit ? 'FORFEITED' : 'WITHHELD';
        world.partner_earnings.push({ user_id: id, post_id: postId, month, seconds, amount: state === 'STOPPED' ? 0 : amount, state });
        if (state === 'EARNED') earned += amount;
      }
      const verified = world.payout_accounts.some((a) => a.user_id === id && a.state === 'VERIFIED');
      if (earned >= 100 && verified) {
        const paidAt = start + 32 * DAY + 4 * 3_600_000;
        world.partner_payouts.push({
          idempotency_key: `partner-payout:${id}:${month}`, user_id: id, month, amount: earned, currency: 'USD', state: 'PAID',
          transfer_ref: `tr_test_demo${id}${month.replace('-', '')}`, error: null, created_at: paidAt, paid_at: paidAt,
        });
      }
    }
    // Members' reading time this month, which the next run of the monthly job turns into earnings.
    if (members.length === 0) continue;
    const seen = new Set<string>();
    for (const postId of stories.slice(0, 3)) {
      for (let i = 0; i < 6; i++) {
        const day = dayOf(Math.max(firstOfThisMonth, now - random.int(0, 20) * DAY));
        const member = random.pick(members);
        const key = `${day}|${member}|${postId}`;
        if (member === id || seen.has(key)) continue;
        seen.add(key);
        world.member_reading_time_daily.push({ day, member_id: member, post_id: postId, seconds: random.int(30, 900) });
      }
    }
  }
}
