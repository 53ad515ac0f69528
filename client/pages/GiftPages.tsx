// Gifts (docs/product/3-routes-data-calls-constants.md §2.8; docs/membership.md "Gifts"):
// /gift (landing for visitors, and the thank-you after a purchase), /gift-plans and
// /gift-checkout (signed in: choose a plan and the recipient's email, then pay), /group-gift,
// /redeem and /redeem-gift (check and redeem a code: VALID, ALREADY_USED, EXPIRED, NOT_FOUND).
import { useState } from 'react';
import type { ResultOf } from 'gql.tada';
import { isPlanType, type MembershipPlanType } from '../../shared/membership/plans.ts';
import { giftTypeFromParam, type GiftType } from '../../shared/urls/misc-urls.ts';
import { useAppState } from '../app/app-state.tsx';
import { Link, useNavigation } from '../app/navigation.tsx';
import { useViewerSession } from '../components/header/viewer-session.tsx';
import { CheckoutForm, CheckoutUnavailableNotice } from '../components/membership/CheckoutForm.tsx';
import { money, tierName } from '../components/membership/membership-text.ts';
import { GroupGiftQuery, MembershipPlansQuery } from './MembershipPages.graphql.ts';
import { formatDate } from '../../shared/format.ts';
import { GROUP_GIFT_MAX_RECIPIENTS } from '../../shared/membership/group-gift.ts';
import { RedeemGiftForm, sitePath } from '../components/membership/RedeemGiftForm.tsx';
import type { PageDefinition } from '../app/page-definition.ts';

type PlansData = ResultOf<typeof MembershipPlansQuery>;
const plansQuery = () => ({ query: MembershipPlansQuery, variables: {} });

/** The gift-membership page with giftCode and giftType (docs/product/3-routes-data-calls-constants.md §2.11): a received gift, to redeem. */
function ReceivedGift({ code, type }: { code: string; type: GiftType }) {
  const productName = useAppState().config.productName;
  return (
    <div className="membership-page gift-page" data-testid="gift-received">
      <h1 className="membership-heading">{type === 'group-gift' ? `A ${productName} membership, from a group gift` : `You've been given a ${productName} membership`}</h1>
      <p className="membership-lead">Redeem the gift code to read every story for the gifted period.</p>
      <Link href={`/redeem?code=${encodeURIComponent(code)}`} className="button button-dark" data-testid="gift-received-redeem" data-gift-type={type}>
        Redeem your gift
      </Link>
    </div>
  );
}

function GiftCheckout({ data, group }: { data: PlansData; group: boolean }) {
  const { isLoggedIn } = useViewerSession();
  const flags = useAppState().flags;
  const { location } = useNavigation();
  const search = new URLSearchParams(location.search);
  const receivedCode = search.get('giftCode');
  const receivedType = giftTypeFromParam(search.get('giftType'));
  if (receivedCode && receivedType) return <ReceivedGift code={receivedCode.slice(0, 64)} type={receivedType} />;
  const wanted = search.get('plan');
  const [plan, setPlan] = useState<MembershipPlanType>(isPlanType(wanted) ? wanted : 'YEARLY');
  const offers = data.membershipPlans;
  // disable_lite_gift_page turns this page off (the avatar menu hides its "Gift a membership" item too).
  if (flags.includes('disable_lite_gift_page')) {
    return (
      <div className="membership-page gift-page">
        <h1 className="membership-heading">Gift memberships are not available right now</h1>
        <Link href="/" className="button button-outline">
          Back to reading
        </Link>
      </div>
    );
  }
  return (
    <div className="membership-page gift-page">
      <h1 className="membership-heading">{group ? 'Gift memberships to a group' : 'Give the gift of reading'}</h1>
      <p className="membership-lead">The recipient gets an email with a gift code that unlocks every story for the gifted period.</p>
      {!isLoggedIn ? (
        <Link href="/m/signin?operation=login&redirect=%2Fgift-checkout" className="button button-dark">
          Sign in to give a gift
        </Link>
      ) : (
        <CheckoutForm
          kind="GIFT"
          plan={plan}
          testId="gift-form"
          fields={
            <>
              <fieldset className="gift-plans">
                <legend>Gift</legend>
                {offers.map((offer) => (
                  <label key={offer.membershipType} className="gift-plan">
                    <input type="radio" name="giftPlan" value={offer.membershipType} checked={plan === offer.membershipType} onChange={() => setPlan(offer.membershipType as MembershipPlanType)} />
                    {tierName(offer.membershipType as MembershipPlanType)}, one {offer.interval}: {money(offer.price)}
                  </label>
                ))}
              </fieldset>
              <label className="gift-field">
                Recipient's email
                <input type="email" name="recipientEmail" required maxLength={320} autoComplete="off" data-testid="gift-recipient" />
              </label>
              <CheckoutUnavailableNotice />
              {search.get('error') === 'email' ? (
                <p className="form-error" role="alert">
                  Enter the recipient's email address.
                </p>
              ) : null}
            </>
          }
        >
          <button type="submit" className="button button-dark" data-testid="gift-continue">
            Continue to payment
          </button>
        </CheckoutForm>
      )}
    </div>
  );
}

export const giftMembershipPage: PageDefinition<PlansData> = {
  query: plansQuery,
  title: (_data, state) => `Gift a membership – ${state.config.productName}`,
  Component: ({ data }) => <GiftCheckout data={data} group={false} />,
};

type GroupGiftData = ResultOf<typeof GroupGiftQuery>;

/**
 * /group-gift (gift type 31, docs/adr/0121-group-gifts.md): one purchase, a membership for each
 * recipient; each gets their own code by mail. The giver sees which were redeemed.
 */
function GroupGiftCheckout({ data }: { data: GroupGiftData }) {
  const { isLoggedIn } = useViewerSession();
  const flags = useAppState().flags;
  const { location } = useNavigation();
  const search = new URLSearchParams(location.search);
  const wanted = search.get('plan');
  const [plan, setPlan] = useState<MembershipPlanType>(isPlanType(wanted) ? wanted : 'YEARLY');
  const purchased = isPlanType(search.get('purchased'));
  if (flags.includes('disable_lite_gift_page')) {
    return (
      <div className="membership-page gift-page">
        <h1 className="membership-heading">Gift memberships are not available right now</h1>
        <Link href="/" className="button button-outline">
          Back to reading
        </Link>
      </div>
    );
  }
  return (
    <div className="membership-page gift-page" data-testid="group-gift">
      {purchased ? (
        <>
          <h1 className="membership-heading">Your group gift is on its way</h1>
          <p className="membership-lead">We emailed each recipient a gift code of their own.</p>
        </>
      ) : (
        <>
          <h1 className="membership-heading">Gift memberships to a group</h1>
          <p className="membership-lead">Each recipient gets a gift code of their own by email. You pay for one membership per recipient.</p>
        </>
      )}
      {!isLoggedIn ? (
        <Link href="/m/signin?operation=login&redirect=%2Fgroup-gift" className="button button-dark">
          Sign in to give a gift
        </Link>
      ) : purchased ? null : (
        <CheckoutForm
          kind="GIFT"
          plan={plan}
          testId="group-gift-form"
          fields={
            <>
              <fieldset className="gift-plans">
                <legend>Gift for each recipient</legend>
                {data.membershipPlans.map((offer) => (
                  <label key={offer.membershipType} className="gift-plan">
                    <input type="radio" name="giftPlan" value={offer.membershipType} checked={plan === offer.membershipType} onChange={() => setPlan(offer.membershipType as MembershipPlanType)} />
                    {tierName(offer.membershipType as MembershipPlanType)}, one {offer.interval}: {money(offer.price)} each
                  </label>
                ))}
              </fieldset>
              <label className="gift-field">
                Recipients' emails, one a line (2 to {GROUP_GIFT_MAX_RECIPIENTS})
                <textarea name="recipientEmails" required rows={5} maxLength={8000} autoComplete="off" data-testid="group-gift-recipients" />
              </label>
              <CheckoutUnavailableNotice />
              {search.get('error') === 'emails' ? (
                <p className="form-error" role="alert">
                  Enter between 2 and {GROUP_GIFT_MAX_RECIPIENTS} email addresses, one a line.
                </p>
              ) : null}
            </>
          }
        >
          <button type="submit" className="button button-dark" data-testid="group-gift-continue">
            Continue to payment
          </button>
        </CheckoutForm>
      )}
      {data.groupGifts && data.groupGifts.length > 0 ? (
        <section className="group-gifts" aria-labelledby="group-gifts-title">
          <h2 id="group-gifts-title" className="membership-subheading">
            Your group gifts
          </h2>
          {data.groupGifts.map((gift) => (
            <div key={gift.id} className="group-gift" data-testid="group-gift-purchase">
              <p className="muted">
                {tierName(gift.membershipType as MembershipPlanType)}, {gift.recipients.length} memberships, given {formatDate(gift.createdAt)} ·{' '}
                {gift.recipients.filter((r) => r.redeemedAt !== null).length} of {gift.recipients.length} redeemed
              </p>
              <ul className="group-gift-recipients">
                {gift.recipients.map((recipient) => (
                  <li key={recipient.email} data-redeemed={recipient.redeemedAt !== null}>
                    {recipient.email}: {recipient.redeemedAt !== null ? `redeemed on ${formatDate(recipient.redeemedAt)}` : 'not redeemed yet'}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ) : null}
    </div>
  );
}

export const groupGiftMembershipPage: PageDefinition<GroupGiftData> = {
  query: () => ({ query: GroupGiftQuery, variables: {} }),
  title: (_data, state) => `Group gift – ${state.config.productName}`,
  Component: ({ data }) => <GroupGiftCheckout data={data} />,
};

export const giftLandingPage: PageDefinition<PlansData> = {
  query: plansQuery,
  title: (_data, state) => `Gift a membership – ${state.config.productName}`,
  Component: function GiftLanding({ data }) {
    const productName = useAppState().config.productName;
    const { location } = useNavigation();
    const purchased = new URLSearchParams(location.search).get('purchased');
    if (isPlanType(purchased)) {
      return (
        <div className="membership-page" data-testid="gift-purchased">
          <h1 className="membership-heading">Your gift is on its way</h1>
          <p className="membership-lead">We emailed the gift code to the recipient. Thank you for giving {productName}.</p>
          <Link href="/gift-checkout" className="button button-outline">
            Give another gift
          </Link>
        </div>
      );
    }
    const yearly = data.membershipPlans.find((o) => o.membershipType === 'YEARLY');
    return (
      <div className="membership-page membership-landing">
        <h1 className="membership-heading">Give the gift of {productName}</h1>
        <p className="membership-lead">A year of unlimited reading{yearly ? ` for ${money(yearly.price)}` : ''}, delivered by email.</p>
        <Link href="/gift-checkout" className="button button-dark button-large">
          Give a gift
        </Link>
        <Link href="/redeem" className="button button-outline">
          Redeem a gift
        </Link>
      </div>
    );
  },
};

export const redeemGiftPage: PageDefinition = {
  title: (_data, state) => `Redeem a gift – ${state.config.productName}`,
  Component: function RedeemGift() {
    const { isLoggedIn } = useViewerSession();
    const { location } = useNavigation();
    const search = new URLSearchParams(location.search);
    const code = search.get('code') ?? '';
    const from = sitePath(search.get('from'));
    const here = `/redeem?${new URLSearchParams({ ...(code ? { code } : {}), ...(from ? { from } : {}) }).toString()}`;
    return (
      <div className="membership-page" data-testid="redeem-gift">
        <h1 className="membership-heading">Redeem your gift</h1>
        {!isLoggedIn ? (
          <>
            <p className="membership-lead">Sign in or create an account to redeem your gift code.</p>
            <Link href={`/m/signin?operation=register&redirect=${encodeURIComponent(here)}`} className="button button-dark">
              Sign up to redeem
            </Link>
          </>
        ) : (
          <RedeemGiftForm initialCode={code} from={from} />
        )}
      </div>
    );
  },
};
