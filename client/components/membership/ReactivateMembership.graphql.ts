import { graphql, known } from '../../app/graphql.ts';
import { PaymentMethod_text } from './payment-method.graphql.ts';
import { Membership_discountedPrice } from './membership-price.graphql.ts';

/**
 * The Reactivate your Membership modal's query: the viewer id and the membership fields of
 * docs/product/1-product-screens-membership-header-search.md §3.
 */
export const ReactivateMembershipModalQuery = known(graphql(`
  query ReactivateMembershipModalQuery {
    viewer {
      id
      membership {
        id
        plan
        amount
        currency
        isCancelled
        paymentProvider
        currentPeriodEndsAt
        ...Membership_discountedPrice
        canReactivate
        paymentMethod {
          ...PaymentMethod_text
        }
      }
    }
  }
`, [Membership_discountedPrice, PaymentMethod_text]));

export const UncancelMembershipMutation = known(graphql(`
  mutation UncancelMembership($membershipId: ID!) {
    uncancelMembership(membershipId: $membershipId) {
      __typename
      ... on MutationSuccess {
        success
      }
    }
  }
`));

/**
 * UseReactivateMembershipUpsellQuery (docs/product/1-product-screens-membership-header-search.md §7):
 * reads viewer.viewerEdge.membership.currentPeriodEndsAt; the membership banners
 * (MembershipBanners.tsx) read the state, tier and plan-switch rule beside it.
 */
export const UseReactivateMembershipUpsellQuery = known(graphql(`
  query UseReactivateMembershipUpsellQuery {
    viewer {
      id
      viewerEdge {
        id
        membership {
          id
          isCancelled
          state
          tier
          canSwitchPlan
          currentPeriodEndsAt
        }
      }
    }
  }
`));
