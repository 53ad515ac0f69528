// A form that starts a checkout (POST /_/membership/checkout, worker/endpoints/membership.ts).
// It names what is bought, never a price: the worker prices it from configuration. It
// carries the session's anti-forgery value; a visitor is sent to sign up and back.
import type { ReactNode } from 'react';
import { CHECKOUT_UNAVAILABLE_MESSAGE, CHECKOUT_UNAVAILABLE_PARAM, CHECKOUT_UNAVAILABLE_VALUE } from '../../../shared/membership/checkout-unavailable.ts';
import { useAppState } from '../../app/app-state.tsx';
import { useNavigation } from '../../app/navigation.tsx';

export const CHECKOUT_ACTION = '/_/membership/checkout';

interface Props {
  kind: 'MEMBERSHIP' | 'GIFT' | 'PAYMENT_METHOD';
  plan?: string;
  children: ReactNode;
  className?: string;
  /** Extra inputs (the gift's recipient email). */
  fields?: ReactNode;
  testId?: string;
  /** The discount id of the offer the buyer takes (the worker checks it; docs/adr/0115-discounts-are-discounted-cycles.md). */
  discountId?: string | null;
}

export function CheckoutForm({ kind, plan, children, className, fields, testId, discountId }: Props) {
  const xsrf = useAppState().session.xsrf ?? '';
  return (
    <form method="post" action={CHECKOUT_ACTION} className={className} data-testid={testId}>
      <input type="hidden" name="xsrf" value={xsrf} />
      <input type="hidden" name="kind" value={kind} />
      {plan ? <input type="hidden" name="plan" value={plan} /> : null}
      {discountId ? <input type="hidden" name="discountId" value={discountId} /> : null}
      {fields}
      {children}
    </form>
  );
}

/** Shown on a checkout's page when the worker sent the buyer back because the payment provider failed. */
export function CheckoutUnavailableNotice() {
  const { location } = useNavigation();
  if (new URLSearchParams(location.search).get(CHECKOUT_UNAVAILABLE_PARAM) !== CHECKOUT_UNAVAILABLE_VALUE) return null;
  return (
    <p className="form-error" role="alert" data-testid="checkout-unavailable">
      {CHECKOUT_UNAVAILABLE_MESSAGE}
    </p>
  );
}
