import type { IResolvers } from '@graphql-tools/utils';

/** One capability of the schema: its SDL and the resolvers beside it (merged in ../schema.ts). */
export interface SchemaModule {
  typeDefs: string;
  resolvers: IResolvers;
}

/**
 * Resolves an outcome union whose success member is a plain row: a refusal carries its own
 * `__typename` (BadRequest, NotFound, Forbidden, …), anything else is the named success type.
 */
export const successOr =
  (successType: string) =>
  (value: object): string =>
    '__typename' in value ? String(value.__typename) : successType;
