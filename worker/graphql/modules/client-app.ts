// Client app support (docs/product/3-routes-data-calls-constants.md §4; docs/entities.md
// "Client app support"): the browser's shell asks how the build it runs stands
// (ClientAppSupportStateQuery, client/app/client-app-support.ts). The rule: worker/host/client-app-support.ts.
import type { RequestContext } from '../../context/request-context.ts';
import { clientAppSupportState } from '../../host/client-app-support.ts';
import type { SchemaModule } from './schema-module.ts';

export const clientAppModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "Client app support states (docs/product/3-routes-data-calls-constants.md §4)."
    enum ClientAppSupportState {
      SUPPORTED
      DEPRECATED
      DROPPED
      INVALID_VERSION
    }

    type Query {
      """
      How the client build named version (its entry chunk, "entry-…") stands against the build served now:
      SUPPORTED (the same), DEPRECATED (an older deploy's), DROPPED (withdrawn), INVALID_VERSION (not a build name).
      """
      clientAppSupportState(version: String!): ClientAppSupportState!
    }
  `,
  resolvers: {
    Query: {
      clientAppSupportState: (_: unknown, args: { version: string }, ctx: RequestContext) => clientAppSupportState(ctx.env, args.version),
    },
  },
};
