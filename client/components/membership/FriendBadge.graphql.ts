// The Friend popover's document (docs/product/1-product-screens-membership-header-search.md §6,
// §7): the can-switch-plan query reads what the rule needs (paymentProvider, isCancelled,
// paymentFailedAt; shared/membership/premium-tier.ts canSwitchPlan) when a Member opens it.
import { graphql, known } from '../../app/graphql.ts';

export const CanSwitchPlanQuery = known(graphql(`
  query CanSwitchPlanQuery {
    viewer {
      id
      membership {
        id
        paymentProvider
        isCancelled
        paymentFailedAt
      }
    }
  }
`));
