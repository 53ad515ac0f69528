// The story page's GraphQL documents (its query beside the page, the rest beside the
// components that send them) validate against the schema;
// server rendering runs them without validation, so a broken field would otherwise show only
// after a client-side navigation.
import { specifiedRules, validate, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as page from '../../client/pages/PostPage.graphql.ts';
import * as clap from '../../client/components/story/ClapButton.graphql.ts';
import * as editor from '../../client/components/story/ResponseEditor.graphql.ts';
import * as responses from '../../client/components/story/ResponsesSection.graphql.ts';
import { schema } from '../../worker/graphql/schema.ts';
import { limitRules } from '../../worker/graphql/limits.ts';

const operations = Object.entries({ ...page, ...clap, ...editor, ...responses }).filter(([, doc]) => (doc as DocumentNode).definitions?.some((d) => d.kind === 'OperationDefinition'));

describe('story page documents', () => {
  it('are all here', () => {
    expect(operations.map(([name]) => name).sort()).toEqual([
      'ClapCatalogMutation',
      'ClapMutation',
      'HidePostResponseOnParentPost',
      'PostPageQuery',
      'PublishPostThreadedResponse',
      'RefetchThreadedPostResponsesQuery',
      'UnhidePostResponseOnParentPost',
    ]);
  });
  it.each(operations)('%s validates against the schema', (_name, doc) => {
    expect(validate(schema, doc as DocumentNode).map((e) => e.message)).toEqual([]);
  });
  // A client-side navigation or a refetch sends them over HTTP, where depth and cost are capped.
  it.each(operations)('%s stays within the endpoint’s depth and cost limits', (_name, doc) => {
    expect(validate(schema, doc as DocumentNode, [...specifiedRules, ...limitRules]).map((e) => e.message)).toEqual([]);
  });
});
