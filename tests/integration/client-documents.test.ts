// Every document the client sends must be valid against the server's schema. Server
// rendering executes documents without validating them, so a broken field would otherwise
// surface only after a client-side navigation.
import { validate, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as queries from '../../client/graphql/queries.ts';
import { schema } from '../../worker/graphql/schema.ts';

const operations = Object.entries(queries).filter(([, doc]) =>
  (doc as DocumentNode).definitions?.some((d) => d.kind === 'OperationDefinition'),
);

describe('client GraphQL documents', () => {
  it('exist', () => {
    expect(operations.length).toBeGreaterThan(3);
  });
  it.each(operations)('%s validates against the schema', (_name, doc) => {
    expect(validate(schema, doc as DocumentNode).map((e) => e.message)).toEqual([]);
  });
});
