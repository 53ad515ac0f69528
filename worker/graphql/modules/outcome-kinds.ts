// The union result kinds of docs/product/2-sign-in-notices-cache-routing.md §8 that several
// capabilities answer, in one place: each is a union member carrying the server's sentence, never
// a GraphQL error. Which operation answers which kind, and what the client does with it, is
// docs/outcomes.md; the values are built by worker/context/outcomes.ts (`refusals`).
// (BadRequest, TooManyRequests, UserCreationRateLimited and the sign-in kinds are ./auth.ts's, Forbidden ./list-edits.ts's,
// NotFound ../schema.graphql.ts's; the kinds of one capability live beside it.)
import type { SchemaModule } from './schema-module.ts';

export const outcomeKindsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    """
    The change was based on an older version than the stored one (a story saved from another
    tab): nothing was overwritten; the page offers to reload.
    """
    type Conflict {
      message: String!
      "The stored revision, when the change named the revision it was based on (saveDraft)."
      currentRev: Int
    }

    "The name or address asked for belongs to something that already exists."
    type AlreadyExists {
      message: String!
    }

    "The viewer made this change too often: message says when to try again."
    type RateLimited {
      message: String!
      "When a new try is let through (ms since the epoch)."
      retryAt: Long!
    }

    "A provider the change needs (payments, search) did not answer: trying again may work."
    type ServiceUnavailable {
      message: String!
    }

    "The payment processor refused the change for a reason other than the card."
    type PaymentError {
      message: String!
    }

    "The card was declined; declineCode is the processor's reason (card_declined, insufficient_funds, …)."
    type PaymentMethodDeclined {
      message: String!
      declineCode: String
    }

    "The text links to a site on the banned-link list: the story is not published."
    type PublishingRestrictedBannedLinks {
      message: String!
      "The links that are refused, as written in the story."
      links: [String!]!
    }

    "The queue has nothing left to review."
    type EmptyQueue {
      message: String!
    }
  `,
  resolvers: {},
};
