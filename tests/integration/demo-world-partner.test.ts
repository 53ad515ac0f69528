// The demo world's Partner Program (scripts/demo-world/partner-program.ts; docs/partner-program.md):
// on first start every tax state exists, `partner` sees "Must be approved by {date}", `ada` has
// earnings per story and payouts on her dashboard, and the billing clock turns this month's
// members' reading time into earnings.
import { beforeAll, describe, expect, it } from 'vitest';
import { advanceBillingClock } from '../../worker/endpoints/membership.ts';
import { seedDemoWorld, userByUsername, type World } from './helpers/demo-world.ts';
import { testDb, testEnv } from './helpers/graphql-client.ts';
import { signedIn } from './helpers/signed-in.ts';

let world: World;
beforeAll(async () => {
  world = await seedDemoWorld(120);
});

const TAX = /* GraphQL */ `query { partnerTaxDocuments { enrollmentStatus taxDocumentStatus needsAction showsBanner earningsLimitedAt } }`;
const DASHBOARD = /* GraphQL */ `query { partnerDashboard { totalEarned paidOut payoutAccountState earnings { title amount state } payouts { state } } }`;

describe('the demo world’s partner writers', () => {
  it('cover every tax document state, and the partner statuses', async () => {
    const { results } = await testDb.prepare('SELECT DISTINCT status FROM tax_documents ORDER BY status').all<{ status: number }>();
    expect(results.map((r) => r.status)).toEqual([1, 2, 3, 4]);
    const states = await testDb.prepare('SELECT DISTINCT state FROM partner_earnings ORDER BY state').all<{ state: string }>();
    expect(states.results.map((r) => r.state)).toEqual(expect.arrayContaining(['EARNED', 'WITHHELD']));
    const statuses = await testDb.prepare('SELECT DISTINCT partner_program_status AS s FROM users WHERE partner_program_status IS NOT NULL').all<{ s: string }>();
    expect(statuses.results.map((r) => r.s).sort()).toEqual(['ACTIVE', 'INACTIVE', 'PENDING_ACTION', 'SUSPENDED']);
  });

  it('a PENDING_ACTION writer sees the banner: documents not submitted, limit date ahead; partner does not', async () => {
    const row = await testDb
      .prepare("SELECT u.id FROM users u JOIN partner_enrollments e ON e.user_id = u.id WHERE u.partner_program_status = 'PENDING_ACTION' AND NOT EXISTS (SELECT 1 FROM tax_documents d WHERE d.user_id = u.id) AND e.earnings_limited_at > ? LIMIT 1")
      .bind(Date.now())
      .first<{ id: string }>();
    const pending = await signedIn(row!.id);
    const tax = (await pending.gql(TAX)).data?.partnerTaxDocuments;
    expect(tax).toMatchObject({ enrollmentStatus: 'PENDING_ACTION', taxDocumentStatus: 0, needsAction: true, showsBanner: true });
    const partner = await signedIn(userByUsername(world, 'partner').id as string);
    expect((await partner.gql(TAX)).data?.partnerTaxDocuments).toMatchObject({ enrollmentStatus: 'ACTIVE', taxDocumentStatus: 4, showsBanner: false });
  });

  it('ada’s dashboard shows earnings per story and payouts', async () => {
    const ada = await signedIn(userByUsername(world, 'ada').id as string);
    expect((await ada.gql(TAX)).data?.partnerTaxDocuments).toMatchObject({ taxDocumentStatus: 4, showsBanner: false });
    const dashboard = (await ada.gql(DASHBOARD)).data?.partnerDashboard;
    expect(dashboard.payoutAccountState).toBe('VERIFIED');
    expect(dashboard.earnings.length).toBeGreaterThan(3);
    expect(dashboard.earnings[0]).toMatchObject({ state: 'EARNED' });
    expect(dashboard.payouts.length).toBeGreaterThan(0);
    expect(dashboard.paidOut).toBe(dashboard.totalEarned);
  });

  it('the billing clock turns this month’s reading time into earnings', async () => {
    const before = (await testDb.prepare('SELECT count(*) AS n FROM partner_earnings').first<{ n: number }>())!.n;
    expect((await testDb.prepare('SELECT count(*) AS n FROM member_reading_time_daily').first<{ n: number }>())!.n).toBeGreaterThan(0);
    await advanceBillingClock(testEnv, 35, Date.now());
    expect((await testDb.prepare('SELECT count(*) AS n FROM partner_earnings').first<{ n: number }>())!.n).toBeGreaterThan(before);
  });
});
