// The Partner Program's documents (docs/partner-program.md): the dashboard's and the other
// pages' queries, enrolment, and the payout account's setup.
import { graphql, known, type ResultOf } from '../app/graphql.ts';

export const PartnerDashboardQuery = known(graphql(`
  query PartnerDashboardQuery($username: String) {
    partnerDashboard(username: $username) {
      enrollmentStatus
      currency
      totalEarned
      withheld
      paidOut
      balance
      payoutAccountState
      lastPayoutFailed
      earnings {
        postId
        title
        month
        readingSeconds
        amount
        state
      }
      payouts {
        month
        amount
        currency
        state
        paidAt
      }
    }
  }
`));

export type PartnerDashboardData = ResultOf<typeof PartnerDashboardQuery>;

export const ViewerQuery = known(graphql(`
  query PartnerProgramViewerQuery {
    viewer {
      id
      partnerProgramEnrollment {
        status
      }
    }
  }
`));

export type ViewerData = ResultOf<typeof ViewerQuery>;

export const EnrollInPartnerProgram = known(graphql(`
  mutation EnrollInPartnerProgram($country: String!) {
    enrollInPartnerProgram(country: $country) {
      ok
      status
      payoutAccountState
      code
      message
    }
  }
`));

export const UnenrollFromPartnerProgram = known(graphql(`
  mutation UnenrollFromPartnerProgram {
    unenrollFromPartnerProgram {
      ok
      status
      message
    }
  }
`));

export const StartPayoutAccountSetup = known(graphql(`
  mutation StartPayoutAccountSetup($returnTo: PayoutReturn!, $country: String!) {
    startPayoutAccountSetup(returnTo: $returnTo, country: $country) {
      ok
      url
      message
    }
  }
`));

export const FinishPayoutAccountSetup = known(graphql(`
  mutation FinishPayoutAccountSetup {
    finishPayoutAccountSetup {
      ok
      status
      payoutAccountState
      message
    }
  }
`));
