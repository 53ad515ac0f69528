import { graphql, known } from '../../app/graphql.ts';
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
          __typename
          ... on CreditCard {
            cardType
            lastFour
            expirationMonth
            expirationYear
          }
          ... on ApplePayCard {
            cardType
            lastFour
            expirationMonth
            expirationYear
          }
          ... on GooglePayCard {
            cardType
            lastFour
            expirationMonth
            expirationYear
          }
          ... on PaypalAccount {
            payerIdLastFour
          }
        }
      }
    }
  }
`, [Membership_discountedPrice]));

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
