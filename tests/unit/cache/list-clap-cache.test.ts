// A list's claps in the browser's normalized cache (client/app/cache-exchange.ts,
// docs/adr/0213-list-claps.md): clapCatalog's guess moves the list's count and the viewer's at
// once, never past 50, and the server's answer settles it.
import { describe, expect, it } from 'vitest';
import { Client, gql, makeResult, type Exchange, type Operation } from '@urql/core';
import { filter, fromPromise, mergeMap, pipe, share, type Source } from 'wonka';
import { normalizedCacheExchange } from '../../../client/app/cache-exchange.ts';

const LIST = gql`
  query List($id: ID!) {
    catalog(id: $id) { id clapCount viewerEdge { id clapCount } }
  }
`;
const CLAP_LIST = gql`
  mutation ClapList($catalogId: ID!, $numClaps: Int!) {
    clapCatalog(catalogId: $catalogId, numClaps: $numClaps) { id clapCount viewerEdge { id clapCount } }
  }
`;

type List = { __typename: 'Catalog'; id: string; clapCount: number; viewerEdge: { __typename: 'CatalogViewerEdge'; id: string; clapCount: number } };
const list = (clapCount: number, viewerClaps: number): List => ({ __typename: 'Catalog', id: 'c1', clapCount, viewerEdge: { __typename: 'CatalogViewerEdge', id: 'c1-v', clapCount: viewerClaps } });

function setUp(fetched: List, answer: List) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const network: Exchange = () => (ops$) =>
    pipe(
      ops$,
      filter((op: Operation) => op.kind !== 'teardown'),
      mergeMap((op: Operation) =>
        fromPromise(op.kind === 'mutation' ? gate.then(() => makeResult(op, { data: { clapCatalog: answer } })) : Promise.resolve(makeResult(op, { data: { __typename: 'Query', catalog: fetched } }))),
      ),
      share,
    ) as Source<never>;
  const client = new Client({ url: '/_/graphql', exchanges: [normalizedCacheExchange(), network] });
  const latest: { list?: List } = {};
  client.query(LIST, { id: 'c1' }).subscribe((r) => (latest.list = (r.data as { catalog: List } | undefined)?.catalog));
  return { client, latest, release };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('clapCatalog in the normalized cache', () => {
  it('moves the list’s count and the viewer’s at once, then settles on the answer', async () => {
    const { client, latest, release } = setUp(list(10, 0), list(14, 3));
    await tick();
    expect(latest.list?.clapCount).toBe(10);
    const answered = client.mutation(CLAP_LIST, { catalogId: 'c1', numClaps: 3 }).toPromise();
    await tick();
    expect(latest.list?.clapCount).toBe(13);
    expect(latest.list?.viewerEdge.clapCount).toBe(3);
    release();
    await answered;
    await tick();
    expect(latest.list?.clapCount).toBe(14);
  });

  it('guesses no more than the 50 a reader may give', async () => {
    const { client, latest, release } = setUp(list(60, 49), list(61, 50));
    await tick();
    const answered = client.mutation(CLAP_LIST, { catalogId: 'c1', numClaps: 5 }).toPromise();
    await tick();
    expect(latest.list?.clapCount).toBe(61);
    expect(latest.list?.viewerEdge.clapCount).toBe(50);
    release();
    await answered;
  });
});
