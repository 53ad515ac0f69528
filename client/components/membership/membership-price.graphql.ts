// The fields a price is drawn from, asked the same way by every screen that shows one
// (docs/adr/0115-discounts-are-discounted-cycles.md): a plan on offer, and a membership's
// discounted and regular price.
import { graphql, known } from '../../app/graphql.ts';

/** A plan on offer with its price and the discounts that apply to it (/plans, a writer's membership page). */
export const MembershipPlanOffer_price = known(graphql(`
  fragment MembershipPlanOffer_price on MembershipPlanOffer {
    membershipType
    tier
    interval
    discount {
      id
      numCycles
      endsAt
      price {
        amount
        currency
      }
    }
    discounts {
      id
      numCycles
      endsAt
      price {
        amount
        currency
      }
    }
    price {
      amount
      currency
    }
  }
`));

/** A membership's running discount and regular price (the manage page, the reactivation modal). */
export const Membership_discountedPrice = known(graphql(`
  fragment Membership_discountedPrice on Membership {
    discountEndsAt
    planV2 {
      discount {
        id
        numCycles
        price {
          amount
          currency
        }
      }
      regularPrice {
        amount
        currency
      }
    }
  }
`));
