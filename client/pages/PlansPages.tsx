// The membership pages a visitor meets on the way in (docs/product/3-routes-data-calls-constants.md
// §2.8): /plans (also /upgrade, /payment), /get-started/plans, /plans/confirmation/{membershipType},
// /membership (landing) and /welcome-member. Prices come from the membershipPlans query, which
// reads configuration; choosing a plan POSTs its name (CheckoutForm), never an amount.
import { useEffect, useState, type ReactNode } from 'react';
import { isPlanType, type MembershipPlanType } from '../../shared/membership/plans.ts';
import { formatDate } from '../../shared/format.ts';
import { useAppState } from '../app/app-state.tsx';
import { Link, useNavigation } from '../app/navigation.tsx';
import { CheckoutForm, CheckoutUnavailableNotice } from '../components/membership/CheckoutForm.tsx';
import { discountText, money, tierName } from '../components/membership/membership-text.ts';
import { DISCOUNT_NOT_APPLICABLE_MESSAGE, DISCOUNT_REFUSED_PARAM, discountName, UNKNOWN_DISCOUNT_MESSAGE } from '../../shared/membership/discount-text.ts';
import { Avatar } from '../components/Avatar.tsx';
import { forgetOffer, rememberOffer } from '../components/membership/remembered-offer.ts';
import { UnavailableProfile } from '../components/profiles/profile-parts.tsx';
import { profileLookup } from '../components/profiles/profile-pages.ts';
import { ManageMembershipQuery, MembershipPlansQuery, WriterMembershipPageQuery } from './MembershipPages.graphql.ts';
import type { PageDefinition, PageProps } from '../app/page-definition.ts';
import type { ResultOf } from 'gql.tada';

type PlansData = ResultOf<typeof MembershipPlansQuery>;
type Offer = PlansData['membershipPlans'][number];
type OfferDiscount = NonNullable<Offer['discount']>;

const BENEFITS: Record<'MEMBER' | 'FRIEND', string[]> = {
  MEMBER: ['Read member-only stories', 'Support writers you read most', 'Listen to audio narrations', 'Read offline with the app'],
  FRIEND: ['All Member benefits', 'Give 4x more to the writers you read', 'Share member-only stories with anyone', 'Friend badge on your profile'],
};

function PlanCard({ offer, selected, running, discount }: { offer: Offer; selected: boolean; running: boolean; discount: OfferDiscount | null }) {
  const tier = tierName(offer.membershipType as MembershipPlanType);
  return (
    <section className={`plan-card${selected ? ' plan-card-selected' : ''}`} aria-label={`${tier} ${offer.interval === 'year' ? 'yearly' : 'monthly'}`} data-plan={offer.membershipType}>
      <h2 className="plan-card-tier">{tier}</h2>
      <p className="plan-card-price">
        <span data-testid="plan-price">{money(offer.price)}</span>/{offer.interval}
      </p>
      {discount && !running ? (
        <p className="plan-card-offer" data-testid="plan-offer">
          {discountText(discount, offer.price, offer.interval, discount.endsAt)}
        </p>
      ) : null}
      <ul className="plan-card-benefits">
        {BENEFITS[offer.tier as 'MEMBER' | 'FRIEND'].map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      {running ? (
        <Link href="/manage-membership" className="button button-outline">
          Manage membership
        </Link>
      ) : (
        <CheckoutForm kind="MEMBERSHIP" plan={offer.membershipType} discountId={running ? null : discount?.id}>
          <button type="submit" className="button button-dark" data-testid={`choose-${offer.membershipType}`}>
            {selected ? 'Continue to payment' : `Become a ${tier}`}
          </button>
        </CheckoutForm>
      )}
    </section>
  );
}

function Plans({
  data,
  selected,
  heading,
  lead,
  intro,
  discountId,
}: {
  data: PlansData;
  selected: MembershipPlanType | null;
  heading: string;
  lead?: string;
  intro?: ReactNode;
  /** /discount: the offer its link names (else each plan's configured offer). */
  discountId?: string | null;
}) {
  const [period, setPeriod] = useState<'month' | 'year'>(selected && data.membershipPlans.find((o) => o.membershipType === selected)?.interval === 'year' ? 'year' : 'month');
  const state = data.viewer?.membership?.state;
  const running = state === 'ACTIVE' || state === 'CANCELLED' || state === 'PAYMENT_FAILED';
  const offers = data.membershipPlans.filter((offer) => offer.interval === period);
  return (
    <div className="membership-page">
      {intro}
      <h1 className="membership-heading">{heading}</h1>
      <p className="membership-lead">{lead ?? 'Unlimited access to every story, and the writers you read get paid.'}</p>
      <CheckoutUnavailableNotice />
      <div className="plan-period" role="radiogroup" aria-label="Billing period">
        {(['month', 'year'] as const).map((value) => (
          <button key={value} type="button" role="radio" aria-checked={period === value} className={`plan-period-option${period === value ? ' is-active' : ''}`} onClick={() => setPeriod(value)}>
            {value === 'month' ? 'Monthly' : 'Annual'}
          </button>
        ))}
      </div>
      <div className="plan-cards">
        {offers.map((offer) => (
          <PlanCard
            key={offer.membershipType}
            offer={offer}
            selected={offer.membershipType === selected}
            running={running}
            discount={discountId ? (offer.discounts.find((d) => d.id === discountId) ?? null) : offer.discount}
          />
        ))}
      </div>
    </div>
  );
}

const plansQuery = () => ({ query: MembershipPlansQuery, variables: {} });

export const plansPage: PageDefinition<PlansData> = {
  query: plansQuery,
  title: (_data, state) => `Membership plans – ${state.config.productName}`,
  // The page's own lead, for search engines and shared links.
  head: (_data, state) => ({ description: `Choose your ${state.config.productName} membership: unlimited access to every story, and the writers you read get paid.` }),
  Component: ({ data }) => <Plans data={data} selected={null} heading="Choose your membership" />,
};

/**
 * discount-plans (/discount?discountId=…): the plans under the offer a link names, in the words
 * of every price screen. An id that does not exist, or a checkout refused for its offer
 * (?discountRefused=…), is said plainly: nothing was charged, the plans are at their regular price.
 */
export const discountPlansPage: PageDefinition<PlansData> = {
  query: plansQuery,
  title: (_data, state) => `Membership offer – ${state.config.productName}`,
  Component: function DiscountPlans({ data }) {
    const { location } = useNavigation();
    const search = new URLSearchParams(location.search);
    const discountId = search.get('discountId');
    const refused = search.get(DISCOUNT_REFUSED_PARAM);
    const name = discountName(discountId);
    const message = refused === 'not-applicable' ? DISCOUNT_NOT_APPLICABLE_MESSAGE : refused || (discountId !== null && !name) ? UNKNOWN_DISCOUNT_MESSAGE : null;
    // The banners and the menu go on offering what this link offered (docs/adr/0185-banners-carry-the-opened-offer.md);
    // an offer refused at checkout is forgotten, so no screen goes on promising it.
    useEffect(() => {
      if (name && !refused && discountId) rememberOffer(discountId);
      else if (refused) forgetOffer();
    }, [name, refused, discountId]);
    return (
      <Plans
        data={data}
        selected={null}
        heading={name && !refused ? `${name}` : 'Choose your membership'}
        discountId={name && !refused ? discountId : null}
        intro={
          message ? (
            <p className="form-error" role="alert" data-testid="discount-refused">
              {message}
            </p>
          ) : null
        }
      />
    );
  },
};

export const onboardingPlansPage: PageDefinition<PlansData> = {
  query: plansQuery,
  title: (_data, state) => `Choose a plan – ${state.config.productName}`,
  Component: ({ data }) => <Plans data={data} selected={null} heading="Get unlimited access" />,
};

export const plansConfirmationPage: PageDefinition<PlansData> = {
  query: plansQuery,
  status: () => 200,
  title: (_data, state) => `Confirm your plan – ${state.config.productName}`,
  Component: ({ data, params }: PageProps<PlansData>) => {
    const type = isPlanType(params.membershipType) ? params.membershipType : null;
    return <Plans data={data} selected={type} heading={type ? `Confirm your ${tierName(type)} membership` : 'Choose your membership'} />;
  },
};

export const membershipLandingPage: PageDefinition<PlansData> = {
  query: plansQuery,
  title: (_data, state) => `Membership – ${state.config.productName}`,
  Component: function MembershipLanding({ data }) {
    const productName = useAppState().config.productName;
    const monthly = data.membershipPlans.find((o) => o.membershipType === 'MONTHLY');
    return (
      <div className="membership-page membership-landing">
        <h1 className="membership-heading">Support human stories</h1>
        <p className="membership-lead">
          Become a {productName} member for {monthly ? `${money(monthly.price)}/month` : 'a small price'} and read every story, with no limits.
        </p>
        <Link href="/plans" className="button button-dark button-large" data-testid="landing-get-started">
          Get started
        </Link>
        <Link href="/gift" className="button button-outline">
          Give a gift membership
        </Link>
      </div>
    );
  },
};

type WriterMembershipData = ResultOf<typeof WriterMembershipPageQuery>;

/**
 * user-driven-membership-promotion (/@{username}/membership, /membership/@{username}): a writer's
 * invitation to membership, where their paywall's "Support" link leads. The plans are the same as
 * /plans; the page says truthfully what the writer gets: members' fees are shared by reading
 * time (docs/partner-program.md), so a member supports the writer by reading them
 * (docs/membership.md "A writer's membership page"). 404 for an unknown writer, 410 for a
 * suspended or deleted one, like their profile.
 */
export const writerMembershipPage: PageDefinition<WriterMembershipData> = {
  query: (params) => ({ query: WriterMembershipPageQuery, variables: profileLookup(params) }),
  // As the writer's profile: 404 unknown, 410 deleted or suspended.
  status: (data) => (data.userResult.__typename === 'User' ? 200 : data.userResult.__typename === 'NotFound' ? 404 : 410),
  title: (data, state) =>
    data?.userResult.__typename === 'User' ? `Support ${data.userResult.name} – ${state.config.productName}` : `Membership – ${state.config.productName}`,
  Component: function WriterMembership({ data }) {
    const productName = useAppState().config.productName;
    const writer = data.userResult;
    if (writer.__typename !== 'User') return <UnavailableProfile result={writer} />;
    return (
      <Plans
        data={data}
        selected={null}
        heading={`Support ${writer.name}’s writing`}
        lead={`Become a ${productName} member: read every member-only story, and part of your membership goes to the writers you read — ${writer.name} included — for the time you spend with their stories.`}
        intro={
          <p className="writer-membership-writer" data-testid="writer-membership-writer">
            <Avatar name={writer.name} imageId={writer.imageId} size={64} />
          </p>
        }
      />
    );
  },
};

type ManageData = ResultOf<typeof ManageMembershipQuery>;

export const welcomeMemberPage: PageDefinition<ManageData> = {
  query: () => ({ query: ManageMembershipQuery, variables: {} }),
  title: (_data, state) => `Welcome – ${state.config.productName}`,
  Component: function WelcomeMember({ data }) {
    const productName = useAppState().config.productName;
    const { location } = useNavigation();
    const membership = data.viewer?.membership;
    const plan = new URLSearchParams(location.search).get('plan');
    const active = membership && (membership.state === 'ACTIVE' || membership.state === 'CANCELLED');
    return (
      <div className="membership-page membership-welcome" data-testid="welcome-member">
        {active ? (
          <>
            <h1 className="membership-heading">Welcome to {productName} membership</h1>
            <p className="membership-lead">
              You are a {tierName(membership.plan as MembershipPlanType)} now: every story is yours to read. Your membership renews on {formatDate(membership.currentPeriodEndsAt)}.
            </p>
          </>
        ) : (
          <>
            <h1 className="membership-heading">Thank you</h1>
            <p className="membership-lead" role="status">
              {plan ? 'Your payment is being confirmed; this page shows your membership as soon as it is.' : `Your ${productName} membership is not active.`}
            </p>
          </>
        )}
        <Link href="/" className="button button-dark">
          Start reading
        </Link>
      </div>
    );
  },
};
