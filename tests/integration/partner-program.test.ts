// Partner Program enrolment and payout accounts (docs/partner-program.md "Enrolment", "Payout
// accounts", "Dashboard"): refusals, PENDING_ACTION → onboarding at the local provider's
// Connect page → ACTIVE; the onboarding page refuses foreign return addresses and cross-site
// posts; after the monthly job runs on the billing clock the dashboard page shows the earning of
// a story members read, and another writer's dashboard address is the 404 page.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../worker/session/session-store.ts';
import { runPartnerJob } from '../../worker/partner/partner-job.ts';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, testEnv, workerFetch } from './helpers/graphql-client.ts';
import { signedIn, type Caller } from './helpers/signed-in.ts';

const ORIGIN = 'http://localhost:8787';
const ENROLL = /* GraphQL */ `
  mutation ($country: String!) { enrollInPartnerProgram(country: $country) { ok status payoutAccountState code message } }
`;
const START = /* GraphQL */ `
  mutation ($returnTo: PayoutReturn!, $country: String!) { startPayoutAccountSetup(returnTo: $returnTo, country: $country) { ok url message } }
`;
const FINISH = /* GraphQL */ `
  mutation { finishPayoutAccountSetup { ok status payoutAccountState code message } }
`;
const UNENROLL = /* GraphQL */ `
  mutation { unenrollFromPartnerProgram { ok status code } }
`;

let writer: Caller;

beforeAll(async () => {
  await seedWorld(testDb);
  await testDb.prepare('UPDATE users SET partner_program_status = NULL WHERE id IN (?, ?)').bind(USERS.writer, USERS.reader).run();
  writer = await signedIn(USERS.writer);
});

describe('enrolment', () => {
  it('refuses a reader without a published story, and a bad country', async () => {
    await testDb.prepare("INSERT INTO users (id, username, name, email, created_at) VALUES ('aa00000000f1', 'newcomer', 'New Comer', 'newcomer@vellum.test', ?)").bind(Date.now()).run();
    const reader = await signedIn('aa00000000f1');
    expect((await reader.gql(ENROLL, { country: 'US' })).data?.enrollInPartnerProgram).toMatchObject({ ok: false, code: 'NO_PUBLISHED_STORY', status: null });
    expect((await writer.gql(ENROLL, { country: 'Narnia' })).data?.enrollInPartnerProgram).toMatchObject({ ok: false, code: 'INVALID_COUNTRY' });
  });

  it('enrols the writer as PENDING_ACTION with tax dates; twice is refused', async () => {
    expect((await writer.gql(ENROLL, { country: 'us' })).data?.enrollInPartnerProgram).toMatchObject({ ok: true, status: 'PENDING_ACTION', payoutAccountState: null });
    expect(await testDb.prepare('SELECT count(*) AS n FROM partner_enrollments WHERE user_id = ?').bind(USERS.writer).first()).toEqual({ n: 1 });
    expect((await writer.gql(ENROLL, { country: 'US' })).data?.enrollInPartnerProgram).toMatchObject({ ok: false, code: 'ALREADY_ENROLLED' });
  });

  it('never lifts a suspension', async () => {
    await testDb.prepare("UPDATE users SET partner_program_status = 'SUSPENDED' WHERE id = ?").bind(USERS.moderator).run();
    const suspended = await signedIn(USERS.moderator);
    expect((await suspended.gql(ENROLL, { country: 'US' })).data?.enrollInPartnerProgram).toMatchObject({ ok: false, code: 'SUSPENDED', status: 'SUSPENDED' });
    expect((await suspended.gql(UNENROLL)).data?.unenrollFromPartnerProgram).toMatchObject({ ok: false, status: 'SUSPENDED' });
  });
});

describe('payout account', () => {
  let onboarding: URL;

  it('finishing before starting is refused', async () => {
    expect((await writer.gql(FINISH)).data?.finishPayoutAccountSetup).toMatchObject({ ok: false, code: 'NOT_ENROLLED' });
  });

  it('starts onboarding at the local provider with return addresses on this site', async () => {
    const answer = (await writer.gql(START, { returnTo: 'PARTNER_PROGRAM', country: 'US' })).data?.startPayoutAccountSetup;
    expect(answer.ok).toBe(true);
    onboarding = new URL(answer.url);
    expect(onboarding.pathname).toMatch(/^\/_\/dev\/pay\/connect\/acct_test_/);
    expect(onboarding.searchParams.get('return_url')).toMatch(/\/partner-program\/stripe\/finish$/);
    expect(await testDb.prepare('SELECT state FROM payout_accounts WHERE user_id = ?').bind(USERS.writer).first()).toEqual({ state: 'CREATED' });
    // Starting again reuses the account.
    const again = new URL((await writer.gql(START, { returnTo: 'SETTINGS', country: 'US' })).data?.startPayoutAccountSetup.url);
    expect(again.pathname).toBe(onboarding.pathname);
  });

  it('the onboarding page refuses a foreign return address and a cross-site post', async () => {
    const foreign = new URL(onboarding);
    foreign.searchParams.set('return_url', 'https://evil.example/steal');
    expect((await workerFetch(foreign.toString())).status).toBe(400);
    const crossSite = await workerFetch(onboarding.toString(), { method: 'POST', redirect: 'manual', headers: { origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect((await workerFetch(`${ORIGIN}/_/dev/pay/connect/acct_test_nope?return_url=${encodeURIComponent(ORIGIN + '/')}&refresh_url=${encodeURIComponent(ORIGIN + '/')}`)).status).toBe(404);
  });

  it('before onboarding is completed the account is not verified: still PENDING_ACTION', async () => {
    expect((await writer.gql(FINISH)).data?.finishPayoutAccountSetup).toMatchObject({ ok: true, status: 'PENDING_ACTION', payoutAccountState: 'CREATED' });
  });

  it('after "Agree and submit" the provider says payouts are enabled: ACTIVE', async () => {
    const page = await workerFetch(onboarding.toString());
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Agree and submit');
    const submitted = await workerFetch(onboarding.toString(), { method: 'POST', redirect: 'manual', headers: { origin: ORIGIN } });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe(`${ORIGIN}/partner-program/stripe/finish`);
    expect((await writer.gql(FINISH)).data?.finishPayoutAccountSetup).toMatchObject({ ok: true, status: 'ACTIVE', payoutAccountState: 'VERIFIED' });
  });
});

describe('the dashboard page after the monthly job on the billing clock', () => {
  it('shows the earning of a story members read, to its writer only', async () => {
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    const day = lastMonth.toISOString().slice(0, 10);
    await testDb.batch([
      testDb.prepare('INSERT INTO member_reading_time_daily (day, member_id, post_id, seconds) VALUES (?, ?, ?, 1200)').bind(day, USERS.member, POSTS.locked),
      testDb
        .prepare("INSERT INTO tax_documents (id, user_id, form_type, legal_name, country, address, tax_id_last4, signature, status, submitted_at) VALUES ('td-dash', ?, 'W-9', 'Wren Writer', 'US', '1 Main St', '6789', 'Wren Writer', 4, ?)")
        .bind(USERS.writer, Date.now()),
    ]);
    const report = await runPartnerJob(testEnv, Date.now());
    expect(report).toMatchObject({ computed: 1, paid: 1 });
    const session = await createSession(testDb, USERS.writer);
    const page = await workerFetch(`${ORIGIN}/me/partner/dashboard`, { headers: { cookie: `sid=${session.token}` } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="partner-earnings"');
    expect(html).toMatch(new RegExp(`data-post-id="${POSTS.locked}"[\\s\\S]*?Members Story[\\s\\S]*?20(<!-- -->)? min[\\s\\S]*?\\$\\d+\\.\\d\\d`));
    expect((await workerFetch(`${ORIGIN}/@writer/partner/dashboard`, { headers: { cookie: `sid=${session.token}` } })).status).toBe(200);

    const other = await createSession(testDb, USERS.member);
    const foreign = await workerFetch(`${ORIGIN}/@writer/partner/dashboard`, { headers: { cookie: `sid=${other.token}` } });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain('partner-earnings');
  });

  it('leaving stops earning from now on', async () => {
    expect((await writer.gql(UNENROLL)).data?.unenrollFromPartnerProgram).toMatchObject({ ok: true, status: 'INACTIVE' });
    expect((await writer.gql(UNENROLL)).data?.unenrollFromPartnerProgram).toMatchObject({ ok: false, code: 'NOT_ENROLLED' });
  });
});
