// The viewer's charges (billing history and receipts): only their own, newest first.
import { and, desc, eq } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { charges } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { money, type Money } from './manage-membership.ts';
import type { PaymentMethodKind } from '../payments/provider.ts';

export interface BillingCharge {
  id: string;
  kind: string;
  membershipType: string;
  price: Money;
  /** SUCCEEDED or FAILED */
  status: string;
  cardType: string | null;
  paymentMethodKind: PaymentMethodKind | null;
  lastFour: string | null;
  discountId: string | null;
  createdAt: number;
}

function chargeNode(row: typeof charges.$inferSelect): BillingCharge {
  return {
    id: row.id,
    kind: row.kind,
    membershipType: row.plan,
    price: money(row.amount, row.currency),
    status: row.status,
    cardType: row.cardBrand,
    // Charges from before payment method kinds (migrations/0063_payment_method_kinds.sql) were cards.
    paymentMethodKind: row.paymentMethodKind ?? (row.cardLast4 ? 'CreditCard' : null),
    lastFour: row.cardLast4,
    discountId: row.discountId,
    createdAt: row.createdAt,
  };
}

/** One of the viewer's charges (a receipt); null for anyone else's, or logged out. */
export async function viewerCharge(ctx: RequestContext, chargeId: string): Promise<BillingCharge | null> {
  const viewer = ctx.viewer.user;
  if (!viewer) return null;
  const row = await orm(ctx.db).select().from(charges).where(and(eq(charges.id, chargeId), eq(charges.userId, viewer.id))).get();
  return row ? chargeNode(row) : null;
}

/** The viewer's charges, newest first (the latest 100); null when logged out. */
export async function viewerCharges(ctx: RequestContext): Promise<BillingCharge[] | null> {
  const viewer = ctx.viewer.user;
  if (!viewer) return null;
  const rows = await orm(ctx.db).select().from(charges).where(eq(charges.userId, viewer.id)).orderBy(desc(charges.createdAt)).limit(100).all();
  return rows.map(chargeNode);
}
