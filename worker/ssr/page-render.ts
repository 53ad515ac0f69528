// Where the worker meets the door (client/entry.server.tsx): the page for a resolved
// route, and its render with GraphQL executed in-process against this request's context.
import { execute } from 'graphql';
import type { ExecuteGraphQL } from '../../client/entry.server.tsx';
import { schema } from '../graphql/schema.ts';
import type { GraphQLContext } from '../graphql/context.ts';

export { pageFor, renderPage, type CurrentPage } from '../../client/entry.server.tsx';

/** The executor the render runs its page query with: this request's viewer and loaders. */
export function inProcessExecutor(context: GraphQLContext): ExecuteGraphQL {
  return async (document, variables) => execute({ schema, document, variableValues: variables, contextValue: context });
}
