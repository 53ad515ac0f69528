// Schema modules: each capability adds its types, queries and mutations in a file of its
// own (SDL + resolvers). Same-named types across modules (Query, Mutation, User, …) are
// merged by @graphql-tools when the schema is built (../schema.ts).
import type { IResolvers } from '@graphql-tools/utils';
import { publicationFaviconModule } from './publication-favicon.ts';
import { viewerMenuModule } from './viewer-menu.ts';
import { authModule } from './auth.ts';
import { storyEditModule } from './story-edit.ts';
import { profilesModule } from './profiles.ts';

export interface SchemaModule {
  typeDefs: string;
  resolvers: IResolvers;
}

export const SCHEMA_MODULES: SchemaModule[] = [publicationFaviconModule, viewerMenuModule, storyEditModule, authModule];
SCHEMA_MODULES.push(profilesModule);
