// The transport's code loads when the first call reaches it (client/app/lazy-exchange.ts,
// docs/adr/0225-start-up-javascript-by-part.md): calls made before wait for it, in order; a
// failed load answers the waiting calls with the error, and the next call tries again.
import { describe, expect, it } from 'vitest';
import { Client, gql, makeOperation, makeResult, type Exchange, type Operation } from '@urql/core';
import { filter, fromPromise, mergeMap, pipe, share, type Source } from 'wonka';
import { lazyExchange } from '../../../client/app/lazy-exchange.ts';

const STORY = gql`
  query Story($id: ID!) {
    post(id: $id) { __typename id title }
  }
`;
const CLAP = gql`
  mutation Clap($targetPostId: ID!) {
    clap(targetPostId: $targetPostId, numClaps: 1) { __typename id clapCount }
  }
`;

function network(sent: Operation[]): Exchange {
  return () => (ops$) =>
    pipe(
      ops$,
      filter((op) => op.kind !== 'teardown'),
      mergeMap((op) => {
        sent.push(op);
        const data = op.kind === 'mutation' ? { clap: { __typename: 'Post', id: 'p1', clapCount: 11 } } : { post: { __typename: 'Post', id: (op.variables as { id: string }).id, title: 'One' } };
        return fromPromise(Promise.resolve(makeResult(op, { data })));
      }),
      share,
    ) as Source<never>;
}

/** A client whose transport loads `network` lazily, counting loads; the first `failedLoads` loads fail. */
function setUp({ failedLoads = 0 } = {}) {
  const sent: Operation[] = [];
  let loads = 0;
  const transport = lazyExchange(async () => {
    loads += 1;
    if (loads <= failedLoads) throw new Error('chunk failed to load');
    return network(sent);
  });
  const client = new Client({ url: '/_/graphql', exchanges: [transport] });
  return { client, transport, sent, loads: () => loads };
}

describe('lazyExchange', () => {
  it('loads its code for the first call only, and sends the calls made meanwhile in order', async () => {
    const { client, sent, loads } = setUp();
    expect(loads()).toBe(0);
    const [story, clap] = await Promise.all([
      client.query(STORY, { id: 'p1' }, { requestPolicy: 'network-only' }).toPromise(),
      client.mutation(CLAP, { targetPostId: 'p1' }).toPromise(),
    ]);
    expect(story.data).toEqual({ post: { __typename: 'Post', id: 'p1', title: 'One' } });
    expect(clap.data?.clap.clapCount).toBe(11);
    expect(sent.map((op) => op.kind)).toEqual(['query', 'mutation']);
    const again = await client.query(STORY, { id: 'p2' }, { requestPolicy: 'network-only' }).toPromise();
    expect(again.data?.post.id).toBe('p2');
    expect(loads()).toBe(1);
  });

  it('answers the waiting calls with a failed load’s error, and the next call loads again', async () => {
    const { client, sent, loads } = setUp({ failedLoads: 1 });
    const failed = await client.mutation(CLAP, { targetPostId: 'p1' }).toPromise();
    expect(failed.error?.message).toContain('chunk failed to load');
    expect(sent).toEqual([]);
    const retried = await client.mutation(CLAP, { targetPostId: 'p1' }).toPromise();
    expect(retried.data?.clap.clapCount).toBe(11);
    expect(loads()).toBe(2);
  });

  it('loads nothing for a teardown of a call it never saw (the ssrExchange forwards those while the page hydrates)', async () => {
    const { client, sent, loads } = setUp();
    const request = client.createRequestOperation('query', { key: 1, query: STORY, variables: { id: 'p1' } } as never);
    client.reexecuteOperation(makeOperation('teardown', request, request.context));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads()).toBe(0);
    expect(sent).toEqual([]);
  });

  it('load() brings the code in before any call (the entry calls it once the page is idle)', async () => {
    const { client, transport, sent, loads } = setUp();
    await transport.load();
    expect(loads()).toBe(1);
    const story = await client.query(STORY, { id: 'p1' }, { requestPolicy: 'network-only' }).toPromise();
    expect(story.data?.post.title).toBe('One');
    expect(loads()).toBe(1);
  });
});
