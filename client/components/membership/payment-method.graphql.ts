import { graphql, known } from '../../app/graphql.ts';

/** What `cardText` (./membership-text.ts) names a payment method by: its type, and a card's brand, last four and expiry. */
export const PaymentMethod_text = known(graphql(`
  fragment PaymentMethod_text on PaymentMethod {
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
`));
