// Schema modules: each capability adds its types, queries and mutations in a file of its
// own (SDL + resolvers). Same-named types across modules (Query, Mutation, User, …) are
// merged by @graphql-tools when the schema is built (../schema.ts).
import type { SchemaModule } from './schema-module.ts';
import { publicationFaviconModule } from './publication-favicon.ts';
import { viewerMenuModule } from './viewer-menu.ts';
import { authModule } from './auth.ts';
import { storyEditModule } from './story-edit.ts';
import { clapsModule } from './claps.ts';
import { responsesModule } from './responses.ts';
import { listsModule } from './lists.ts';
import { listEditsModule } from './list-edits.ts';
import { catalogResponsesModule } from './catalog-responses.ts';
import { readingHistoryModule } from './reading-history.ts';
import { notificationsModule } from './notifications.ts';
import { trashModule } from './trash.ts';
import { socialGraphModule } from './social-graph.ts';
import { discoveryModule } from './discovery.ts';
import { profilesModule } from './profiles.ts';
import { blocksModule } from './blocks.ts';
import { membershipModule } from './membership.ts';

export const SCHEMA_MODULES: SchemaModule[] = [
  publicationFaviconModule,
  viewerMenuModule,
  storyEditModule,
  authModule,
  // The reader's product (issue 6): the story page, the social graph, profiles and the library.
  clapsModule,
  responsesModule,
  socialGraphModule,
  discoveryModule,
  profilesModule,
  listsModule,
  listEditsModule,
  catalogResponsesModule,
  readingHistoryModule,
  notificationsModule,
  trashModule,
  blocksModule,
  // Membership, payments and gifts (issue 11).
  membershipModule,
];
