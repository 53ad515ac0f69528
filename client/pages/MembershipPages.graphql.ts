import { UnavailableProfile_result } from '../components/profiles/profile-parts.graphql.ts';
import { graphql, known } from '../app/graphql.ts';
import { PaymentMethod_text } from '../components/membership/payment-method.graphql.ts';
import { MembershipPlanOffer_price, Membership_discountedPrice } from '../components/membership/membership-price.graphql.ts';

/** /plans, /get-started/plans, /plans/confirmation/{membershipType}, /membership, /gift-plans: prices from configuration. */
export const MembershipPlansQuery = known(graphql(`
  query MembershipPlansQuery {
    membershipPlans {
      ...MembershipPlanOffer_price
    }
    viewer {
      id
      membership {
        id
        state
        plan
      }
    }
  }
`, [MembershipPlanOffer_price]));

/**
 * /@{username}/membership and /membership/@{username}: the plans, as a writer's invitation to
 * membership (client/pages/PlansPages.tsx writerMembershipPage).
 */
export const WriterMembershipPageQuery = known(graphql(`
  query WriterMembershipPageQuery($username: String, $id: ID) {
    membershipPlans {
      ...MembershipPlanOffer_price
    }
    viewer {
      id
      membership {
        id
        state
        plan
      }
    }
    userResult: profileResult(username: $username, id: $id) {
      __typename
      ... on User {
        id
        name
        username
        imageId
        bio
      }
      ...UnavailableProfile_result
    }
  }
`, [UnavailableProfile_result, MembershipPlanOffer_price]));

/** /manage-membership, /welcome-member, /me/membership/cancel, /me/settings/payment/update. */
export const ManageMembershipQuery = known(graphql(`
  query ManageMembershipQuery {
    billingHistory {
      id
      kind
      membershipType
      status
      discountId
      createdAt
      price {
        amount
        currency
      }
    }
    membershipPlans {
      membershipType
      interval
      price {
        amount
        currency
      }
    }
    viewer {
      id
      name
      membership {
        id
        tier
        plan
        state
        isCancelled
        amount
        currency
        memberSince
        currentPeriodEndsAt
        paymentFailedAt
        paymentActionUrl
        paymentProvider
        nextChargeAt
        ...Membership_discountedPrice
        canReactivate
        canSwitchPlan
        canCancel
        retentionOffer
        paymentMethod {
          ...PaymentMethod_text
        }
        switchPlanSchedule {
          startAt
          plan {
            membershipType
            price {
              amount
              currency
            }
          }
        }
      }
    }
  }
`, [Membership_discountedPrice, PaymentMethod_text]));

export const BillingReceiptQuery = known(graphql(`
  query BillingReceiptQuery($chargeId: ID!) {
    billingReceipt(chargeId: $chargeId) {
      id
      kind
      membershipType
      status
      cardType
      lastFour
      paymentMethodKind
      discountId
      createdAt
      price {
        amount
        currency
      }
    }
    viewer {
      id
      name
    }
  }
`));

export const CancelMembershipMutation = known(graphql(`
  mutation CancelMembership($membershipId: ID!, $reason: CancellationReason!) {
    cancelMembership(membershipId: $membershipId, reason: $reason) {
      __typename
      ... on MutationSuccess {
        success
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
      ... on PaymentError {
        message
      }
      ... on ServiceUnavailable {
        message
      }
    }
  }
`));

export const AcceptRetentionOfferMutation = known(graphql(`
  mutation AcceptRetentionOffer($membershipId: ID!, $reason: CancellationReason!) {
    acceptRetentionOffer(membershipId: $membershipId, reason: $reason) {
      __typename
      ... on MutationSuccess {
        success
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
    }
  }
`));


export const UpdateMembershipPlanMutation = known(graphql(`
  mutation UpdateMembershipPlan($membershipId: ID!, $membershipType: MembershipPlan!) {
    updateMembershipPlan(membershipId: $membershipId, membershipType: $membershipType) {
      __typename
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
      ... on PaymentError {
        message
      }
      ... on ServiceUnavailable {
        message
      }
    }
  }
`));

/** /group-gift: the plans, and the group gifts the viewer gave with which were redeemed (docs/adr/0121-group-gifts.md). */
export const GroupGiftQuery = known(graphql(`
  query GroupGiftQuery {
    membershipPlans {
      membershipType
      tier
      interval
      price {
        amount
        currency
      }
    }
    groupGifts {
      id
      membershipType
      createdAt
      recipients {
        email
        redeemedAt
      }
    }
  }
`));
