// /_/oh-noes (docs/product/3-routes-data-calls-constants.md §2.10): a staff member opening it
// makes the page crash while rendering, to check the render-error page and error reporting
// end to end (client/pages/OhNoesPage.tsx). Everyone else gets the 404 page.
import type { RequestContext } from '../../context/request-context.ts';
import { ohNoesAllowed } from '../../accounts/oh-noes.ts';
import type { SchemaModule } from './schema-module.ts';

export const ohNoesModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type Query {
      "True for staff only: /_/oh-noes raises an error for them and is a 404 for everyone else."
      ohNoesAllowed: Boolean!
    }
  `,
  resolvers: {
    Query: {
      ohNoesAllowed: (_root: unknown, _args: unknown, ctx: RequestContext) => ohNoesAllowed(ctx),
    },
  },
};
