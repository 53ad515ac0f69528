// The browser's normalized cache (client/app/cache-exchange.ts, docs/adr/0110-normalized-cache.md):
// two queries holding one story or writer move together on one answer, claps and follows show
// before the server answers and fall back when it fails, and the spec's keys apply.
import { describe, expect, it } from 'vitest';
import { Client, gql, makeErrorResult, makeResult, type Exchange, type Operation } from '@urql/core';
import { filter, fromPromise, mergeMap, pipe, share, type Source } from 'wonka';
import { cacheKeys, cacheSchema, normalizedCacheExchange } from '../../../client/app/cache-exchange.ts';
import { CACHE_SCHEMA_SHAPE } from '../../../client/app/cache-schema.ts';

type Answer = (operation: Operation) => Promise<unknown>;

/** A stand-in for the network: answers each operation from `answer`. */
function network(answer: Answer): Exchange {
  return () => (ops$) =>
    pipe(
      ops$,
      filter((op) => op.kind !== 'teardown'),
      mergeMap((op) =>
        fromPromise(
          answer(op).then(
            (data) => makeResult(op, { data: data as Record<string, unknown> }),
            (error: Error) => makeErrorResult(op, error),
          ),
        ),
      ),
      share,
    ) as Source<never>;
}

const STORY = gql`
  query Story($id: ID!) {
    post(id: $id) { id clapCount viewerEdge { id clapCount } creator { id socialStats { followerCount } viewerEdge { id isFollowing isMuting } } }
  }
`;
const CARDS = gql`
  query Cards {
    trendingPosts(limit: 2) { id title clapCount }
  }
`;
const CLAP = gql`
  mutation Clap($targetPostId: ID!, $numClaps: Int!) {
    clap(targetPostId: $targetPostId, numClaps: $numClaps) { id clapCount viewerEdge { id clapCount } }
  }
`;
const UNFOLLOW = gql`
  mutation Unfollow($targetUserId: ID!) {
    unfollowUser(targetUserId: $targetUserId) {
      __typename
      ... on ViewerEdgeUpdate { id targetType targetId isFollowing isMuting followerCount }
      ... on BadRequest { message }
    }
  }
`;

const story = {
  __typename: 'Query',
  post: {
    __typename: 'Post',
    id: 'p1',
    clapCount: 10,
    viewerEdge: { __typename: 'PostViewerEdge', id: 'p1-v', clapCount: 0 },
    creator: {
      __typename: 'User',
      id: 'u1',
      socialStats: { __typename: 'UserSocialStats', followerCount: 7 },
      viewerEdge: { __typename: 'UserViewerEdge', id: 'u1-v', isFollowing: true, isMuting: false },
    },
  },
};
const cards = { __typename: 'Query', trendingPosts: [{ __typename: 'Post', id: 'p1', title: 'One', clapCount: 10 }] };

function setUp(mutationAnswer: Answer) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const client = new Client({
    url: '/_/graphql',
    exchanges: [
      normalizedCacheExchange(),
      network(async (op) => {
        if (op.kind === 'mutation') {
          await gate;
          return mutationAnswer(op);
        }
        return op.query === STORY || JSON.stringify(op.variables ?? {}).includes('p1') ? story : cards;
      }),
    ],
  });
  const latest: { story?: typeof story.post; cards?: typeof cards.trendingPosts } = {};
  client.query(STORY, { id: 'p1' }).subscribe((r) => (latest.story = (r.data as typeof story | undefined)?.post));
  client.query(CARDS, {}).subscribe((r) => (latest.cards = (r.data as typeof cards | undefined)?.trendingPosts));
  return { client, latest, release };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the normalized cache', () => {
  it('shows a clap on every query holding the story, at once, and settles on the answer', async () => {
    const { client, latest, release } = setUp(async () => ({
      clap: { __typename: 'Post', id: 'p1', clapCount: 13, viewerEdge: { __typename: 'PostViewerEdge', id: 'p1-v', clapCount: 3 } },
    }));
    await tick();
    expect(latest.story?.clapCount).toBe(10);
    expect(latest.cards?.[0]?.clapCount).toBe(10);
    const answered = client.mutation(CLAP, { targetPostId: 'p1', numClaps: 2 }).toPromise();
    await tick();
    // Before the server answers: the guess, on the story and on its card.
    expect(latest.story?.clapCount).toBe(12);
    expect(latest.story?.viewerEdge.clapCount).toBe(2);
    expect(latest.cards?.[0]?.clapCount).toBe(12);
    release();
    await answered;
    await tick();
    expect(latest.story?.clapCount).toBe(13);
    expect(latest.cards?.[0]?.clapCount).toBe(13);
  });

  it('drops the guess when the clap fails', async () => {
    const { client, latest, release } = setUp(async () => {
      throw new Error('offline');
    });
    await tick();
    const answered = client.mutation(CLAP, { targetPostId: 'p1', numClaps: 1 }).toPromise();
    await tick();
    expect(latest.cards?.[0]?.clapCount).toBe(11);
    release();
    await answered;
    await tick();
    expect(latest.cards?.[0]?.clapCount).toBe(10);
  });

  it("moves a writer's follow state on an unfollow at once, and the follower count with the answer", async () => {
    const { client, latest, release } = setUp(async () => ({
      unfollowUser: { __typename: 'ViewerEdgeUpdate', id: 'u1-v', targetType: 'USER', targetId: 'u1', isFollowing: false, isMuting: false, followerCount: 5 },
    }));
    await tick();
    expect(latest.story?.creator.viewerEdge.isFollowing).toBe(true);
    const answered = client.mutation(UNFOLLOW, { targetUserId: 'u1' }).toPromise();
    await tick();
    expect(latest.story?.creator.viewerEdge.isFollowing).toBe(false);
    // The count waits for the answer (the follow store adds calls in flight to the page's count).
    expect(latest.story?.creator.socialStats.followerCount).toBe(7);
    release();
    await answered;
    await tick();
    expect(latest.story?.creator.viewerEdge.isFollowing).toBe(false);
    expect(latest.story?.creator.socialStats.followerCount).toBe(5);
  });
});

const HIDE = gql`
  mutation Hide($parentPostId: ID!, $postResponseId: ID!) {
    hidePostResponseOnParentPost(parentPostId: $parentPostId, postResponseId: $postResponseId) { id }
  }
`;

describe('a mutation without a rule of its own', () => {
  it('fetches again every query holding the entity it answered (the document cache did so)', async () => {
    let storyFetches = 0;
    const client = new Client({
      url: '/_/graphql',
      exchanges: [
        normalizedCacheExchange(),
        network(async (op) => {
          if (op.kind === 'mutation') return { hidePostResponseOnParentPost: { __typename: 'Post', id: 'p1' } };
          storyFetches += 1;
          return story;
        }),
      ],
    });
    client.query(STORY, { id: 'p1' }).subscribe(() => undefined);
    await tick();
    expect(storyFetches).toBe(1);
    await client.mutation(HIDE, { parentPostId: 'p0', postResponseId: 'p1' }).toPromise();
    await tick();
    expect(storyFetches).toBe(2);
  });
});

describe('a mutation without a rule', () => {
  it('keeps its own answer: the entity it answered is written, not emptied (the registration form reads it)', async () => {
    const CREATE = gql`
      mutation CreateAccount($name: String!, $username: String!) {
        createAccount(name: $name, username: $username) { __typename ... on User { id username } ... on BadRequest { message } }
      }
    `;
    const client = new Client({
      url: '/_/graphql',
      exchanges: [normalizedCacheExchange(), network(async () => ({ createAccount: { __typename: 'User', id: 'u1', username: 'newcomer' } }))],
    });
    const result = await client.mutation(CREATE, { name: 'New', username: 'newcomer' }).toPromise();
    expect(result.data?.createAccount).toEqual({ __typename: 'User', id: 'u1', username: 'newcomer' });
  });
});

describe('the cache keys and schema', () => {
  it('keys feed items and story stats by post id, and stores id-less types inside their parent', () => {
    const keys = cacheKeys();
    expect(keys.PostFeedItem?.({ __typename: 'PostFeedItem', post: { __typename: 'Post', id: 'p9' } } as never)).toBe('p9');
    expect(keys.StoryStats?.({ __typename: 'StoryStats', postId: 'p9' } as never)).toBe('p9');
    expect(keys.UserSocialStats?.({ __typename: 'UserSocialStats' } as never)).toBeNull();
    // A type with an id is keyed by graphcache's default (its id).
    expect(keys.Post).toBeUndefined();
  });

  it('keys trending pages by mode and topic', () => {
    const key = cacheKeys().TrendingPage!;
    expect(key({ __typename: 'TrendingPage', mode: 'WEEK', topic: { __typename: 'Tag', id: 't1' } } as never)).toBe('WEEK:t1');
    expect(key({ __typename: 'TrendingPage', mode: 'WEEK', topic: null } as never)).toBe('WEEK:');
  });

  it('expands the generated shape into the unions and nullability graphcache reads', () => {
    const types = cacheSchema().__schema.types as unknown as { name: string; kind: string; possibleTypes?: { name: string }[]; fields?: { name: string; type: { kind: string } }[] }[];
    const postResult = types.find((t) => t.name === 'PostResult');
    expect(postResult?.kind).toBe('UNION');
    expect(postResult?.possibleTypes?.map((t) => t.name)).toContain('PostSuspended');
    const post = types.find((t) => t.name === 'Post');
    expect(post?.fields?.find((f) => f.name === 'id')?.type.kind).toBe('NON_NULL');
    expect(post?.fields?.find((f) => f.name === 'collection')?.type.kind).not.toBe('NON_NULL');
    expect(Object.keys(CACHE_SCHEMA_SHAPE).length).toBe(types.length);
  });
});
