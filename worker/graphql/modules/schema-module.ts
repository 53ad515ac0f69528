import type { IResolvers } from '@graphql-tools/utils';

/** One capability of the schema: its SDL and the resolvers beside it (merged in ../schema.ts). */
export interface SchemaModule {
  typeDefs: string;
  resolvers: IResolvers;
}
