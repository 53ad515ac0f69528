// Schema modules: each capability adds its types, queries and mutations in a file of its
// own (SDL + resolvers). Same-named types across modules (Query, Mutation, User, …) are
// merged by @graphql-tools when the schema is built (../schema.ts).
import type { IResolvers } from '@graphql-tools/utils';
import { publicationFaviconModule } from './publication-favicon.ts';
import { viewerMenuModule } from './viewer-menu.ts';
import { authModule } from './auth.ts';
import { storyEditModule } from './story-edit.ts';
import { clapsModule } from './claps.ts';
import { responsesModule } from './responses.ts';
import { listsModule } from './lists.ts';
import { readingHistoryModule } from './reading-history.ts';
import { notificationsModule } from './notifications.ts';
import { trashModule } from './trash.ts';
import { socialGraphModule } from './social-graph.ts';

export interface SchemaModule {
  typeDefs: string;
  resolvers: IResolvers;
}

export const SCHEMA_MODULES: SchemaModule[] = [publicationFaviconModule, viewerMenuModule, storyEditModule, authModule];
SCHEMA_MODULES.push(clapsModule, responsesModule);
// Lists, reading history, notifications and the trash (issue 6 items 8, 9, 10, 12).
SCHEMA_MODULES.push(listsModule, readingHistoryModule, notificationsModule, trashModule);
SCHEMA_MODULES.push(socialGraphModule);
