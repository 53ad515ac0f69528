// Enrolment and payout accounts (docs/partner-program.md "Enrolment", "Payout accounts"):
//   enroll      → PENDING_ACTION (limit and forfeit dates set), until a payout account is verified
//   payout account verified at the provider → ACTIVE; the provider disables it → PENDING_ACTION
//   unenroll    → INACTIVE (earnings stop; what was earned is still paid)
// SUSPENDED is staff's and is never changed here. Tax documents are separate (the banner).
import type { D1Database } from '@cloudflare/workers-types';
import type { PayoutProvider } from '../payments/provider.ts';
import { recordEnrollment } from './tax-documents.ts';

export type EnrollRefusal = { code: 'NO_PUBLISHED_STORY' | 'SUSPENDED' | 'INVALID_COUNTRY' | 'ALREADY_ENROLLED'; message: string };

export async function enroll(db: D1Database, userId: string, country: string, now: number): Promise<EnrollRefusal | null> {
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

export async function unenroll(db: D1Database, userId: string): Promise<boolean> {
  const result = await db.prepare("UPDATE users SET partner_program_status = 'INACTIVE' WHERE id = ? AND partner_program_status IN ('ACTIVE', 'PENDING_ACTION')").bind(userId).run();
  return result.meta.changes === 1;
}

/** Where the writer comes back to after the provider's onboarding. */
export type PayoutReturn = 'SETTINGS' | 'PARTNER_PROGRAM' | 'RECONNECT';
const RETURN_PATHS: Record<PayoutReturn, { returnPath: string; refreshPath: string }> = {
  SETTINGS: { returnPath: '/me/settings/payout/stripe/finish', refreshPath: '/me/settings/payout/setup' },
  PARTNER_PROGRAM: { returnPath: '/partner-program/stripe/finish', refreshPath: '/me/partner/enroll' },
  RECONNECT: { returnPath: '/partner-program/stripe/reconnect/success', refreshPath: '/partner-program/stripe/reconnect' },
};

/** The provider's onboarding address for the writer's payout account, created on first use. */
export async function startPayoutSetup(
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
export async function finishPayoutSetup(db: D1Database, provider: PayoutProvider, userId: string, now: number): Promise<'VERIFIED' | 'CREATED' | 'FAILED' | null> {
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
