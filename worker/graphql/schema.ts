import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { resolvers } from './resolvers/index.ts';
import { typeDefs } from './schema.graphql.ts';
import { SCHEMA_MODULES } from './modules/index.ts';

/**
 * The executable schema of the data service: POST /_/graphql (./http.ts) and server
 * rendering (in-process, with a context from ./context.ts) both run it.
 * Building it checks that every resolver names a field of the SDL.
 */
export const schema: GraphQLSchema = makeExecutableSchema({
  typeDefs: [typeDefs, ...SCHEMA_MODULES.map((module) => module.typeDefs)],
  resolvers: [resolvers, ...SCHEMA_MODULES.map((module) => module.resolvers)],
  resolverValidationOptions: { requireResolversToMatchSchema: 'error', requireResolversForResolveType: 'error' },
});
