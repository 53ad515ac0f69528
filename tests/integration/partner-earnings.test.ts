// The Partner Program's monthly earnings and payouts (docs/partner-program.md "Allocation
// model", "Payouts"): each member's monthly fee, less costs, shared by reading time; a month is
// computed once; tax documents decide EARNED / WITHHELD / STOPPED, withheld earnings are
// released on approval or forfeited at the forfeit date; payOutWriter pays once per key under a
// retried job, retries a failed transfer with the same key, skips writers without a verified
// payout account; the dashboard shows the earning per story, only to its writer.
import { beforeAll, describe, expect, it } from 'vitest';
import { memberMonthlyPool } from '../../worker/partner/earnings.ts';
import { payOutWriter, payoutKey, runPartnerEarningsJob } from '../../worker/partner/payouts.ts';
import { localProviderFor } from '../../worker/membership/payment-provider.ts';
import { advanceBillingClock } from '../../worker/endpoints/membership.ts';
import { AUTHORS, POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, testEnv } from './helpers/graphql-client.ts';
import { signedIn } from './helpers/signed-in.ts';

const DAY = 86_400_000;
/** The job runs in November: it computes October. */
const NOW = Date.UTC(2026, 10, 3, 4);
const OCTOBER = '2026-10';
const WITHHELD_WRITER = AUTHORS[0];
const STOPPED_WRITER = AUTHORS[1];
const OUTSIDER = AUTHORS[2];

const DASHBOARD = /* GraphQL */ `
  query ($username: String) {
    partnerDashboard(username: $username) {
      totalEarned withheld paidOut balance payoutAccountState lastPayoutFailed
      earnings { postId title month readingSeconds amount state }
      payouts { month amount state }
    }
  }
`;

async function postOf(userId: string): Promise<string> {
  return (await testDb.prepare("SELECT id FROM posts WHERE creator_id = ? AND status = 'PUBLISHED' LIMIT 1").bind(userId).first<{ id: string }>())!.id;
}

async function transfers() {
  return (await testDb.prepare('SELECT destination, amount, idempotency_key FROM devpay_transfers ORDER BY created_at').all()).results;
}

let withheldPost: string;
let stoppedPost: string;
let outsiderPost: string;

beforeAll(async () => {
  await seedWorld(testDb);
  withheldPost = await postOf(WITHHELD_WRITER);
  stoppedPost = await postOf(STOPPED_WRITER);
  outsiderPost = await postOf(OUTSIDER);
  const read = (day: string, member: string, post: string, seconds: number) =>
    testDb.prepare('INSERT INTO member_reading_time_daily (day, member_id, post_id, seconds) VALUES (?, ?, ?, ?)').bind(day, member, post, seconds);
  await testDb.batch([
    testDb.prepare("UPDATE users SET partner_program_status = 'ACTIVE' WHERE id = ?").bind(USERS.writer),
    testDb.prepare("UPDATE users SET partner_program_status = 'PENDING_ACTION' WHERE id IN (?, ?)").bind(WITHHELD_WRITER, STOPPED_WRITER),
    // The writer: enrolled long ago, documents approved, payout account verified.
    testDb.prepare('INSERT INTO partner_enrollments (user_id, enrolled_at, earnings_limited_at, earnings_forfeited_at) VALUES (?, ?, ?, ?)').bind(USERS.writer, NOW - 400 * DAY, NOW - 370 * DAY, NOW - 280 * DAY),
    testDb
      .prepare("INSERT INTO tax_documents (id, user_id, form_type, legal_name, country, address, tax_id_last4, signature, status, submitted_at) VALUES ('td-writer', ?, 'W-9', 'Wren Writer', 'US', '1 Main St', '6789', 'Wren Writer', 4, ?)")
      .bind(USERS.writer, NOW - 390 * DAY),
    testDb.prepare("INSERT INTO devpay_connected_accounts (id, email, country, payouts_enabled, created_at) VALUES ('acct_test_writer', NULL, 'US', 1, ?)").bind(NOW),
    testDb.prepare("INSERT INTO payout_accounts (user_id, provider, account_ref, state, created_at, updated_at) VALUES (?, 'local', 'acct_test_writer', 'VERIFIED', ?, ?)").bind(USERS.writer, NOW, NOW),
    // Enrolled in September, limit date after October began: October is withheld.
    testDb.prepare('INSERT INTO partner_enrollments (user_id, enrolled_at, earnings_limited_at, earnings_forfeited_at) VALUES (?, ?, ?, ?)').bind(WITHHELD_WRITER, Date.UTC(2026, 8, 20), Date.UTC(2026, 9, 20), Date.UTC(2027, 0, 18)),
    // Limit date passed before October began: October earns nothing.
    testDb.prepare('INSERT INTO partner_enrollments (user_id, enrolled_at, earnings_limited_at, earnings_forfeited_at) VALUES (?, ?, ?, ?)').bind(STOPPED_WRITER, Date.UTC(2026, 7, 1), Date.UTC(2026, 8, 1), Date.UTC(2026, 11, 1)),
    // The member (MONTHLY) reads: the writer's two stories, the withheld and stopped writers', an outsider's.
    read('2026-10-02', USERS.member, POSTS.open, 600),
    read('2026-10-03', USERS.member, POSTS.open, 300),
    read('2026-10-05', USERS.member, POSTS.locked, 300),
    read('2026-10-09', USERS.member, withheldPost, 300),
    read('2026-10-10', USERS.member, stoppedPost, 300),
    read('2026-10-11', USERS.member, outsiderPost, 600),
    // The friend (PREMIUM_YEARLY) reads only the writer's member-only story.
    read('2026-10-20', USERS.friend, POSTS.locked, 60),
    // Reading outside October, and the writer reading themself, count for nothing here.
    read('2026-09-30', USERS.member, POSTS.open, 9999),
    read('2026-11-01', USERS.member, POSTS.open, 9999),
    read('2026-10-12', USERS.writer, POSTS.open, 9999),
  ]);
});

describe('the monthly job', () => {
  it('shares each member’s fee, less costs, by reading time', async () => {
    const report = await runPartnerEarningsJob(testDb, localProviderFor(testEnv), NOW);
    expect(report).toMatchObject({ month: OCTOBER, computed: 4, paid: 1, failed: 0 });
    const { results } = await testDb.prepare('SELECT user_id, post_id, seconds, amount, state FROM partner_earnings ORDER BY user_id, post_id').all();
    const memberPool = memberMonthlyPool('MONTHLY');
    const friendPool = memberMonthlyPool('PREMIUM_YEARLY');
    const memberTotal = 600 + 300 + 300 + 300 + 300 + 600;
    expect(results).toEqual(
      [
        { user_id: USERS.writer, post_id: POSTS.open, seconds: 900, amount: Math.round((memberPool * 900) / memberTotal), state: 'EARNED' },
        { user_id: USERS.writer, post_id: POSTS.locked, seconds: 360, amount: Math.round((memberPool * 300) / memberTotal + friendPool), state: 'EARNED' },
        { user_id: WITHHELD_WRITER, post_id: withheldPost, seconds: 300, amount: Math.round((memberPool * 300) / memberTotal), state: 'WITHHELD' },
        { user_id: STOPPED_WRITER, post_id: stoppedPost, seconds: 300, amount: 0, state: 'STOPPED' },
      ].sort((a, b) => (a.user_id + a.post_id < b.user_id + b.post_id ? -1 : 1)),
    );
    // Costs come off: a $5 monthly member shares less than $5.
    expect(memberPool).toBeLessThan(500);
    expect(memberPool).toBeGreaterThan(300);
  });

  it('paid the writer once, to their connected account, the whole balance', async () => {
    const earned = (await testDb.prepare("SELECT sum(amount) AS n FROM partner_earnings WHERE user_id = ? AND state = 'EARNED'").bind(USERS.writer).first<{ n: number }>())!.n;
    expect(await transfers()).toEqual([{ destination: 'acct_test_writer', amount: earned, idempotency_key: payoutKey(USERS.writer, OCTOBER) }]);
  });

  it('a retried job (same hour, or the next) computes and pays nothing more', async () => {
    const before = await transfers();
    const again = await runPartnerEarningsJob(testDb, localProviderFor(testEnv), NOW + 3_600_000);
    expect(again.computed).toBe(0);
    expect(await transfers()).toEqual(before);
    expect((await testDb.prepare('SELECT count(*) AS n FROM partner_payouts').first<{ n: number }>())!.n).toBe(1);
    expect((await testDb.prepare('SELECT count(*) AS n FROM partner_earnings').first<{ n: number }>())!.n).toBe(4);
  });

  it('payOutWriter with the same key, twice at once, pays once', async () => {
    await testDb.prepare("INSERT INTO partner_earnings (user_id, post_id, month, seconds, amount, state) VALUES (?, ?, '2026-11', 100, 250, 'EARNED')").bind(USERS.writer, POSTS.open).run();
    const provider = localProviderFor(testEnv);
    const key = payoutKey(USERS.writer, '2026-11');
    const [a, b] = await Promise.all([payOutWriter(testDb, provider, { userId: USERS.writer, month: '2026-11', idempotencyKey: key }, NOW), payOutWriter(testDb, provider, { userId: USERS.writer, month: '2026-11', idempotencyKey: key }, NOW)]);
    expect(a).toMatchObject({ state: 'PAID', amount: 250 });
    expect(b).toMatchObject({ state: 'PAID', amount: 250 });
    expect((await transfers()).filter((t) => t.idempotency_key === key)).toHaveLength(1);
    // Nothing left: a new key finds no balance.
    expect(await payOutWriter(testDb, provider, { userId: USERS.writer, month: '2026-11', idempotencyKey: 'another' }, NOW)).toEqual({ state: 'SKIPPED', reason: 'BELOW_MINIMUM' });
  });

  it('a failed transfer is FAILED (the dashboard says so), and the next run retries the same payout once', async () => {
    await testDb.batch([
      testDb.prepare("INSERT INTO partner_earnings (user_id, post_id, month, seconds, amount, state) VALUES (?, ?, '2026-12', 100, 400, 'EARNED')").bind(USERS.writer, POSTS.locked),
      testDb.prepare("UPDATE devpay_connected_accounts SET payouts_enabled = 0 WHERE id = 'acct_test_writer'"),
    ]);
    const provider = localProviderFor(testEnv);
    const january = Date.UTC(2027, 0, 2);
    const failed = await runPartnerEarningsJob(testDb, provider, january);
    expect(failed).toMatchObject({ month: '2026-12', failed: 1 });
    const writer = await signedIn(USERS.writer);
    expect((await writer.gql(DASHBOARD)).data?.partnerDashboard).toMatchObject({ lastPayoutFailed: true, payouts: [{ month: '2026-12', amount: 400, state: 'FAILED' }, { state: 'PAID' }, { state: 'PAID' }] });
    await testDb.prepare("UPDATE devpay_connected_accounts SET payouts_enabled = 1 WHERE id = 'acct_test_writer'").run();
    const retried = await runPartnerEarningsJob(testDb, provider, january + 3_600_000);
    expect(retried.paid).toBeGreaterThanOrEqual(1);
    expect((await transfers()).filter((t) => t.idempotency_key === payoutKey(USERS.writer, '2026-12'))).toEqual([{ destination: 'acct_test_writer', amount: 400, idempotency_key: payoutKey(USERS.writer, '2026-12') }]);
    await runPartnerEarningsJob(testDb, provider, january + 7_200_000);
    expect((await transfers()).filter((t) => t.idempotency_key === payoutKey(USERS.writer, '2026-12'))).toHaveLength(1);
  });

  it('a writer without a verified payout account is not paid; the balance waits', async () => {
    await testDb.prepare("UPDATE tax_documents SET status = 4 WHERE id = 'td-writer'").run();
    const outcome = await payOutWriter(testDb, localProviderFor(testEnv), { userId: WITHHELD_WRITER, month: OCTOBER, idempotencyKey: payoutKey(WITHHELD_WRITER, OCTOBER) }, NOW);
    expect(outcome).toEqual({ state: 'SKIPPED', reason: 'NO_PAYOUT_ACCOUNT' });
  });
});

describe('tax documents and earnings (§4.5)', () => {
  it('withheld earnings are forfeited at the forfeit date without approved documents', async () => {
    const provider = localProviderFor(testEnv);
    await runPartnerEarningsJob(testDb, provider, Date.UTC(2026, 11, 2));
    // STOPPED_WRITER has nothing withheld (stopped months earn nothing); WITHHELD_WRITER's forfeit date is in January.
    expect((await testDb.prepare('SELECT state FROM partner_earnings WHERE user_id = ?').bind(WITHHELD_WRITER).first<{ state: string }>())!.state).toBe('WITHHELD');
    await runPartnerEarningsJob(testDb, provider, Date.UTC(2027, 0, 18, 1));
    expect((await testDb.prepare('SELECT state FROM partner_earnings WHERE user_id = ?').bind(WITHHELD_WRITER).first<{ state: string }>())!.state).toBe('FORFEITED');
  });

  it('withheld earnings are released once the documents are approved', async () => {
    await testDb.batch([
      testDb.prepare("INSERT INTO partner_earnings (user_id, post_id, month, seconds, amount, state) VALUES (?, ?, '2026-09', 100, 123, 'WITHHELD')").bind(STOPPED_WRITER, stoppedPost),
      testDb.prepare('UPDATE partner_enrollments SET earnings_forfeited_at = ? WHERE user_id = ?').bind(Date.UTC(2030, 0, 1), STOPPED_WRITER),
      testDb
        .prepare("INSERT INTO tax_documents (id, user_id, form_type, legal_name, country, address, tax_id_last4, signature, status, submitted_at) VALUES ('td-stopped', ?, 'W-8BEN', 'Author Two', 'DE', 'Hauptstr. 1, Berlin', '4321', 'Author Two', 4, ?)")
        .bind(STOPPED_WRITER, NOW),
    ]);
    await runPartnerEarningsJob(testDb, localProviderFor(testEnv), Date.UTC(2027, 0, 20));
    expect((await testDb.prepare("SELECT state FROM partner_earnings WHERE user_id = ? AND month = '2026-09'").bind(STOPPED_WRITER).first<{ state: string }>())!.state).toBe('EARNED');
    // The stopped month stays stopped.
    expect((await testDb.prepare("SELECT state, amount FROM partner_earnings WHERE user_id = ? AND month = ?").bind(STOPPED_WRITER, OCTOBER).first())).toEqual({ state: 'STOPPED', amount: 0 });
  });
});

describe('the dashboard', () => {
  it('shows the writer their earning per story', async () => {
    const writer = await signedIn(USERS.writer);
    const dashboard = (await writer.gql(DASHBOARD, { username: 'writer' })).data?.partnerDashboard;
    expect(dashboard.payoutAccountState).toBe('VERIFIED');
    expect(dashboard.earnings).toContainEqual(expect.objectContaining({ postId: POSTS.open, title: 'Open Story', month: OCTOBER, readingSeconds: 900, state: 'EARNED' }));
    expect(dashboard.paidOut).toBe(dashboard.totalEarned);
    expect(dashboard.balance).toBe(0);
  });

  it('is null to anyone else: another writer’s name, a reader, logged out', async () => {
    const writer = await signedIn(USERS.writer);
    expect((await writer.gql(DASHBOARD, { username: 'author1' })).data?.partnerDashboard).toBeNull();
    const reader = await signedIn(USERS.reader);
    expect((await reader.gql(DASHBOARD, { username: 'writer' })).data?.partnerDashboard).toBeNull();
    expect((await reader.gql(DASHBOARD)).data?.partnerDashboard).toBeNull();
  });
});

describe('the billing clock', () => {
  it('npm run billing:advance runs the monthly job at the moved clock’s time', async () => {
    const now = Date.now();
    const later = now + 40 * DAY;
    const ended = new Date(Date.UTC(new Date(later).getUTCFullYear(), new Date(later).getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    await testDb.prepare('DELETE FROM partner_earnings_months WHERE month = ?').bind(ended).run();
    await testDb.prepare('INSERT INTO member_reading_time_daily (day, member_id, post_id, seconds) VALUES (?, ?, ?, 30)').bind(`${ended}-15`, USERS.friend, POSTS.open).run();
    await advanceBillingClock(testEnv, 40, now);
    expect(await testDb.prepare('SELECT seconds, state FROM partner_earnings WHERE user_id = ? AND post_id = ? AND month = ?').bind(USERS.writer, POSTS.open, ended).first()).toEqual({ seconds: 30, state: 'EARNED' });
    expect(await testDb.prepare('SELECT month FROM partner_earnings_months WHERE month = ?').bind(ended).first()).toEqual({ month: ended });
  });
});
