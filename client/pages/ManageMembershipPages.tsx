// The member's own pages (docs/product/3-routes-data-calls-constants.md §2.6, §2.8):
// /manage-membership (and its confirmation), /me/settings/payment/update, /me/membership/cancel,
// /me/billing-history/receipt/{chargeId}. Plan, price, the card text of
// docs/product/1-product-screens-membership-header-search.md §9, the next charge; cancelling keeps
// the benefits until currentPeriodEndsAt; a cancelled member can reactivate (the modal of
// docs/product/1-product-screens-membership-header-search.md §4).
import { useState } from 'react';
import { useMutation } from 'urql';
import type { ResultOf } from 'gql.tada';
import { formatDate } from '../../shared/format.ts';
import type { MembershipPlanType } from '../../shared/membership/plans.ts';
import { canSwitchPlanTo } from '../../shared/membership/premium-tier.ts';
import { useAppState } from '../app/app-state.tsx';
import { Link, useNavigation } from '../app/navigation.tsx';
import { CheckoutForm, CheckoutUnavailableNotice } from '../components/membership/CheckoutForm.tsx';
import { cardText, chargeMethodText, discountText, money, periodWord, receiptDescription, REQUEST_FAILED_TEXT, tierName } from '../components/membership/membership-text.ts';
import { ReactivateMembershipModal } from '../components/membership/ReactivateMembershipModal.tsx';
import { queueMembershipToast } from '../components/membership/membership-toasts.ts';
import { useQueuedMembershipToast } from '../components/membership/use-membership-toast.ts';
import {
  CANCELLATION_REASON_TEXT,
  CANCELLATION_REASONS,
  RETENTION_OFFER_HEADING,
  RETENTION_OFFER_TEXT,
  type CancellationReason,
} from '../../shared/membership/cancellation.ts';
import { useToast } from '../components/toasts/ToastProvider.tsx';
import { AcceptRetentionOfferMutation, BillingReceiptQuery, CancelMembershipMutation, ManageMembershipQuery, UpdateMembershipPlanMutation } from './MembershipPages.graphql.ts';
import type { PageDefinition } from '../app/page-definition.ts';

type ManageData = ResultOf<typeof ManageMembershipQuery>;
type Membership = NonNullable<NonNullable<ManageData['viewer']>['membership']>;

const manageQuery = () => ({ query: ManageMembershipQuery, variables: {} });

function NoMembership() {
  return (
    <div className="membership-page">
      <h1 className="membership-heading">You are not a member</h1>
      <p className="membership-lead">Become a member to read every story and support the writers you read.</p>
      <Link href="/plans" className="button button-dark">
        See plans
      </Link>
    </div>
  );
}

function SignInFirst() {
  return (
    <div className="membership-page">
      <h1 className="membership-heading">Sign in to manage your membership</h1>
      <Link href="/m/signin?redirect=%2Fmanage-membership" className="button button-dark">
        Sign in
      </Link>
    </div>
  );
}

/** A cycle starting before the discount ends costs the discounted price; later ones the regular price. */
function nextChargePrice(membership: Membership, at: number): { amount: number; currency: string } {
  const discount = membership.planV2.discount;
  return discount && membership.discountEndsAt !== null && at < membership.discountEndsAt ? discount.price : membership.planV2.regularPrice;
}

function statusText(membership: Membership): string {
  switch (membership.state) {
    case 'ACTIVE':
      return membership.nextChargeAt
        ? `Your next charge of ${money(membership.switchPlanSchedule?.plan.price ?? nextChargePrice(membership, membership.nextChargeAt))} is on ${formatDate(membership.nextChargeAt)}.`
        : `Your membership runs until ${formatDate(membership.currentPeriodEndsAt)}.`;
    case 'CANCELLED':
      return `Your membership is cancelled. You keep your benefits until ${formatDate(membership.currentPeriodEndsAt)}.`;
    case 'PAYMENT_FAILED':
      // A renewal waiting for 3-D Secure was not declined: it waits for the member (docs/adr/0188-renewal-needing-authentication.md).
      if (membership.paymentActionUrl) return 'Your bank asks you to confirm your last payment. Confirm it to keep reading member-only stories.';
      return 'Your last payment failed. Update your payment method to keep reading member-only stories.';
    case 'GRACE_EXPIRED':
      return 'Your last payment failed and member-only stories are locked. Update your payment method to retry the charge.';
    default:
      return `Your membership ended on ${formatDate(membership.currentPeriodEndsAt)}.`;
  }
}

/** Plan switch (docs/product/1-product-screens-membership-header-search.md §4): scheduled for the period's end. */
function SwitchPlan({ data, membership }: { data: ManageData; membership: Membership }) {
  const [result, update] = useMutation(UpdateMembershipPlanMutation);
  const { showToast } = useToast();
  const [failed, setFailed] = useState<string | null>(null);
  const flags = new Set(useAppState().flags);
  const choose = async (membershipType: MembershipPlanType) => {
    setFailed(null);
    const answer = await update({ membershipId: membership.id, membershipType });
    if (answer.data?.updateMembershipPlan.__typename === 'UpdateMembershipPlanSuccess') {
      queueMembershipToast('PLAN_SWITCHED');
      window.location.assign(`/manage-membership/confirmation/${membershipType}`);
      return;
    }
    const outcome = answer.data?.updateMembershipPlan;
    // The processor down: trying again later may work (docs/outcomes.md ServiceUnavailable).
    if (outcome?.__typename === 'ServiceUnavailable') showToast({ style: 'RETRYABLE_ERROR', message: outcome.message });
    setFailed(outcome && 'message' in outcome ? outcome.message : REQUEST_FAILED_TEXT);
  };
  return (
    <section className="membership-switch" aria-label="Switch plan">
      <h2 className="membership-subheading">Switch plan</h2>
      <p className="muted">The new plan starts when your current period ends, on {formatDate(membership.currentPeriodEndsAt)}.</p>
      <div className="membership-actions">
        {data.membershipPlans
          .filter((offer) => canSwitchPlanTo(membership.plan as MembershipPlanType, offer.membershipType as MembershipPlanType, flags))
          .map((offer) => {
            const type = offer.membershipType as MembershipPlanType;
            return (
              <button key={type} type="button" className="button button-outline" disabled={result.fetching} onClick={() => choose(type)} data-testid={`switch-${type}`}>
                {tierName(type)}, {periodWord(type)}: {money(offer.price)}
              </button>
            );
          })}
      </div>
      {failed ? (
        <p className="form-error" role="alert">
          {failed}
        </p>
      ) : null}
    </section>
  );
}

/** The manage pages are in the basic layout (no header): their own way back to reading. */
function BackToReading() {
  return (
    <p className="membership-back">
      <Link href="/" data-testid="back-to-reading">
        ← Back to reading
      </Link>
    </p>
  );
}

function ManageMembership({ data, confirmation }: { data: ManageData; confirmation: boolean }) {
  const { location } = useNavigation();
  const [reactivating, setReactivating] = useState(false);
  // Cancel, reactivation and plan switch end here in a page load: their toast shows on this page.
  useQueuedMembershipToast();
  if (!data.viewer) return <SignInFirst />;
  const membership = data.viewer.membership;
  if (!membership) return <NoMembership />;
  // A scheduled switch wins over the current type.
  const schedule = membership.switchPlanSchedule;
  const plan = (schedule?.plan.membershipType ?? membership.plan) as MembershipPlanType;
  const price = schedule ? money(schedule.plan.price) : money(membership.planV2.regularPrice);
  // A running discount (docs/product/1-product-screens-membership-header-search.md §9): its price
  // until it ends, then the regular one.
  const discount = !schedule && membership.planV2.discount && membership.discountEndsAt !== null ? membership.planV2.discount : null;
  const cardUpdated = new URLSearchParams(location.search).get('card') === 'updated';
  const ended = membership.state === 'ENDED';
  return (
    <div className="membership-page manage-membership" data-testid="manage-membership">
      <BackToReading />
      <h1 className="membership-heading">{confirmation ? 'Your membership is updated' : 'Manage membership'}</h1>
      {cardUpdated ? <p role="status" className="membership-notice">Your payment method was updated.</p> : null}
      <dl className="membership-facts">
        <dt>Plan</dt>
        <dd data-testid="membership-plan">
          {tierName(plan)}, {periodWord(plan)} {membership.paymentProvider === 'MEDIUM_GIFT' ? '(gift)' : `· ${price}`}
        </dd>
        {discount ? (
          <>
            <dt>Offer</dt>
            <dd data-testid="membership-discount">{discountText(discount, membership.planV2.regularPrice, periodWord(plan) === 'annually' ? 'year' : 'month', membership.discountEndsAt!)}</dd>
          </>
        ) : null}
        <dt>Member since</dt>
        <dd>{formatDate(membership.memberSince)}</dd>
        {membership.paymentMethod ? (
          <>
            <dt>Payment method</dt>
            <dd data-testid="membership-card">{cardText(membership.paymentMethod)}</dd>
          </>
        ) : null}
      </dl>
      <p data-testid="membership-status">{statusText(membership)}</p>
      {membership.paymentActionUrl ? (
        <p role="alert" data-testid="membership-payment-action">
          Your renewal waits for your bank&apos;s confirmation (3-D Secure). Nothing more is charged until you confirm it.{' '}
          <a href={membership.paymentActionUrl} className="button button-dark button-small">
            Confirm your payment
          </a>
        </p>
      ) : null}
      {schedule ? (
        <p data-testid="membership-switch-scheduled">
          Your plan switches to {tierName(plan)}, {periodWord(plan)} ({price}) on {formatDate(schedule.startAt)}.
        </p>
      ) : membership.canSwitchPlan && membership.state === 'ACTIVE' ? (
        <SwitchPlan data={data} membership={membership} />
      ) : null}
      <div className="membership-actions">
        {membership.canReactivate ? (
          <button type="button" className="button button-dark" onClick={() => setReactivating(true)} data-testid="open-reactivate">
            Reactivate Membership
          </button>
        ) : null}
        {membership.paymentProvider === 'STRIPE' && !ended ? (
          <Link href="/me/settings/payment/update" className="button button-outline">
            Update payment method
          </Link>
        ) : null}
        {membership.canCancel ? (
          <Link href="/me/membership/cancel" className="button button-outline" data-testid="cancel-link">
            Cancel membership
          </Link>
        ) : null}
        {ended ? (
          <Link href="/plans" className="button button-dark">
            Become a member again
          </Link>
        ) : null}
      </div>
      {data.billingHistory && data.billingHistory.length > 0 ? <Receipts charges={data.billingHistory} /> : null}
      {reactivating ? <ReactivateMembershipModal onClose={() => setReactivating(false)} /> : null}
    </div>
  );
}

/** The member's receipts, newest first, each opening its receipt page. */
function Receipts({ charges }: { charges: NonNullable<ManageData['billingHistory']> }) {
  return (
    <section className="membership-receipts" aria-label="Receipts">
      <h2 className="membership-subheading">Receipts</h2>
      <ul className="membership-receipt-list">
        {charges.map((charge) => (
          <li key={charge.id} data-testid="receipt-row">
            <Link href={`/me/billing-history/receipt/${charge.id}`}>{formatDate(charge.createdAt)}</Link> · {receiptDescription(charge)} · {money(charge.price)}
            {charge.status === 'SUCCEEDED' ? '' : ' · Payment failed'}
          </li>
        ))}
      </ul>
    </section>
  );
}

export const manageMembershipPage: PageDefinition<ManageData> = {
  query: manageQuery,
  title: (_data, state) => `Manage membership – ${state.config.productName}`,
  Component: ({ data }) => <ManageMembership data={data} confirmation={false} />,
};

export const manageMembershipConfirmationPage: PageDefinition<ManageData> = {
  query: manageQuery,
  title: (_data, state) => `Membership updated – ${state.config.productName}`,
  Component: ({ data }) => <ManageMembership data={data} confirmation />,
};

export const updatePaymentPage: PageDefinition<ManageData> = {
  query: manageQuery,
  title: (_data, state) => `Update payment method – ${state.config.productName}`,
  Component: function UpdatePayment({ data }) {
    if (!data.viewer) return <SignInFirst />;
    const membership = data.viewer.membership;
    if (!membership || membership.paymentProvider !== 'STRIPE') return <NoMembership />;
    return (
      <div className="membership-page">
        <h1 className="membership-heading">Update payment method</h1>
        {membership.paymentMethod ? <p>Current card: {cardText(membership.paymentMethod)}</p> : null}
        {membership.paymentFailedAt !== null ? <p role="status">Your last payment failed. The new card is charged at once for it.</p> : null}
        <CheckoutUnavailableNotice />
        <CheckoutForm kind="PAYMENT_METHOD" testId="update-card-form">
          <button type="submit" className="button button-dark">
            Enter a new card
          </button>
        </CheckoutForm>
      </div>
    );
  },
};

/**
 * Cancelling (docs/adr/0120-cancellation-reasons-and-retention-offer.md): the member says why (the
 * reasons of docs/product/3-routes-data-calls-constants.md §4), may be offered the retention offer,
 * and confirms. The reason is recorded with the cancellation, or with the offer taken.
 */
function CancelMembership({ data }: { data: ManageData }) {
  const { navigate } = useNavigation();
  const [result, cancel] = useMutation(CancelMembershipMutation);
  const { showToast } = useToast();
  const [offerResult, acceptOffer] = useMutation(AcceptRetentionOfferMutation);
  const [reason, setReason] = useState<CancellationReason | null>(null);
  const [step, setStep] = useState<'reason' | 'offer' | 'confirm'>('reason');
  const [failed, setFailed] = useState<string | null>(null);
  if (!data.viewer) return <SignInFirst />;
  const membership = data.viewer.membership;
  if (!membership || !membership.canCancel) return <NothingToCancel membership={membership ?? null} />;
  const offered = membership.retentionOffer === 'FIFTY_PERCENT_OFF_ONE_YEAR';
  const busy = result.fetching || offerResult.fetching;
  const next = () => {
    if (!reason) {
      setFailed('Choose one of the reasons in the list.');
      return;
    }
    setFailed(null);
    setStep(offered ? 'offer' : 'confirm');
  };
  const confirm = async () => {
    if (!reason) return;
    setFailed(null);
    const answer = await cancel({ membershipId: membership.id, reason });
    if (answer.data?.cancelMembership.__typename === 'MutationSuccess') {
      // A full load: every cached view of the membership (menu, banners) starts fresh.
      queueMembershipToast('CANCELLED');
      window.location.assign('/manage-membership');
      return;
    }
    const outcome = answer.data?.cancelMembership;
    if (outcome?.__typename === 'ServiceUnavailable') showToast({ style: 'RETRYABLE_ERROR', message: outcome.message });
    setFailed(outcome && 'message' in outcome ? outcome.message : REQUEST_FAILED_TEXT);
  };
  const stay = async () => {
    if (!reason) return;
    setFailed(null);
    const answer = await acceptOffer({ membershipId: membership.id, reason });
    if (answer.data?.acceptRetentionOffer.__typename === 'MutationSuccess') {
      queueMembershipToast('RETENTION_OFFER_ACCEPTED');
      window.location.assign('/manage-membership');
      return;
    }
    const outcome = answer.data?.acceptRetentionOffer;
    setFailed(outcome && 'message' in outcome ? outcome.message : REQUEST_FAILED_TEXT);
  };
  const error = failed ? (
    <p className="form-error" role="alert">
      {failed}
    </p>
  ) : null;
  const keep = (
    <button type="button" className="button button-outline" onClick={() => navigate('/manage-membership')}>
      Keep membership
    </button>
  );
  if (step === 'reason') {
    return (
      <div className="membership-page" data-testid="cancel-membership" data-step="reason">
        <h1 className="membership-heading">Why are you cancelling?</h1>
        <p>Your answer helps us make membership better.</p>
        <fieldset className="cancel-reasons">
          <legend className="visually-hidden">Reason for cancelling</legend>
          {CANCELLATION_REASONS.map((value) => (
            <label key={value} className="cancel-reason">
              <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
              {CANCELLATION_REASON_TEXT[value]}
            </label>
          ))}
        </fieldset>
        {error}
        <div className="membership-actions">
          <button type="button" className="button button-dark" onClick={next} data-testid="cancel-continue">
            Continue
          </button>
          {keep}
        </div>
      </div>
    );
  }
  if (step === 'offer') {
    return (
      <div className="membership-page" data-testid="cancel-membership" data-step="offer">
        <h1 className="membership-heading">{RETENTION_OFFER_HEADING}</h1>
        <p>{RETENTION_OFFER_TEXT}</p>
        {error}
        <div className="membership-actions">
          <button type="button" className="button button-dark" disabled={busy} onClick={stay} data-testid="accept-offer">
            Stay for half price
          </button>
          <button type="button" className="button button-outline" disabled={busy} onClick={() => setStep('confirm')} data-testid="decline-offer">
            No thanks, continue cancelling
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="membership-page" data-testid="cancel-membership" data-step="confirm">
      <h1 className="membership-heading">Cancel your membership?</h1>
      <p>You keep every member benefit until {formatDate(membership.currentPeriodEndsAt)}. After that you will not be charged again.</p>
      {error}
      <div className="membership-actions">
        <button type="button" className="button button-dark" disabled={busy} onClick={confirm} data-testid="confirm-cancel">
          Cancel membership
        </button>
        {keep}
      </div>
    </div>
  );
}

/** A membership with nothing to cancel: a gift runs out by itself, a cancelled one is already ending. */
function NothingToCancel({ membership }: { membership: Membership | null }) {
  if (!membership || membership.state === 'ENDED' || membership.state === 'GRACE_EXPIRED') return <NoMembership />;
  return (
    <div className="membership-page" data-testid="cancel-membership" data-step="none">
      <h1 className="membership-heading">Nothing to cancel</h1>
      <p>
        {membership.paymentProvider === 'MEDIUM_GIFT'
          ? `Your gift membership ends on ${formatDate(membership.currentPeriodEndsAt)}. You are never charged for it.`
          : statusText(membership)}
      </p>
      <div className="membership-actions">
        <Link href="/manage-membership" className="button button-outline">
          Manage membership
        </Link>
      </div>
    </div>
  );
}

export const cancelMembershipPage: PageDefinition<ManageData> = {
  query: manageQuery,
  title: (_data, state) => `Cancel membership – ${state.config.productName}`,
  Component: CancelMembership,
};

type ReceiptData = ResultOf<typeof BillingReceiptQuery>;

export const billingReceiptPage: PageDefinition<ReceiptData> = {
  query: (params) => ({ query: BillingReceiptQuery, variables: { chargeId: params.chargeId ?? '' } }),
  status: (data) => (data.billingReceipt ? 200 : 404),
  title: (_data, state) => `Receipt – ${state.config.productName}`,
  Component: function BillingReceipt({ data }) {
    const charge = data.billingReceipt;
    if (!charge) {
      return (
        <div className="membership-page">
          <h1 className="membership-heading">Receipt not found</h1>
        </div>
      );
    }
    return (
      <div className="membership-page receipt" data-testid="receipt">
        <h1 className="membership-heading">Receipt</h1>
        <dl className="membership-facts">
          <dt>Date</dt>
          <dd>{formatDate(charge.createdAt)}</dd>
          <dt>Description</dt>
          <dd>{receiptDescription(charge)}</dd>
          <dt>Amount</dt>
          <dd>{money(charge.price)}</dd>
          <dt>Status</dt>
          <dd>{charge.status === 'SUCCEEDED' ? 'Paid' : 'Payment failed'}</dd>
          {chargeMethodText(charge) ? (
            <>
              <dt>{charge.paymentMethodKind && charge.paymentMethodKind !== 'CreditCard' ? 'Paid with' : 'Card'}</dt>
              <dd data-testid="receipt-method">{chargeMethodText(charge)}</dd>
            </>
          ) : null}
          <dt>Receipt number</dt>
          <dd>{charge.id}</dd>
        </dl>
      </div>
    );
  },
};
