// Gift codes: issued when a gift checkout completes, mailed to the recipient, redeemed once.
// A code is 20 characters of Crockford base32 (100 random bits: unguessable), shown in groups
// of five; only its SHA-256 is stored, so our tables never hold a usable code.
import type { D1Database } from '@cloudflare/workers-types';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type { GiftCodeStatus } from '../../shared/membership/gift-code-status.ts';
import { periodEnd, PLANS, type MembershipPlanType } from '../../shared/membership/plans.ts';
import { orm } from '../db/orm.ts';
import { giftCodes, memberships, type checkouts } from '../db/schema.ts';
import { sha256Hex } from '../lib/crypto.ts';
import { newId } from '../lib/ids.ts';
import { GIFT_TYPE_CODES, type GiftType } from '../../shared/urls/misc-urls.ts';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 20;
/** A gift code can be redeemed for a year after it was bought (docs/membership.md). */
export const GIFT_CODE_LIFETIME_MS = 365 * 86_400_000;

export function newGiftCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(CODE_LENGTH));
  let code = '';
  // 256 is a multiple of 32: taking each byte mod 32 is unbiased (5 bits per character).
  for (const byte of bytes) code += ALPHABET[byte % 32];
  return code.match(/.{5}/g)!.join('-');
}

/** The canonical form of what someone typed: upper case, no separators, O→0 and I/L→1. */
export function normalizeGiftCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

export interface GiftCodeIssued {
  code: string;
  plan: MembershipPlanType;
  recipientEmail: string;
  purchaserId: string;
  giftType: GiftType;
  /** The gift_codes row, for the batch that records the purchase. */
  statement(database: DrizzleD1Database): BatchItem<'sqlite'>;
}

/** A group gift checkout's recipients (JSON array); null for a single gift. */
export function groupGiftRecipients(checkout: Pick<typeof checkouts.$inferSelect, 'giftRecipientEmails'>): string[] | null {
  if (!checkout.giftRecipientEmails) return null;
  const parsed: unknown = JSON.parse(checkout.giftRecipientEmails);
  return Array.isArray(parsed) ? parsed.filter((e): e is string => typeof e === 'string') : null;
}

/** The codes a completed gift checkout issues: one, or one per recipient of a group gift (type 31). */
export async function createGiftCodes(checkout: typeof checkouts.$inferSelect, chargeId: string, at: number): Promise<GiftCodeIssued[]> {
  const group = groupGiftRecipients(checkout);
  const recipients = group ?? [checkout.giftRecipientEmail ?? ''];
  const giftType: GiftType = group ? 'group-gift' : 'gift';
  const plan = checkout.plan as MembershipPlanType;
  return Promise.all(
    recipients.map(async (recipientEmail) => {
      const code = newGiftCode();
      const codeHash = await sha256Hex(normalizeGiftCode(code));
      return {
        code,
        plan,
        recipientEmail,
        purchaserId: checkout.userId,
        giftType,
        statement: (database: DrizzleD1Database) =>
          database.insert(giftCodes).values({
            codeHash,
            purchaserId: checkout.userId,
            plan,
            recipientEmail,
            chargeId,
            createdAt: at,
            expiresAt: at + GIFT_CODE_LIFETIME_MS,
            giftType: GIFT_TYPE_CODES[giftType],
            groupId: group ? checkout.id : null,
          }),
      };
    }),
  );
}

export interface GiftCodeState {
  status: GiftCodeStatus;
  plan: MembershipPlanType | null;
  /** Who bought it, and whether as part of a group gift (type 31); null when not found. */
  purchaserId?: string | null;
  groupGift?: boolean;
}

export async function giftCodeStatus(db: D1Database, input: string, now: number): Promise<GiftCodeState> {
  const normalized = normalizeGiftCode(input);
  if (normalized.length !== CODE_LENGTH) return { status: 'NOT_FOUND', plan: null };
  const row = await orm(db).select().from(giftCodes).where(eq(giftCodes.codeHash, await sha256Hex(normalized))).get();
  if (!row) return { status: 'NOT_FOUND', plan: null };
  const of = { purchaserId: row.purchaserId, groupGift: row.giftType === GIFT_TYPE_CODES['group-gift'] };
  if (row.redeemedAt !== null) return { status: 'ALREADY_USED', plan: row.plan, ...of };
  if (row.expiresAt <= now) return { status: 'EXPIRED', plan: row.plan, ...of };
  return { status: 'VALID', plan: row.plan, ...of };
}

export interface GroupGift {
  id: string;
  membershipType: MembershipPlanType;
  createdAt: number;
  recipients: { email: string; redeemedAt: number | null }[];
}

/** The group gifts `userId` bought, newest first, with which of their codes were redeemed (never the codes). */
export async function groupGiftsOf(db: D1Database, userId: string): Promise<GroupGift[]> {
  const rows = await orm(db)
    .select({ groupId: giftCodes.groupId, plan: giftCodes.plan, email: giftCodes.recipientEmail, createdAt: giftCodes.createdAt, redeemedAt: giftCodes.redeemedAt })
    .from(giftCodes)
    .where(and(eq(giftCodes.purchaserId, userId), isNotNull(giftCodes.groupId)))
    .orderBy(desc(giftCodes.createdAt), asc(giftCodes.recipientEmail))
    .all();
  const groups = new Map<string, GroupGift>();
  for (const row of rows) {
    const id = row.groupId!;
    const group = groups.get(id) ?? { id, membershipType: row.plan, createdAt: row.createdAt, recipients: [] };
    group.recipients.push({ email: row.email, redeemedAt: row.redeemedAt });
    groups.set(id, group);
  }
  return [...groups.values()];
}

export type RedeemOutcome = { status: GiftCodeStatus; membershipEndsAt: number | null };

/**
 * Redeems a code for `userId`: the account becomes a member (MEDIUM_GIFT) for the gifted
 * period, counted from the end of any running membership. The code is claimed by a
 * conditional update in the same batch as the membership write, so two redemptions at once
 * cannot both succeed.
 */
export async function redeemGiftCode(
  db: D1Database,
  userId: string,
  input: string,
  now: number,
  /**
   * The gift replaces a paid membership whose processor subscription was just ended: its
   * link goes in the same transaction, so a late event of that subscription (a retried
   * invoice, its deletion) finds no membership and cannot touch the gift.
   */
  options: { unlinkSubscription?: boolean } = {},
): Promise<RedeemOutcome> {
  const { status, plan } = await giftCodeStatus(db, input, now);
  if (status !== 'VALID' || !plan) return { status, membershipEndsAt: null };
  const database = orm(db);
  const codeHash = await sha256Hex(normalizeGiftCode(input));
  const existing = await database.select().from(memberships).where(eq(memberships.userId, userId)).get();
  const runningUntil = existing && existing.paymentFailedAt === null && existing.currentPeriodEndsAt > now ? existing.currentPeriodEndsAt : now;
  const endsAt = periodEnd(plan, runningUntil);
  const tier = PLANS[plan].tier;
  // Both statements in one transaction; the membership write only happens if this very
  // redemption claimed the code (its EXISTS sees the claim made just before).
  const claimedByThis = 'EXISTS (SELECT 1 FROM gift_codes WHERE code_hash = ? AND redeemed_by = ? AND redeemed_at = ?)';
  const claimArgs = [codeHash, userId, now];
  const claim = db.prepare('UPDATE gift_codes SET redeemed_by = ?, redeemed_at = ? WHERE code_hash = ? AND redeemed_at IS NULL').bind(userId, now, codeHash);
  const write = existing
    ? db
        .prepare(
          `UPDATE memberships SET tier = ?, plan = ?, payment_provider = 'MEDIUM_GIFT', currency = 'USD', amount = 0, current_period_ends_at = ?, is_cancelled = 0, payment_failed_at = NULL, started_at = ?, friend_since = ? WHERE id = ? AND ${claimedByThis}`,
        )
        // A running membership keeps its start; a lapsed one starts again.
        .bind(tier, plan, endsAt, runningUntil === now ? now : existing.startedAt, tier === 'FRIEND' ? (existing.friendSince ?? now) : null, existing.id, ...claimArgs)
    : db
        .prepare(
          `INSERT INTO memberships (id, user_id, tier, plan, payment_provider, currency, amount, started_at, current_period_ends_at, is_cancelled, payment_failed_at, friend_since) SELECT ?, ?, ?, ?, 'MEDIUM_GIFT', 'USD', 0, ?, ?, 0, NULL, ? WHERE ${claimedByThis}`,
        )
        .bind(newId(), userId, tier, plan, now, endsAt, tier === 'FRIEND' ? now : null, ...claimArgs);
  const unlink =
    options.unlinkSubscription && existing ? [db.prepare(`DELETE FROM subscriptions WHERE membership_id = ? AND ${claimedByThis}`).bind(existing.id, ...claimArgs)] : [];
  const [claimed] = await db.batch([claim, write, ...unlink]);
  if (!claimed?.meta.changes) return { status: 'ALREADY_USED', membershipEndsAt: null };
  return { status: 'VALID', membershipEndsAt: endsAt };
}
