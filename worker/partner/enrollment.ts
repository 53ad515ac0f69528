// Enrolment and payout accounts (docs/partner-program.md "Enrolment", "Payout accounts"):
//   enroll      → PENDING_ACTION (limit and forfeit dates set), until a payout account is verified
//   payout account verified at the provider → ACTIVE; the provider disables it → PENDING_ACTION
//   unenroll    → INACTIVE (earnings stop; what was earned is still paid)
// SUSPENDED is staff's and is never changed here. Tax documents are separate (the banner).
// Each step works on the viewer's own account and answers the status after it.
import type { D1Database } from '@cloudflare/workers-types';
import type { RequestContext } from '../context/request-context.ts';
import { CallerError } from '../context/errors.ts';
import { mainOrigin } from '../env.ts';
import { logEvent } from '../lib/log-context.ts';
import { paymentProviderFor } from '../membership/payment-provider.ts';
import type { PayoutProvider } from '../payments/provider.ts';
import type { ViewerUser } from '../session/viewer.ts';
import { recordEnrollment } from './tax-documents.ts';

export type EnrollRefusal = { code: 'NO_PUBLISHED_STORY' | 'SUSPENDED' | 'INVALID_COUNTRY' | 'ALREADY_ENROLLED'; message: string };

/** The result of an enrolment or payout step: the status after it, or why it was refused. */
export interface PartnerProgramOutcome {
  ok: boolean;
  /** ACTIVE, INACTIVE, PENDING_ACTION, SUSPENDED; null when never enrolled. */
  status: string | null;
  /** CREATED, VERIFIED, FAILED; null when no payout account. */
  payoutAccountState: string | null;
  code: string | null;
  message: string | null;
}

/** The writer changing their own Partner Program membership (a staff member acting as someone may not). */
function partnerWriter(ctx: RequestContext): ViewerUser {
  const user = ctx.viewer.user;
  if (!user) throw new CallerError('Sign in to continue.', { code: 'UNAUTHENTICATED' });
  if (ctx.viewer.isSpoofed) throw new CallerError('A spoofed session cannot change the Partner Program.', { code: 'FORBIDDEN' });
  return user;
}

async function outcome(ctx: RequestContext, userId: string, refusal: { code: string; message: string } | null = null): Promise<PartnerProgramOutcome> {
  const row = await ctx.env.DB.prepare('SELECT u.partner_program_status AS status, a.state FROM users u LEFT JOIN payout_accounts a ON a.user_id = u.id WHERE u.id = ?')
    .bind(userId)
    .first<{ status: string | null; state: string | null }>();
  return { ok: refusal === null, status: row?.status ?? null, payoutAccountState: row?.state ?? null, code: refusal?.code ?? null, message: refusal?.message ?? null };
}

/** Enrols the viewer (country: where they live, ISO 3166 alpha-2). */
export async function enroll(ctx: RequestContext, country: string): Promise<PartnerProgramOutcome> {
  const user = partnerWriter(ctx);
  return outcome(ctx, user.id, await enrollUser(ctx.env.DB, user.id, country.trim().toUpperCase().slice(0, 8), ctx.now));
}

async function enrollUser(db: D1Database, userId: string, country: string, now: number): Promise<EnrollRefusal | null> {
  const user = await db
    .prepare(
      "SELECT partner_program_status, (SELECT count(*) FROM posts WHERE creator_id = u.id AND status = 'PUBLISHED' AND deleted_at IS NULL) AS stories FROM users u WHERE id = ?",
    )
    .bind(userId)
    .first<{ partner_program_status: string | null; stories: number }>();
  if (!user) return { code: 'SUSPENDED', message: 'This account cannot enroll.' };
  if (user.partner_program_status === 'SUSPENDED') return { code: 'SUSPENDED', message: 'Your Partner Program account is suspended.' };
  if (user.partner_program_status === 'ACTIVE' || user.partner_program_status === 'PENDING_ACTION') return { code: 'ALREADY_ENROLLED', message: 'You are already in the Partner Program.' };
  if (!/^[A-Z]{2}$/.test(country)) return { code: 'INVALID_COUNTRY', message: 'Choose the country you live in.' };
  if (user.stories === 0) return { code: 'NO_PUBLISHED_STORY', message: 'Publish a story first: the Partner Program pays for stories members read.' };
  const verified = await db.prepare("SELECT 1 AS ok FROM payout_accounts WHERE user_id = ? AND state = 'VERIFIED'").bind(userId).first();
  await recordEnrollment(db, userId, now);
  await db.prepare('UPDATE users SET partner_program_status = ? WHERE id = ?').bind(verified ? 'ACTIVE' : 'PENDING_ACTION', userId).run();
  return null;
}

export async function unenroll(ctx: RequestContext): Promise<PartnerProgramOutcome> {
  const user = partnerWriter(ctx);
  const result = await ctx.env.DB.prepare("UPDATE users SET partner_program_status = 'INACTIVE' WHERE id = ? AND partner_program_status IN ('ACTIVE', 'PENDING_ACTION')").bind(user.id).run();
  return outcome(ctx, user.id, result.meta.changes === 1 ? null : { code: 'NOT_ENROLLED', message: 'You are not in the Partner Program.' });
}

/** Where the writer comes back to after the provider's onboarding. */
export type PayoutReturn = 'SETTINGS' | 'PARTNER_PROGRAM' | 'RECONNECT';
const RETURN_PATHS: Record<PayoutReturn, { returnPath: string; refreshPath: string }> = {
  SETTINGS: { returnPath: '/me/settings/payout/stripe/finish', refreshPath: '/me/settings/payout/setup' },
  PARTNER_PROGRAM: { returnPath: '/partner-program/stripe/finish', refreshPath: '/me/partner/enroll' },
  RECONNECT: { returnPath: '/partner-program/stripe/reconnect/success', refreshPath: '/partner-program/stripe/reconnect' },
};

export interface PayoutSetupStart {
  ok: boolean;
  /** Where the browser goes to give the payment provider the payout details. */
  url: string | null;
  message: string | null;
}

/** Starts (or resumes) the viewer's payout account setup at the payment provider. */
export async function startPayoutSetup(ctx: RequestContext, back: PayoutReturn, country: string): Promise<PayoutSetupStart> {
  const user = partnerWriter(ctx);
  const code = country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return { ok: false, url: null, message: 'Choose the country you live in.' };
  try {
    const url = await onboardingUrl(ctx.env.DB, paymentProviderFor(ctx.env), { id: user.id, email: user.email }, code, mainOrigin(ctx.env), back, ctx.now);
    return { ok: true, url, message: null };
  } catch (error) {
    logEvent({ event: 'payout_setup_failed', error: error instanceof Error ? error.message : String(error) }, 'error');
    return { ok: false, url: null, message: 'There was an error recording your payout information.' };
  }
}

/** The provider's onboarding address for the writer's payout account, created on first use. */
async function onboardingUrl(
  db: D1Database,
  provider: PayoutProvider & { readonly name: 'stripe' | 'local' },
  user: { id: string; email: string | null },
  country: string,
  origin: string,
  back: PayoutReturn,
  now: number,
): Promise<string> {
  let account = await db.prepare("SELECT account_ref FROM payout_accounts WHERE user_id = ? AND state <> 'DELETED' AND provider = ?").bind(user.id, provider.name).first<{ account_ref: string }>();
  if (!account) {
    const accountRef = await provider.createConnectedAccount({ email: user.email, country, metadata: { user_id: user.id } });
    await db
      .prepare(
        `INSERT INTO payout_accounts (user_id, provider, account_ref, state, created_at, updated_at) VALUES (?, ?, ?, 'CREATED', ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET provider = excluded.provider, account_ref = excluded.account_ref, state = 'CREATED', updated_at = excluded.updated_at`,
      )
      .bind(user.id, provider.name, accountRef, now, now)
      .run();
    account = { account_ref: accountRef };
  }
  const paths = RETURN_PATHS[back];
  return provider.connectedAccountOnboardingUrl(account.account_ref, { returnUrl: origin + paths.returnPath, refreshUrl: origin + paths.refreshPath });
}

/**
 * Back from onboarding: asks the provider (never trusts the return address) and records the
 * account's state; an enrolled writer becomes ACTIVE once it can take payouts.
 */
export async function finishPayoutSetup(ctx: RequestContext): Promise<PartnerProgramOutcome> {
  const user = partnerWriter(ctx);
  const state = await recordPayoutAccountState(ctx.env.DB, paymentProviderFor(ctx.env), user.id, ctx.now);
  if (state === null) return outcome(ctx, user.id, { code: 'NOT_ENROLLED', message: 'Set up a payout account first.' });
  if (state === 'FAILED') return outcome(ctx, user.id, { code: 'PAYOUT_PROVIDER_ERROR', message: 'There was an error recording your payout information.' });
  return outcome(ctx, user.id);
}

async function recordPayoutAccountState(db: D1Database, provider: PayoutProvider, userId: string, now: number): Promise<'VERIFIED' | 'CREATED' | 'FAILED' | null> {
  const account = await db.prepare("SELECT account_ref FROM payout_accounts WHERE user_id = ? AND state <> 'DELETED'").bind(userId).first<{ account_ref: string }>();
  if (!account) return null;
  let state: 'VERIFIED' | 'CREATED' | 'FAILED';
  try {
    state = (await provider.connectedAccountStatus(account.account_ref)).payoutsEnabled ? 'VERIFIED' : 'CREATED';
  } catch {
    state = 'FAILED';
  }
  await db.batch([
    db.prepare('UPDATE payout_accounts SET state = ?, updated_at = ? WHERE user_id = ?').bind(state, now, userId),
    db
      .prepare("UPDATE users SET partner_program_status = ? WHERE id = ? AND partner_program_status IN ('ACTIVE', 'PENDING_ACTION')")
      .bind(state === 'VERIFIED' ? 'ACTIVE' : 'PENDING_ACTION', userId),
  ]);
  return state;
}
