// Tax documents of Partner Program writers (docs/product/2-sign-in-notices-cache-routing.md §4.5;
// docs/partner-program.md "Tax documents"): not submitted → pending → on hold → approved, or
// invalid with a reason → resubmitted; refusals for writers who never enrolled, forms already
// under review, every invalid field and oversized input (nothing written); the staff review is
// staff only, needs the anti-forgery field and a reason for an invalid form; the limit and
// forfeit dates and the "needs action" rule.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../worker/session/session-store.ts';
import { EARNINGS_FORFEIT_DAYS, EARNINGS_LIMIT_DAYS, recordEnrollment, taxNeedsAction } from '../../worker/partner/tax-documents.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';

const ORIGIN = 'http://localhost:8787';
const DAY = 86_400_000;
const STATUS = /* GraphQL */ `
  query {
    partnerTaxDocuments { enrollmentStatus taxDocumentStatus earningsLimitedAt earningsForfeitedAt invalidReason taxIdLast4 legalName needsAction showsBanner }
  }
`;
const SUBMIT = /* GraphQL */ `
  mutation ($input: TaxDocumentsInput!) {
    submitTaxDocuments(input: $input) {
      __typename
      ... on TaxDocuments { taxDocumentStatus taxIdLast4 needsAction }
      ... on TaxDocumentsRefused { code field message }
    }
  }
`;
const VALID = { formType: 'W-9', legalName: 'Wren  Writer', country: 'us', address: '1 Main Street, Springfield', taxId: '123-45-6789', signature: 'wren writer', certified: true };

let writer: Caller;
let enrolledAt: number;

async function formCount() {
  return (await testDb.prepare('SELECT count(*) AS n FROM tax_documents WHERE user_id = ?').bind(USERS.writer).first<{ n: number }>())!.n;
}

async function staffSession(userId: string = USERS.staff) {
  return createSession(testDb, userId);
}

function review(documentId: string, decision: string, session: { token: string; xsrf: string } | null, fields: Record<string, string> = {}) {
  return workerFetch(`${ORIGIN}/_/admin/tax-documents/${documentId}/${decision}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...(session ? { cookie: `sid=${session.token}` } : {}) },
    body: new URLSearchParams({ xsrf: session?.xsrf ?? '', ...fields }).toString(),
  });
}

async function newestFormId() {
  return (await testDb.prepare('SELECT id FROM tax_documents WHERE user_id = ? ORDER BY submitted_at DESC, rowid DESC LIMIT 1').bind(USERS.writer).first<{ id: string }>())!.id;
}

beforeAll(async () => {
  await seedWorld(testDb);
  await testDb.batch([
    testDb.prepare('DELETE FROM tax_documents'),
    testDb.prepare('DELETE FROM partner_enrollments'),
    testDb.prepare("UPDATE users SET partner_program_status = 'PENDING_ACTION' WHERE id = ?").bind(USERS.writer),
  ]);
  enrolledAt = Date.now();
  await recordEnrollment(testDb, USERS.writer, enrolledAt);
  writer = await signedIn(USERS.writer);
});

describe('a writer who never submitted', () => {
  it('is not submitted, needs action, sees the banner, with the limit and forfeit dates of the enrolment', async () => {
    const tax = (await writer.gql(STATUS)).data?.partnerTaxDocuments;
    expect(tax).toMatchObject({ enrollmentStatus: 'PENDING_ACTION', taxDocumentStatus: 0, needsAction: true, showsBanner: true, invalidReason: null, taxIdLast4: null });
    expect(tax.earningsLimitedAt).toBe(enrolledAt + EARNINGS_LIMIT_DAYS * DAY);
    expect(tax.earningsForfeitedAt).toBe(enrolledAt + EARNINGS_FORFEIT_DAYS * DAY);
  });

  it('keeps the first dates when enrolled again', async () => {
    await recordEnrollment(testDb, USERS.writer, enrolledAt + 5 * DAY);
    expect((await writer.gql(STATUS)).data?.partnerTaxDocuments.earningsLimitedAt).toBe(enrolledAt + EARNINGS_LIMIT_DAYS * DAY);
  });
});

describe('"needs action" (§4.5)', () => {
  it('is true when not submitted before the forfeit date, or invalid; false otherwise', () => {
    const now = Date.UTC(2026, 10, 23);
    expect(taxNeedsAction({ taxDocumentStatus: 0, earningsForfeitedAt: now + DAY }, now)).toBe(true);
    expect(taxNeedsAction({ taxDocumentStatus: 0, earningsForfeitedAt: now - DAY }, now)).toBe(false);
    expect(taxNeedsAction({ taxDocumentStatus: 3, earningsForfeitedAt: now - DAY }, now)).toBe(true);
    for (const status of [1, 2, 4] as const) expect(taxNeedsAction({ taxDocumentStatus: status, earningsForfeitedAt: now + DAY }, now)).toBe(false);
  });
});

describe('refusals', () => {
  it('logged out: no documents, and submitting is an authentication error', async () => {
    expect((await loggedOut.gql(STATUS)).data?.partnerTaxDocuments).toBeNull();
    const answer = await loggedOut.gql(SUBMIT, { input: VALID });
    expect(answer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('a reader who never enrolled sees nothing and is refused NOT_ENROLLED', async () => {
    const reader = await signedIn(USERS.reader);
    expect((await reader.gql(STATUS)).data?.partnerTaxDocuments).toBeNull();
    expect((await reader.gql(SUBMIT, { input: VALID })).data?.submitTaxDocuments).toMatchObject({ __typename: 'TaxDocumentsRefused', code: 'NOT_ENROLLED' });
    expect((await testDb.prepare('SELECT count(*) AS n FROM tax_documents WHERE user_id = ?').bind(USERS.reader).first<{ n: number }>())!.n).toBe(0);
  });

  it.each([
    [{ formType: 'W-2' }, 'formType'],
    [{ legalName: ' ' }, 'legalName'],
    [{ country: 'USA' }, 'country'],
    [{ country: 'DE' }, 'formType'],
    [{ formType: 'W-8BEN' }, 'formType'],
    [{ address: 'x' }, 'address'],
    [{ taxId: '12345' }, 'taxId'],
    [{ taxId: '12345678a' }, 'taxId'],
    [{ signature: 'Someone Else' }, 'signature'],
    [{ certified: false }, 'certified'],
    [{ address: 'a'.repeat(5000) }, 'address'],
  ])('refuses hostile form %# as INVALID_FIELD of the field at fault, writing nothing', async (change, field) => {
    const answer = (await writer.gql(SUBMIT, { input: { ...VALID, ...change } })).data?.submitTaxDocuments;
    expect(answer).toMatchObject({ __typename: 'TaxDocumentsRefused', code: 'INVALID_FIELD', field });
    expect(answer.message.length).toBeGreaterThan(5);
    expect(await formCount()).toBe(0);
  });

  it('a hostile type is a GraphQL validation error, not a form', async () => {
    const answer = await writer.gql(SUBMIT, { input: { ...VALID, certified: 'yes' } });
    expect(answer.errors?.length).toBeGreaterThan(0);
    expect(await formCount()).toBe(0);
  });
});

describe('submit, review, resubmit', () => {
  it('a valid form is pending, keeps only the last four digits, and is not submitted twice', async () => {
    const answer = (await writer.gql(SUBMIT, { input: VALID })).data?.submitTaxDocuments;
    expect(answer).toEqual({ __typename: 'TaxDocuments', taxDocumentStatus: 1, taxIdLast4: '6789', needsAction: false });
    const stored = await testDb.prepare('SELECT * FROM tax_documents WHERE user_id = ?').bind(USERS.writer).first<Record<string, unknown>>();
    expect(JSON.stringify(stored)).not.toContain('123456789');
    expect(stored).toMatchObject({ legal_name: 'Wren Writer', country: 'US', status: 1 });
    expect((await writer.gql(SUBMIT, { input: VALID })).data?.submitTaxDocuments).toMatchObject({ code: 'ALREADY_SUBMITTED' });
    expect(await formCount()).toBe(1);
    // Pending still shows the banner ("Please wait 3 to 5 business days…").
    expect((await writer.gql(STATUS)).data?.partnerTaxDocuments).toMatchObject({ taxDocumentStatus: 1, showsBanner: true });
  });

  it('the staff review page is the 404 page to anyone but staff, and their decisions change nothing', async () => {
    const id = await newestFormId();
    const reader = await staffSession(USERS.reader);
    const spoofed = await createSession(testDb, USERS.reader, { spoofedByUserId: USERS.staff });
    for (const token of [undefined, reader.token, spoofed.token]) {
      const page = await workerFetch(`${ORIGIN}/_/admin/tax-documents`, { headers: token ? { cookie: `sid=${token}` } : {} });
      expect(page.status).toBe(404);
      expect(await page.text()).not.toContain('Tax documents to review');
    }
    for (const session of [null, reader, spoofed]) expect((await review(id, 'approve', session)).status).toBe(404);
    expect((await testDb.prepare('SELECT status FROM tax_documents WHERE id = ?').bind(id).first<{ status: number }>())!.status).toBe(1);
  });

  it('staff need the anti-forgery field and a reason to mark a form invalid', async () => {
    const staff = await staffSession();
    const id = await newestFormId();
    const page = await workerFetch(`${ORIGIN}/_/admin/tax-documents`, { headers: { cookie: `sid=${staff.token}` } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/Tax documents to review[\s\S]*Wren Writer/);
    expect((await review(id, 'approve', { ...staff, xsrf: 'forged' })).status).toBe(403);
    expect((await review(id, 'invalid', staff, { reason: '  ' })).status).toBe(400);
    expect((await review('nonexistent', 'approve', staff)).status).toBe(409);
    expect((await testDb.prepare('SELECT status FROM tax_documents WHERE id = ?').bind(id).first<{ status: number }>())!.status).toBe(1);
  });

  it('invalid with a reason: the writer reads it, needs action, and resubmits', async () => {
    const staff = await staffSession();
    const first = await newestFormId();
    expect((await review(first, 'invalid', staff, { reason: 'The address is incomplete.' })).status).toBe(303);
    expect((await writer.gql(STATUS)).data?.partnerTaxDocuments).toMatchObject({ taxDocumentStatus: 3, invalidReason: 'The address is incomplete.', needsAction: true, showsBanner: true });
    // Decided forms are not decided again.
    expect((await review(first, 'approve', staff)).status).toBe(409);
    const resubmitted = (await writer.gql(SUBMIT, { input: { ...VALID, address: '1 Main Street, Springfield, IL 62701' } })).data?.submitTaxDocuments;
    expect(resubmitted).toMatchObject({ __typename: 'TaxDocuments', taxDocumentStatus: 1 });
    expect(await formCount()).toBe(2);
    expect((await writer.gql(STATUS)).data?.partnerTaxDocuments.invalidReason).toBeNull();
  });

  it('on hold, then approved: no banner, nothing to do, no more submissions', async () => {
    const staff = await staffSession();
    const id = await newestFormId();
    expect((await review(id, 'hold', staff)).status).toBe(303);
    expect((await writer.gql(STATUS)).data?.partnerTaxDocuments).toMatchObject({ taxDocumentStatus: 2, needsAction: false, showsBanner: true });
    expect((await review(id, 'approve', staff)).status).toBe(303);
    expect((await writer.gql(STATUS)).data?.partnerTaxDocuments).toMatchObject({ taxDocumentStatus: 4, needsAction: false, showsBanner: false });
    expect((await writer.gql(SUBMIT, { input: VALID })).data?.submitTaxDocuments).toMatchObject({ code: 'ALREADY_SUBMITTED' });
  });

  it('the banner is only for ACTIVE and PENDING_ACTION writers', async () => {
    await testDb.batch([
      testDb.prepare('DELETE FROM tax_documents WHERE user_id = ?').bind(USERS.writer),
      testDb.prepare("UPDATE users SET partner_program_status = 'SUSPENDED' WHERE id = ?").bind(USERS.writer),
    ]);
    expect((await writer.gql(STATUS)).data?.partnerTaxDocuments).toMatchObject({ taxDocumentStatus: 0, showsBanner: false });
    await testDb.prepare("UPDATE users SET partner_program_status = 'ACTIVE' WHERE id = ?").bind(USERS.writer).run();
    expect((await writer.gql(STATUS)).data?.partnerTaxDocuments).toMatchObject({ showsBanner: true });
  });
});
