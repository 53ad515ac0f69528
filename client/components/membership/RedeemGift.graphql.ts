// Checking and redeeming a gift code (client/components/membership/RedeemGiftForm.tsx).
import { graphql, known } from '../../app/graphql.ts';

export const GiftCodeCheckQuery = known(graphql(`
  query GiftCodeCheck($code: String!) {
    giftCodeCheck(code: $code) {
      __typename
      ... on GiftCodeCheck {
        status
        message
        membershipType
      }
      ... on TooManyRequests {
        message
      }
    }
  }
`));

export const RedeemGiftCodeMutation = known(graphql(`
  mutation RedeemGiftCode($code: String!) {
    redeemGiftCode(code: $code) {
      __typename
      ... on GiftMembershipRedeemed {
        message
        membership {
          id
          currentPeriodEndsAt
        }
      }
      ... on GiftCodeCheck {
        status
        message
      }
      ... on BadRequest {
        message
      }
      ... on TooManyRequests {
        message
      }
    }
  }
`));
