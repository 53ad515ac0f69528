// Lists, written (docs/product/1-product-screens-membership-header-search.md §3 (Catalog); issue 6
// item 8): the catalog create/update/delete mutations, adding and removing stories, and saving
// (following) someone else's public list. The writes and their rules: worker/lists/list-edits.ts;
// what a list is and who sees it: ./lists.ts and worker/lists/lists.ts.
import { changeFollow, changeItem, createCatalog, deleteCatalog, updateCatalog, type CatalogInput } from '../../lists/list-edits.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { successOr, type SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  "The caller may not do this to a thing they can see."
  type Forbidden {
    message: String!
  }

  type DeleteCatalogSuccess {
    "The deleted list's id."
    catalogId: ID!
  }

  union CatalogResult = Catalog | BadRequest | NotFound | Forbidden
  union DeleteCatalogResult = DeleteCatalogSuccess | BadRequest | NotFound | Forbidden

  input CreateCatalogInput {
    name: String!
    description: String
    "PUBLIC (default) or PRIVATE."
    visibility: CatalogVisibility
  }

  input UpdateCatalogInput {
    name: String
    description: String
    "PUBLIC or PRIVATE."
    visibility: CatalogVisibility
  }

  type Mutation {
    "Creates a list (signed in)."
    createCatalog(input: CreateCatalogInput!): CatalogResult!
    "Renames a list, changes its description or makes it public or private (its creator only)."
    updateCatalog(catalogId: ID!, input: UpdateCatalogInput!): CatalogResult!
    "Deletes a list (its creator only; the Reading list cannot be deleted)."
    deleteCatalog(catalogId: ID!): DeleteCatalogResult!
    "Adds a story to one of the viewer's lists (idempotent)."
    addToCatalog(catalogId: ID!, postId: ID!): CatalogResult!
    "Removes a story from one of the viewer's lists (idempotent)."
    removeFromCatalog(catalogId: ID!, postId: ID!): CatalogResult!
    "Saves someone else's public list to the viewer's library (idempotent)."
    followCatalog(catalogId: ID!): CatalogResult!
    "Takes a saved list out of the viewer's library (idempotent)."
    unfollowCatalog(catalogId: ID!): CatalogResult!
  }
`;

const byTypename = successOr('Catalog');

export const listEditsModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Mutation: {
      createCatalog: (_root: unknown, args: { input: CatalogInput }, ctx: RequestContext) => createCatalog(ctx, args.input),
      updateCatalog: (_root: unknown, args: { catalogId: string; input: CatalogInput }, ctx: RequestContext) => updateCatalog(ctx, args.catalogId, args.input),
      deleteCatalog: async (_root: unknown, args: { catalogId: string }, ctx: RequestContext) => {
        const result = await deleteCatalog(ctx, args.catalogId);
        return '__typename' in result ? result : { __typename: 'DeleteCatalogSuccess', catalogId: result.catalogId };
      },
      addToCatalog: (_root: unknown, args: { catalogId: string; postId: string }, ctx: RequestContext) => changeItem(ctx, args.catalogId, args.postId, true),
      removeFromCatalog: (_root: unknown, args: { catalogId: string; postId: string }, ctx: RequestContext) => changeItem(ctx, args.catalogId, args.postId, false),
      followCatalog: (_root: unknown, args: { catalogId: string }, ctx: RequestContext) => changeFollow(ctx, args.catalogId, true),
      unfollowCatalog: (_root: unknown, args: { catalogId: string }, ctx: RequestContext) => changeFollow(ctx, args.catalogId, false),
    },
    CatalogResult: { __resolveType: byTypename },
    DeleteCatalogResult: { __resolveType: byTypename },
  },
};
