// Author verification (docs/partner-program.md "Author verification"):
//   query    VerifiedAuthorsQuery          authorVerification → AuthorVerification (viewer only)
//   mutation ApplyForAuthorVerification    applyForAuthorVerification(books) → AuthorVerificationOutcome
//   User.books                              a verified author's books (empty for anyone else)
import { applyForAuthorVerification, booksOf, viewerAuthorVerification, type BookInput } from '../../partner/author-verification.ts';
import type { RequestContext } from '../../context/request-context.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  type AuthorBook {
    title: String!
    url: String!
  }

  type AuthorVerification {
    isBookAuthor: Boolean!
    "PENDING, APPROVED or DECLINED; null when the viewer never applied."
    requestState: String
    requestedAt: Long
  }

  type AuthorVerificationOutcome {
    ok: Boolean!
    "ALREADY_VERIFIED, ALREADY_PENDING or INVALID_BOOK."
    code: String
    message: String
    "The book at fault (0-based), when one is."
    bookIndex: Int
    verification: AuthorVerification
  }

  input AuthorBookInput {
    title: String!
    url: String!
  }

  extend type User {
    "A verified book author's books (docs/partner-program.md); empty for anyone else."
    books: [AuthorBook!]!
  }

  type Query {
    authorVerification: AuthorVerification
  }

  type Mutation {
    applyForAuthorVerification(books: [AuthorBookInput!]!): AuthorVerificationOutcome!
  }
`;

export const authorVerificationModule: SchemaModule = {
  typeDefs,
  resolvers: {
    User: {
      books: (user: { id: string; isBookAuthor: boolean }, _: unknown, ctx: RequestContext) => booksOf(ctx, user),
    },
    Query: {
      authorVerification: (_: unknown, __: unknown, ctx: RequestContext) => viewerAuthorVerification(ctx),
    },
    Mutation: {
      applyForAuthorVerification: (_: unknown, args: { books: BookInput[] }, ctx: RequestContext) => applyForAuthorVerification(ctx, args.books),
    },
  },
};
