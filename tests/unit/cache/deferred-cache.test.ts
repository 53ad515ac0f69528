// The normalized cache loads after hydration (client/app/deferred-exchange.ts,
// docs/adr/0197-start-up-loads-the-first-screen-only.md): hydration reads the server's results
// synchronously without loading it or sending a request; once loaded it is seeded with what the
// page holds, so a clap still moves every query holding the story, with no refetch.
import { describe, expect, it } from 'vitest';
import { Client, createRequest, gql, makeResult, ssrExchange, type Exchange, type Operation, type SSRData } from '@urql/core';
import { filter, fromPromise, mergeMap, onPush, pipe, share, type Source } from 'wonka';
import { deferredExchange } from '../../../client/app/deferred-exchange.ts';
import { normalizedCacheExchange } from '../../../client/app/cache-exchange.ts';

const STORY = gql`
  query Story($id: ID!) {
    post(id: $id) { __typename id clapCount }
  }
`;
const CARDS = gql`
  query Cards {
    trendingPosts(limit: 2) { __typename id title clapCount }
  }
`;
const CLAP = gql`
  mutation Clap($targetPostId: ID!, $numClaps: Int!) {
    clap(targetPostId: $targetPostId, numClaps: $numClaps) { __typename id clapCount }
  }
`;
const story = { __typename: 'Query', post: { __typename: 'Post', id: 'p1', clapCount: 10 } };
const cards = { __typename: 'Query', trendingPosts: [{ __typename: 'Post', id: 'p1', title: 'One', clapCount: 10 }] };

/** `failedLoads`: how many of the first chunk loads fail (the network). */
function setUp({ failedLoads = 0 } = {}) {
  const sent: Operation[] = [];
  let hydrating = true;
  let loads = 0;
  /** What the normalized cache itself has been given: nothing until it takes over. */
  const seenByCache: Operation[] = [];
  const network: Exchange = () => (ops$) =>
    pipe(
      ops$,
      filter((op) => op.kind !== 'teardown'),
      mergeMap((op) => {
        sent.push(op);
        return fromPromise(Promise.resolve(makeResult(op, { data: { clap: { __typename: 'Post', id: 'p1', clapCount: 13 } } })));
      }),
      share,
    ) as Source<never>;
  // What the server's render answered, as the page carries it (urql's ssrExchange format).
  const initialState: SSRData = {
    [createRequest(STORY, { id: 'p1' }).key]: { data: JSON.stringify(story), hasNext: false },
    [createRequest(CARDS, {}).key]: { data: JSON.stringify(cards), hasNext: false },
  };
  const cache = deferredExchange(async () => {
    loads += 1;
    if (loads <= failedLoads) throw new TypeError('Failed to fetch dynamically imported module');
    const real = normalizedCacheExchange();
    return (input) => (ops$) => real(input)(pipe(ops$, onPush((op) => seenByCache.push(op)), share));
  }, () => hydrating);
  const client = new Client({ url: '/_/graphql', exchanges: [cache, ssrExchange({ isClient: true, initialState }), network] });
  return { client, cache, sent, seenByCache, endHydration: () => (hydrating = false), loads: () => loads };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the normalized cache, loaded after hydration', () => {
  it("answers hydration's queries synchronously from the server's results, without loading the cache or sending a request", () => {
    const { client, sent, loads } = setUp();
    let clapCount: number | undefined;
    client.query(STORY, { id: 'p1' }).subscribe((r) => (clapCount = (r.data as typeof story | undefined)?.post.clapCount));
    expect(clapCount).toBe(10);
    expect(sent).toEqual([]);
    expect(loads()).toBe(0);
  });

  it('is seeded with the hydrated queries once loaded: a clap moves the story and its card, and nothing is fetched again', async () => {
    const { client, cache, sent, endHydration } = setUp();
    const latest: { story?: number; card?: number } = {};
    client.query(STORY, { id: 'p1' }).subscribe((r) => (latest.story = (r.data as typeof story | undefined)?.post.clapCount));
    client.query(CARDS, {}).subscribe((r) => (latest.card = (r.data as typeof cards | undefined)?.trendingPosts[0]?.clapCount));
    endHydration();
    await cache.load();
    await tick();
    expect(latest).toEqual({ story: 10, card: 10 });
    await client.mutation(CLAP, { targetPostId: 'p1', numClaps: 3 }).toPromise();
    await tick();
    expect(latest).toEqual({ story: 13, card: 13 });
    expect(sent.map((op) => op.kind)).toEqual(['mutation']);
  });

  it('answers a query read during hydration, let go and asked again after it (as useQuery does) from the cache, without a request', async () => {
    const { client, sent, endHydration } = setUp();
    let clapCount: number | undefined;
    client.query(STORY, { id: 'p1' }).subscribe((r) => (clapCount = (r.data as typeof story | undefined)?.post.clapCount)).unsubscribe();
    endHydration();
    await tick();
    client.query(STORY, { id: 'p1' }).subscribe((r) => (clapCount = (r.data as typeof story | undefined)?.post.clapCount));
    await tick();
    await tick();
    expect(clapCount).toBe(10);
    expect(sent).toEqual([]);
  });

  it('answers a query asked again before hydration ends (useQuery in its effect) from memory, without a request', async () => {
    const { client, sent } = setUp();
    let clapCount: number | undefined;
    client.query(STORY, { id: 'p1' }).subscribe(() => undefined).unsubscribe();
    await tick();
    client.query(STORY, { id: 'p1' }).subscribe((r) => (clapCount = (r.data as typeof story | undefined)?.post.clapCount));
    await tick();
    expect(clapCount).toBe(10);
    expect(sent).toEqual([]);
  });

  it('holds an operation made after hydration until the cache has loaded, and loads it for that operation', async () => {
    const { client, sent, endHydration, loads } = setUp();
    endHydration();
    const answered = client.mutation(CLAP, { targetPostId: 'p1', numClaps: 3 }).toPromise();
    expect(sent).toEqual([]);
    const result = await answered;
    expect(loads()).toBe(1);
    expect(result.data).toEqual({ clap: { __typename: 'Post', id: 'p1', clapCount: 13 } });
    expect(sent).toHaveLength(1);
  });

  it('prefetched when the page is idle, takes over only for the first operation that needs it: seeded then, and a clap still moves the story and its card', async () => {
    const { client, cache, sent, seenByCache, endHydration, loads } = setUp();
    const latest: { story?: number; card?: number } = {};
    client.query(STORY, { id: 'p1' }).subscribe((r) => (latest.story = (r.data as typeof story | undefined)?.post.clapCount));
    client.query(CARDS, {}).subscribe((r) => (latest.card = (r.data as typeof cards | undefined)?.trendingPosts[0]?.clapCount));
    endHydration();
    await cache.prefetch();
    await tick();
    expect(loads()).toBe(1);
    expect(seenByCache).toEqual([]);
    await client.mutation(CLAP, { targetPostId: 'p1', numClaps: 3 }).toPromise();
    await tick();
    expect(loads()).toBe(1);
    // Seeded with the two queries the page holds, then the clap (after it the cache re-reads the queries it moved).
    expect(seenByCache.slice(0, 3).map((op) => op.kind)).toEqual(['query', 'query', 'mutation']);
    expect(latest).toEqual({ story: 13, card: 13 });
    expect(sent.map((op) => op.kind)).toEqual(['mutation']);
  });

  it('forgets a chunk that failed to load: the next operation loads it again, and the held operations are answered then', async () => {
    const { client, cache, sent, endHydration, loads } = setUp({ failedLoads: 1 });
    endHydration();
    await expect(cache.prefetch()).rejects.toThrow('Failed to fetch');
    const first = client.mutation(CLAP, { targetPostId: 'p1', numClaps: 1 }).toPromise();
    const second = client.mutation(CLAP, { targetPostId: 'p1', numClaps: 2 }).toPromise();
    const [a, b] = await Promise.all([first, second]);
    expect(loads()).toBe(2);
    expect(a.data).toBeDefined();
    expect(b.data).toBeDefined();
    expect(sent.map((op) => op.kind)).toEqual(['mutation', 'mutation']);
  });
});
