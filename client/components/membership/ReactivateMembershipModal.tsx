// The Reactivate your Membership modal (docs/product/1-product-screens-membership-header-search.md
// §2, §4, §9): the charge text and the card on file, a confirm button disabled while the
// membership loads, while the request runs and after success; on success a conversion event
// and a reload; on failure "We couldn't process your request, please try again."
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { formatDate } from '../../../shared/format.ts';
import type { MembershipPlanType } from '../../../shared/membership/plans.ts';
import { cardText, money, reactivationChargeText, REQUEST_FAILED_TEXT } from './membership-text.ts';
import { queueMembershipToast } from './membership-toasts.ts';
import { ReactivateMembershipModalQuery, UncancelMembershipMutation } from './ReactivateMembership.graphql.ts';
import { flush, track } from '../../events/event-queue.ts';

export function ReactivateMembershipModal({ onClose }: { onClose: () => void }) {
  const [result] = useQuery({ query: ReactivateMembershipModalQuery, requestPolicy: 'network-only' });
  const [mutation, uncancel] = useMutation(UncancelMembershipMutation);
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const membership = result.data?.viewer?.membership ?? null;
  const loading = result.fetching || !result.data;

  useEffect(() => {
    dialogRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const confirm = async () => {
    if (!membership) return;
    setFailed(false);
    const answer = await uncancel({ membershipId: membership.id });
    if (answer.data?.uncancelMembership.__typename === 'MutationSuccess') {
      setDone(true);
      // The conversion (docs/product/1-… §4) goes out before the reload; kept queued if that send fails.
      track('membership.reactivated', { membershipId: membership.id });
      queueMembershipToast('REACTIVATED');
      await flush(true);
      window.location.reload();
      return;
    }
    setFailed(true);
  };

  return (
    <div className="modal-backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div className="modal reactivate-modal" role="dialog" aria-modal="true" aria-labelledby="reactivate-title" tabIndex={-1} ref={dialogRef} data-testid="reactivate-modal">
        <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
        <h2 id="reactivate-title" className="modal-title">
          Reactivate your Membership
        </h2>
        {membership ? (
          <>
            <p>Your benefits continue, and your next billing cycle starts on {formatDate(membership.currentPeriodEndsAt)}.</p>
            <p data-testid="reactivate-charge">
              {reactivationChargeText(
                money(membership.planV2.regularPrice),
                membership.plan as MembershipPlanType,
                membership.planV2.discount && membership.discountEndsAt !== null ? { price: money(membership.planV2.discount.price), endsAt: membership.discountEndsAt } : null,
              )}
            </p>
            {membership.paymentMethod ? <p className="muted" data-testid="reactivate-card">{cardText(membership.paymentMethod)}</p> : null}
          </>
        ) : loading ? (
          <p className="muted">Loading…</p>
        ) : null}
        {failed ? (
          <p className="form-error" role="alert">
            {REQUEST_FAILED_TEXT}
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="button button-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button-dark" disabled={loading || mutation.fetching || done || !membership?.canReactivate} onClick={confirm} data-testid="reactivate-confirm">
            Reactivate
          </button>
        </div>
      </div>
    </div>
  );
}
