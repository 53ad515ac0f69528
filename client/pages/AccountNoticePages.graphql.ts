// The query of send-verify (docs/sign-in.md "Account addresses"): the viewer's address to verify.
import { graphql, known, type ResultOf } from '../app/graphql.ts';

export const SendVerifyPageQuery = known(graphql(`
  query SendVerifyPageQuery {
    viewer {
      id
      email
      unverifiedEmail
    }
  }
`));

export type SendVerifyPageData = ResultOf<typeof SendVerifyPageQuery>;
