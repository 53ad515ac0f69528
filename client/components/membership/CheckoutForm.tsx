// A form that starts a checkout (POST /_/membership/checkout, worker/membership/routes.ts).
// It names what is bought, never a price: the worker prices it from configuration. It
// carries the session's anti-forgery value; a visitor is sent to sign up and back.
import type { ReactNode } from 'react';
import { useAppState } from '../../app/app-state.tsx';

export const CHECKOUT_ACTION = '/_/membership/checkout';

interface Props {
  kind: 'MEMBERSHIP' | 'GIFT' | 'PAYMENT_METHOD';
  plan?: string;
  children: ReactNode;
  className?: string;
  /** Extra inputs (the gift's recipient email). */
  fields?: ReactNode;
  testId?: string;
}

export function CheckoutForm({ kind, plan, children, className, fields, testId }: Props) {
  const xsrf = useAppState().session.xsrf ?? '';
  return (
    <form method="post" action={CHECKOUT_ACTION} className={className} data-testid={testId}>
      <input type="hidden" name="xsrf" value={xsrf} />
      <input type="hidden" name="kind" value={kind} />
      {plan ? <input type="hidden" name="plan" value={plan} /> : null}
      {fields}
      {children}
    </form>
  );
}
