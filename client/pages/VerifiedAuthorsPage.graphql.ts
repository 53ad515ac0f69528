// Author verification (landing-verified-authors; docs/partner-program.md "Author
// verification"): the page's query and the application.
import { graphql, known, type ResultOf } from '../app/graphql.ts';

export const VerifiedAuthorsQuery = known(graphql(`
  query VerifiedAuthorsQuery {
    authorVerification {
      isBookAuthor
      requestState
      requestedAt
    }
  }
`));

export type VerifiedAuthorsData = ResultOf<typeof VerifiedAuthorsQuery>;

export const ApplyForAuthorVerification = known(graphql(`
  mutation ApplyForAuthorVerification($books: [AuthorBookInput!]!) {
    applyForAuthorVerification(books: $books) {
      ok
      code
      message
      bookIndex
      verification {
        isBookAuthor
        requestState
        requestedAt
      }
    }
  }
`));
