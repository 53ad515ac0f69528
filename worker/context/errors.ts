import { GraphQLError } from 'graphql';

/**
 * A caller's mistake (bad arguments, bad cursor, limit too high). Its message reaches the
 * client as written; anything else thrown by a resolver is masked as "Internal server error".
 */
export function badRequest(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_REQUEST' } });
}

/** A call that needs a signed-in viewer, made logged out: "Sign in to {action}." */
export function signInRequired(action: string): GraphQLError {
  return new GraphQLError(`Sign in to ${action}.`, { extensions: { code: 'UNAUTHENTICATED' } });
}
