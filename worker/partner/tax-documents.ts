// Tax documents of Partner Program writers (docs/product/2-sign-in-notices-cache-routing.md §4.5;
// docs/partner-program.md "Tax documents"): a writer submits a form, staff review it (approve,
// hold, or mark it invalid with a reason), an invalid form is resubmitted. The newest form is the
// writer's status; no form is "not submitted" (0). The limit and forfeit dates come from the
// writer's enrolment (partner_enrollments).
import type { D1Database } from '@cloudflare/workers-types';
import type { RequestContext } from '../context/request-context.ts';
import { CallerError } from '../context/errors.ts';
import { newId } from '../lib/ids.ts';

export const TAX_NOT_SUBMITTED = 0;
export const TAX_PENDING = 1;
export const TAX_ON_HOLD = 2;
export const TAX_INVALID = 3;
export const TAX_APPROVED = 4;
export type TaxDocumentStatus = 0 | 1 | 2 | 3 | 4;

/** Days from enrolment until earnings stop without approved documents, and until withheld earnings are forfeited. */
export const EARNINGS_LIMIT_DAYS = 30;
export const EARNINGS_FORFEIT_DAYS = 120;
const DAY_MS = 86_400_000;

/** The statuses that see the tax banner (§4.5: active or pending action). */
export const TAX_BANNER_STATUSES: ReadonlySet<string> = new Set(['ACTIVE', 'PENDING_ACTION']);

export interface TaxStatus {
  enrollmentStatus: string;
  taxDocumentStatus: TaxDocumentStatus;
  earningsLimitedAt: number | null;
  earningsForfeitedAt: number | null;
  /** When earnings were first withheld for want of documents (the first month that was). */
  earningsFirstWithheldAt: number | null;
  invalidReason: string | null;
  submittedAt: number | null;
  formType: string | null;
  legalName: string | null;
  taxIdLast4: string | null;
}

/**
 * §4.5 "needs action": not submitted and before the deadline or grace time (the forfeit date),
 * or invalid.
 */
export function taxNeedsAction(tax: Pick<TaxStatus, 'taxDocumentStatus' | 'earningsForfeitedAt'>, now: number): boolean {
  if (tax.taxDocumentStatus === TAX_INVALID) return true;
  return tax.taxDocumentStatus === TAX_NOT_SUBMITTED && (tax.earningsForfeitedAt == null || now < tax.earningsForfeitedAt);
}

/** A writer's tax documents as their pages show them: the status and what it asks of them. */
export interface TaxDocuments extends TaxStatus {
  /** The §4.5 rule (taxNeedsAction). */
  needsAction: boolean;
  /** Whether the tax banner is shown (status ACTIVE or PENDING_ACTION, documents not approved). */
  showsBanner: boolean;
}

function taxDocumentsOf(tax: TaxStatus, now: number): TaxDocuments {
  return { ...tax, needsAction: taxNeedsAction(tax, now), showsBanner: TAX_BANNER_STATUSES.has(tax.enrollmentStatus) && tax.taxDocumentStatus !== TAX_APPROVED };
}

/** The viewer's tax documents; null when logged out or never enrolled. */
export async function viewerTaxDocuments(ctx: RequestContext): Promise<TaxDocuments | null> {
  const userId = ctx.viewer.user?.id;
  if (!userId) return null;
  const tax = await taxStatusOf(ctx.env.DB, userId);
  return tax ? taxDocumentsOf(tax, ctx.now) : null;
}

interface StatusRow {
  partner_program_status: string | null;
  earnings_limited_at: number | null;
  earnings_forfeited_at: number | null;
  first_withheld_month: string | null;
  status: number | null;
  invalid_reason: string | null;
  submitted_at: number | null;
  form_type: string | null;
  legal_name: string | null;
  tax_id_last4: string | null;
}

/** The writer's tax status; null when they never enrolled in the Partner Program. */
export async function taxStatusOf(db: D1Database, userId: string): Promise<TaxStatus | null> {
  const row = await db
    .prepare(
      `SELECT u.partner_program_status, e.earnings_limited_at, e.earnings_forfeited_at,
         (SELECT min(month) FROM partner_earnings pe WHERE pe.user_id = u.id AND pe.state <> 'EARNED') AS first_withheld_month,
         d.status, d.invalid_reason, d.submitted_at, d.form_type, d.legal_name, d.tax_id_last4
       FROM users u
       LEFT JOIN partner_enrollments e ON e.user_id = u.id
       LEFT JOIN tax_documents d ON d.id = (SELECT id FROM tax_documents WHERE user_id = u.id ORDER BY submitted_at DESC, rowid DESC LIMIT 1)
       WHERE u.id = ? AND u.deleted_at IS NULL`,
    )
    .bind(userId)
    .first<StatusRow>();
  if (!row || row.partner_program_status === null) return null;
  return {
    enrollmentStatus: row.partner_program_status,
    taxDocumentStatus: (row.status ?? TAX_NOT_SUBMITTED) as TaxDocumentStatus,
    earningsLimitedAt: row.earnings_limited_at,
    earningsForfeitedAt: row.earnings_forfeited_at,
    earningsFirstWithheldAt: row.first_withheld_month ? Date.parse(`${row.first_withheld_month}-01T00:00:00Z`) : null,
    invalidReason: row.status === TAX_INVALID ? row.invalid_reason : null,
    submittedAt: row.submitted_at,
    formType: row.form_type,
    legalName: row.legal_name,
    taxIdLast4: row.tax_id_last4,
  };
}

/** Sets the limit and forfeit dates of a new enrolment (kept when the writer enrols again). */
export async function recordEnrollment(db: D1Database, userId: string, now: number): Promise<void> {
  await db
    .prepare('INSERT INTO partner_enrollments (user_id, enrolled_at, earnings_limited_at, earnings_forfeited_at) VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO NOTHING')
    .bind(userId, now, now + EARNINGS_LIMIT_DAYS * DAY_MS, now + EARNINGS_FORFEIT_DAYS * DAY_MS)
    .run();
}

export interface TaxFormInput {
  formType: string;
  legalName: string;
  country: string;
  address: string;
  taxId: string;
  signature: string;
  certified: boolean;
}

export type TaxFormField = keyof TaxFormInput;
export type TaxRefusalCode = 'NOT_ENROLLED' | 'ALREADY_SUBMITTED' | 'INVALID_FIELD';
export interface TaxRefusal {
  code: TaxRefusalCode;
  field: TaxFormField | null;
  message: string;
}

const refuse = (field: TaxFormField, message: string): TaxRefusal => ({ code: 'INVALID_FIELD', field, message });

/** The first thing wrong with a form, or the normalized form. */
export function validateTaxForm(input: TaxFormInput): TaxRefusal | (TaxFormInput & { taxIdDigits: string }) {
  const legalName = input.legalName.trim().replace(/\s+/g, ' ');
  const country = input.country.trim().toUpperCase();
  const address = input.address.trim();
  const taxId = input.taxId.replace(/[\s-]/g, '').toUpperCase();
  const signature = input.signature.trim().replace(/\s+/g, ' ');
  if (input.formType !== 'W-9' && input.formType !== 'W-8BEN') return refuse('formType', 'Choose a form: W-9 or W-8BEN.');
  if (legalName.length < 2 || legalName.length > 100) return refuse('legalName', 'Enter your legal name (2 to 100 characters).');
  if (!/^[A-Z]{2}$/.test(country)) return refuse('country', 'Choose your country of tax residence.');
  if (input.formType === 'W-9' && country !== 'US') return refuse('formType', 'The W-9 is for US taxpayers; choose the W-8BEN.');
  if (input.formType === 'W-8BEN' && country === 'US') return refuse('formType', 'US taxpayers file the W-9.');
  if (address.length < 5 || address.length > 300) return refuse('address', 'Enter your permanent address (5 to 300 characters).');
  if (input.formType === 'W-9' ? !/^\d{9}$/.test(taxId) : !/^[A-Z0-9]{5,20}$/.test(taxId)) {
    return refuse('taxId', input.formType === 'W-9' ? 'Enter your 9-digit SSN or EIN.' : 'Enter your foreign tax identifying number (5 to 20 letters or digits).');
  }
  if (signature.toLowerCase() !== legalName.toLowerCase()) return refuse('signature', 'Sign by typing your legal name exactly as above.');
  if (input.certified !== true) return refuse('certified', 'Certify that the information is correct.');
  return { ...input, legalName, country, address, taxId, signature, taxIdDigits: taxId };
}

/** The longest text a form field takes. */
const MAX_FIELD_LENGTH = 1000;

/**
 * Submits the viewer's form: refused while one is pending, on hold or approved, and for
 * writers who never enrolled.
 */
export async function submitTaxDocuments(ctx: RequestContext, input: TaxFormInput): Promise<TaxRefusal | TaxDocuments> {
  const userId = ctx.viewer.user?.id;
  if (!userId) throw new CallerError('Sign in to submit tax documents.', { code: 'UNAUTHENTICATED' });
  if (ctx.viewer.isSpoofed) throw new CallerError('A spoofed session cannot submit tax documents.', { code: 'FORBIDDEN' });
  for (const [field, value] of Object.entries(input)) {
    if (typeof value === 'string' && value.length > MAX_FIELD_LENGTH) return { code: 'INVALID_FIELD', field: field as TaxFormField, message: 'That is too long.' };
  }
  const outcome = await submitForm(ctx.env.DB, userId, input, ctx.now);
  return 'code' in outcome ? outcome : taxDocumentsOf(outcome, ctx.now);
}

async function submitForm(db: D1Database, userId: string, input: TaxFormInput, now: number): Promise<TaxRefusal | TaxStatus> {
  const current = await taxStatusOf(db, userId);
  if (!current || current.enrollmentStatus === 'INACTIVE') return { code: 'NOT_ENROLLED', field: null, message: 'Enroll in the Partner Program to submit tax documents.' };
  if (current.taxDocumentStatus !== TAX_NOT_SUBMITTED && current.taxDocumentStatus !== TAX_INVALID) {
    return { code: 'ALREADY_SUBMITTED', field: null, message: 'Your tax documents were already submitted.' };
  }
  const form = validateTaxForm(input);
  if ('code' in form) return form;
  // Conditional insert: two submissions at once leave one form (the second finds the first).
  await db
    .prepare(
      `INSERT INTO tax_documents (id, user_id, form_type, legal_name, country, address, tax_id_last4, signature, status, submitted_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ${TAX_PENDING}, ?
       WHERE coalesce((SELECT status FROM tax_documents WHERE user_id = ?2 ORDER BY submitted_at DESC, rowid DESC LIMIT 1), 3) = 3`,
    )
    .bind(newId(), userId, form.formType, form.legalName, form.country, form.address, form.taxIdDigits.slice(-4), form.signature, now)
    .run();
  return (await taxStatusOf(db, userId))!;
}

export type TaxReview = { decision: 'approve' } | { decision: 'hold' } | { decision: 'invalid'; reason: string };

export interface TaxDocumentRow {
  id: string;
  user_id: string;
  username: string;
  form_type: string;
  legal_name: string;
  country: string;
  status: number;
  invalid_reason: string | null;
  submitted_at: number;
}

/** Forms waiting for staff: pending and on hold, oldest first. */
export async function taxDocumentsToReview(db: D1Database, limit = 100): Promise<TaxDocumentRow[]> {
  const { results } = await db
    .prepare(
      `SELECT d.id, d.user_id, u.username, d.form_type, d.legal_name, d.country, d.status, d.invalid_reason, d.submitted_at
       FROM tax_documents d JOIN users u ON u.id = d.user_id
       WHERE d.status IN (${TAX_PENDING}, ${TAX_ON_HOLD}) ORDER BY d.submitted_at LIMIT ?`,
    )
    .bind(limit)
    .all<TaxDocumentRow>();
  return results;
}

/**
 * A staff decision on a pending or on-hold form. An invalid form needs a reason the writer will
 * read. Returns false when the form is not waiting for review (already decided, or unknown).
 */
export async function reviewTaxDocument(db: D1Database, staffUserId: string, documentId: string, review: TaxReview, now: number): Promise<boolean> {
  const status = review.decision === 'approve' ? TAX_APPROVED : review.decision === 'hold' ? TAX_ON_HOLD : TAX_INVALID;
  const reason = review.decision === 'invalid' ? review.reason.trim().slice(0, 500) : null;
  if (review.decision === 'invalid' && !reason) return false;
  const result = await db
    .prepare(`UPDATE tax_documents SET status = ?, invalid_reason = ?, reviewed_at = ?, reviewed_by = ? WHERE id = ? AND status IN (${TAX_PENDING}, ${TAX_ON_HOLD})`)
    .bind(status, reason, now, staffUserId, documentId)
    .run();
  return result.meta.changes === 1;
}
