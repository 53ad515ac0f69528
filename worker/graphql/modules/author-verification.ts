// Author verification (docs/partner-program.md "Author verification"):
//   query    VerifiedAuthorsQuery          authorVerification → AuthorVerification (viewer only)
//   mutation ApplyForAuthorVerification    applyForAuthorVerification(books) → AuthorVerificationOutcome
//   User.books                              a verified author's books (empty for anyone else)
import { GraphQLError } from 'graphql';
import type { UserRow } from '../../db/schema.ts';
import { applyForAuthorVerification, booksOf, latestRequestOf, type BookInput } from '../../partner/author-verification.ts';
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

async function verificationOf(ctx: RequestContext, userId: string) {
  const [user, request] = await Promise.all([
    ctx.env.DB.prepare('SELECT is_book_author FROM users WHERE id = ?').bind(userId).first<{ is_book_author: number }>(),
    latestRequestOf(ctx.env.DB, userId),
  ]);
  return { isBookAuthor: user?.is_book_author === 1, requestState: request?.state ?? null, requestedAt: request?.created_at ?? null };
}

export const authorVerificationModule: SchemaModule = {
  typeDefs,
  resolvers: {
    User: {
      books: (user: UserRow, _: unknown, ctx: RequestContext) => (user.isBookAuthor ? booksOf(ctx.env.DB, user.id) : []),
    },
    Query: {
      authorVerification: (_: unknown, __: unknown, ctx: RequestContext) => (ctx.viewer.user ? verificationOf(ctx, ctx.viewer.user.id) : null),
    },
    Mutation: {
      applyForAuthorVerification: async (_: unknown, args: { books: BookInput[] }, ctx: RequestContext) => {
        const user = ctx.viewer.user;
        if (!user) throw new GraphQLError('Sign in to apply.', { extensions: { code: 'UNAUTHENTICATED' } });
        if (ctx.viewer.isSpoofed) throw new GraphQLError('A spoofed session cannot apply.', { extensions: { code: 'FORBIDDEN' } });
        const refusal = await applyForAuthorVerification(ctx.env.DB, user.id, args.books, ctx.now);
        return {
          ok: refusal === null,
          code: refusal?.code ?? null,
          message: refusal?.message ?? null,
          bookIndex: refusal?.index ?? null,
          verification: await verificationOf(ctx, user.id),
        };
      },
    },
  },
};
