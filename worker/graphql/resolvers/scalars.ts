import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

function asEpochMs(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  throw new GraphQLError(`Long cannot represent ${JSON.stringify(value)}: expected an integer number of milliseconds.`);
}

/** Milliseconds since the epoch: beyond GraphQL's 32-bit Int, still a plain JSON number. */
export const Long = new GraphQLScalarType({
  name: 'Long',
  serialize: asEpochMs,
  parseValue: asEpochMs,
  parseLiteral(ast) {
    if (ast.kind === Kind.INT) return asEpochMs(Number(ast.value));
    throw new GraphQLError('Long literals must be integers.', { nodes: ast });
  },
});
