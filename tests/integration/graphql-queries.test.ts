// The read queries: viewer, user/userResult, post/postResult
// (docs/product/2-sign-in-notices-cache-routing.md §3 outcomes), collection, tag/topic, and what
// each viewer may see of them.

import { beforeAll, describe, expect, it } from 'vitest';
import { AUTHORS, COLLECTIONS, POSTS, seedWorld, TAGS, USERS, type PersonKey, type World } from './helpers/fixtures.ts';
import { graphql, testDb } from './helpers/graphql-client.ts';

let world: World;
beforeAll(async () => {
  world = await seedWorld(testDb);
});

const as = (who: PersonKey | null) => (who ? world.sessions[who] : undefined);

describe('viewer', () => {
  const VIEWER = `{ viewer { id username email emailObfuscated mediumMemberAt
    membership { id tier plan isCancelled paymentFailedAt currentPeriodEndsAt startedAt currency amount friendSince paymentProvider }
    adminCollections { id name } } }`;

  it('is null when logged out, and for a cookie that is no session', async () => {
    expect((await graphql(VIEWER)).data).toEqual({ viewer: null });
    expect((await graphql(VIEWER, {}, 'not-a-session')).data).toEqual({ viewer: null });
  });

  it('is the signed-in user, with their email, membership and publications', async () => {
    const member = await graphql(VIEWER, {}, as('member'));
    expect(member.errors).toBeUndefined();
    expect(member.data.viewer).toMatchObject({
      id: USERS.member,
      username: 'member',
      email: 'member@vellum.test',
      emailObfuscated: 'm•••••@vellum.test',
      mediumMemberAt: expect.any(Number),
      membership: {
        id: 'bb0000000001',
        tier: 'MEMBER',
        plan: 'MONTHLY',
        isCancelled: false,
        paymentFailedAt: null,
        currency: 'USD',
        amount: 500,
        friendSince: null,
        paymentProvider: 'STRIPE',
      },
      adminCollections: [],
    });
    expect(member.data.viewer.membership.currentPeriodEndsAt).toBeGreaterThan(world.now);

    const writer = await graphql(VIEWER, {}, as('writer'));
    // Owner and editor, not mere writer (Daily Bytes); by name.
    expect(writer.data.viewer.adminCollections).toEqual([
      { id: COLLECTIONS.pending, name: 'Pending Press' },
      { id: COLLECTIONS.quill, name: 'The Quill' },
    ]);
    expect(writer.data.viewer.membership).toBeNull();
  });

  it('keeps viewer-only fields from anyone else', async () => {
    const seen = await graphql('{ user(username: "member") { id email emailObfuscated membership { id } adminCollections { id } } }', {}, as('reader'));
    expect(seen.data.user).toEqual({ id: USERS.member, email: null, emailObfuscated: null, membership: null, adminCollections: null });
  });

  it('gives mediumMemberAt only while the membership unlocks stories', async () => {
    const query = `{ ${(['member', 'friend', 'cancelled', 'failed', 'expired', 'reader'] as const)
      .map((name) => `${name}: user(username: "${name}") { mediumMemberAt }`)
      .join(' ')} }`;
    const { data } = await graphql(query);
    expect(data.member.mediumMemberAt).toEqual(expect.any(Number));
    expect(data.friend.mediumMemberAt).toEqual(expect.any(Number));
    expect(data.cancelled.mediumMemberAt).toEqual(expect.any(Number)); // cancelled: until the period ends
    expect(data.failed.mediumMemberAt).toBeNull();
    expect(data.expired.mediumMemberAt).toBeNull();
    expect(data.reader.mediumMemberAt).toBeNull();
  });
});

describe('user and userResult', () => {
  it('finds a user by username (any case) and by id', async () => {
    const query = `query($id: ID, $username: String) { user(id: $id, username: $username) {
      id name username bio imageId hasSubdomain isSuspended isBookAuthor verifications { isBookAuthor }
      customDomainState { live { domain } } socialStats { followerCount followingCount } } }`;
    const byName = await graphql(query, { username: 'WRITER' });
    expect(byName.data.user).toEqual({
      id: USERS.writer,
      name: 'Wren Writer',
      username: 'writer',
      bio: 'Bio of Wren Writer.',
      imageId: null,
      hasSubdomain: false,
      isSuspended: false,
      isBookAuthor: true,
      verifications: { isBookAuthor: true },
      customDomainState: { live: { domain: 'wren.test' } },
      socialStats: { followerCount: 3, followingCount: 2 },
    });
    expect((await graphql(query, { id: USERS.writer })).data.user.username).toBe('writer');
    expect((await graphql(query, { username: 'nobody' })).data.user).toBeNull();
  });

  it('wants exactly one of id and username', async () => {
    for (const args of ['', '(id: "aa0000000001", username: "writer")']) {
      const answer = await graphql(`{ user${args} { id } }`);
      expect(answer.data.user).toBeNull();
      expect(answer.errors[0]).toMatchObject({ message: 'Pass exactly one of id, username.', extensions: { code: 'BAD_REQUEST' } });
    }
  });

  it('answers each account state with its result kind', async () => {
    const query = `query($username: String) { userResult(username: $username) { __typename
      ... on User { id isSuspended } ... on NotFound { message } ... on AccountSuspended { message } ... on AccountDeleted { message } } }`;
    const result = async (username: string, who: PersonKey | null) => (await graphql(query, { username }, as(who))).data.userResult;

    expect(await result('writer', null)).toEqual({ __typename: 'User', id: USERS.writer, isSuspended: false });
    expect(await result('nobody', null)).toEqual({ __typename: 'NotFound', message: 'This account does not exist.' });
    expect(await result('deleted', 'staff')).toEqual({ __typename: 'AccountDeleted', message: 'This account has been deleted.' });
    expect(await result('suspended', 'reader')).toEqual({
      __typename: 'AccountSuspended',
      message: 'This account is under investigation or was found in violation of the Vellum Rules.',
    });
    expect(await result('suspended', null)).toMatchObject({ __typename: 'AccountSuspended' });
    for (const who of ['suspendedWriter', 'staff', 'moderator'] as const) {
      expect(await result('suspended', who)).toEqual({ __typename: 'User', id: USERS.suspendedWriter, isSuspended: true });
    }
  });

  it('gives a deleted account as null and a suspended one with isSuspended', async () => {
    const { data } = await graphql('{ deleted: user(username: "deleted") { id } suspended: user(username: "suspended") { id isSuspended } }');
    expect(data).toEqual({ deleted: null, suspended: { id: USERS.suspendedWriter, isSuspended: true } });
  });

  it("shows the viewer's follows and mutes on viewerEdge", async () => {
    const query = `{ a1: user(id: "${AUTHORS[0]}") { viewerEdge { id isFollowing isMuting } } a2: user(id: "${AUTHORS[1]}") { viewerEdge { isFollowing isMuting } } }`;
    const reader = await graphql(query, {}, as('reader'));
    expect(reader.data).toEqual({
      a1: { viewerEdge: { id: `${AUTHORS[0]}-${USERS.reader}`, isFollowing: true, isMuting: false } },
      a2: { viewerEdge: { isFollowing: false, isMuting: true } },
    });
    const loggedOut = await graphql(query);
    expect(loggedOut.data.a1.viewerEdge).toEqual({ id: `${AUTHORS[0]}-lo`, isFollowing: false, isMuting: false });
  });
});

describe('post and postResult', () => {
  const RESULT = `query($id: ID!) {
    postResult(id: $id) { __typename ... on Post { id } ... on NotFound { message } ... on RemovedByUser { message }
      ... on AccountSuspended { message } ... on AccountDeleted { message } ... on PostSuspended { message } }
    post(id: $id) { id } }`;
  const outcome = async (id: string, who: PersonKey | null) => {
    const answer = await graphql(RESULT, { id }, as(who));
    expect(answer.errors).toBeUndefined();
    const { postResult, post } = answer.data;
    // post is the Post exactly when postResult is one.
    expect(post).toEqual(postResult.__typename === 'Post' ? { id } : null);
    if (postResult.__typename !== 'Post') expect(postResult.message).toEqual(expect.stringMatching(/\S/));
    return postResult.__typename as string;
  };

  it('gives a published story to everyone, unlisted and member-only ones included', async () => {
    for (const id of [POSTS.open, POSTS.locked, POSTS.unlisted, POSTS.response]) {
      expect(await outcome(id, null)).toBe('Post');
      expect(await outcome(id, 'reader')).toBe('Post');
    }
  });

  it('answers NotFound for an unknown id', async () => {
    expect(await outcome('ffffffffffff', null)).toBe('NotFound');
  });

  it('shows a draft to its author only; others get NotFound', async () => {
    expect(await outcome(POSTS.draft, 'writer')).toBe('Post');
    for (const who of [null, 'reader', 'member', 'staff'] as const) expect(await outcome(POSTS.draft, who)).toBe('NotFound');
  });

  it('answers RemovedByUser for a trashed story, NotFound for a trashed draft of someone else', async () => {
    for (const who of [null, 'reader', 'writer'] as const) expect(await outcome(POSTS.trashed, who)).toBe('RemovedByUser');
    expect(await outcome(POSTS.trashedDraft, 'reader')).toBe('NotFound');
    expect(await outcome(POSTS.trashedDraft, 'writer')).toBe('RemovedByUser');
  });

  it('answers PostSuspended, except to its author, staff and can_view_suspended_content', async () => {
    for (const who of [null, 'reader', 'member'] as const) expect(await outcome(POSTS.suspended, who)).toBe('PostSuspended');
    for (const who of ['writer', 'staff', 'moderator'] as const) expect(await outcome(POSTS.suspended, who)).toBe('Post');
  });

  it("answers AccountSuspended and AccountDeleted for the author's account", async () => {
    expect(await outcome(POSTS.bySuspendedWriter, 'reader')).toBe('AccountSuspended');
    expect(await outcome(POSTS.bySuspendedWriter, 'moderator')).toBe('Post');
    expect(await outcome(POSTS.byDeletedWriter, 'staff')).toBe('AccountDeleted');
  });

  it('serves the fields of a story', async () => {
    const { data, errors } = await graphql(
      `query($id: ID!) { post(id: $id) { id title subtitle uniqueSlug mediumUrl type visibility isLocked isPublished isSuspended
        firstPublishedAt latestPublishedAt updatedAt readingTime clapCount responsesCount responsesLocked
        creator { id username } collection { id slug domain customDomainState { live { domain } } creator { id } }
        tags { id slug displayTitle name postCount followerCount } primaryTopic { slug name }
        previewImage { id focusPercentX focusPercentY originalWidth originalHeight alt } inResponseToPost { id }
        viewerEdge { id clapCount isBookmarked } } }`,
      { id: POSTS.open },
      as('member'),
    );
    expect(errors).toBeUndefined();
    expect(data.post).toMatchObject({
      id: POSTS.open,
      title: 'Open Story',
      subtitle: 'Subtitle of Open Story',
      uniqueSlug: `open-story-${POSTS.open}`,
      // The story is in The Quill, live on quill.test: its address follows the publication (issue 18 point 1).
      // In development a custom domain is linked as {domain}.localhost (docs/adr/0130-custom-domains-in-development.md).
      mediumUrl: `http://quill.test.localhost:8787/open-story-${POSTS.open}`,
      type: 'public',
      visibility: 'PUBLIC',
      isLocked: false,
      isPublished: true,
      isSuspended: false,
      readingTime: 2.5,
      clapCount: 7,
      responsesCount: 0,
      responsesLocked: false,
      creator: { id: USERS.writer, username: 'writer' },
      collection: { id: COLLECTIONS.quill, slug: 'the-quill', domain: 'quill.test', customDomainState: { live: { domain: 'quill.test' } }, creator: { id: USERS.writer } },
      tags: [
        { id: TAGS.writing.id, slug: 'writing', displayTitle: 'Writing', name: 'Writing', postCount: 10, followerCount: 5 },
        { id: TAGS.technology.id, slug: 'technology', displayTitle: 'Technology', name: 'Technology', postCount: 10, followerCount: 5 },
      ],
      primaryTopic: { slug: 'writing', name: 'Writing' },
      previewImage: { id: 'img-cover', focusPercentX: 40, focusPercentY: 60, originalWidth: 1600, originalHeight: 900, alt: 'Cover' },
      inResponseToPost: null,
      viewerEdge: { id: `${POSTS.open}-${USERS.member}`, clapCount: 12, isBookmarked: true },
    });
    expect(data.post.latestPublishedAt).toBe(world.now - 60_000);
  });

  it('derives the spec post type', async () => {
    const query = `{ draft: post(id: "${POSTS.draft}") { type isPublished } unlisted: post(id: "${POSTS.unlisted}") { type visibility }
      locked: post(id: "${POSTS.locked}") { type visibility isLocked responsesCount }
      response: post(id: "${POSTS.response}") { type inResponseToPost { id title } } }`;
    const { data } = await graphql(query, {}, as('writer'));
    expect(data).toEqual({
      draft: { type: 'draft', isPublished: false },
      unlisted: { type: 'unlisted', visibility: 'UNLISTED' },
      locked: { type: 'public', visibility: 'LOCKED', isLocked: true, responsesCount: 1 },
      response: { type: 'response', inResponseToPost: { id: POSTS.locked, title: 'Members Story' } },
    });
  });

  it('gives an empty viewerEdge when logged out', async () => {
    const { data } = await graphql(`{ post(id: "${POSTS.open}") { viewerEdge { id clapCount isBookmarked } } }`);
    expect(data.post.viewerEdge).toEqual({ id: `${POSTS.open}-lo`, clapCount: 0, isBookmarked: false });
  });
});

describe('collection, tag and topic', () => {
  const COLLECTION = `query($id: ID, $slug: String, $domain: String) { collection(id: $id, slug: $slug, domain: $domain) {
    id name slug description domain avatarId faviconId customDomainState { live { domain } } creator { id }
    socialStats { followerCount } viewerEdge { id isFollowing isMuting } } }`;

  it('finds a publication by id, slug (any case) or live domain', async () => {
    const expected = {
      id: COLLECTIONS.quill,
      name: 'The Quill',
      slug: 'the-quill',
      description: 'About The Quill.',
      domain: 'quill.test',
      avatarId: 'avatar-the-quill',
      faviconId: 'favicon-the-quill',
      customDomainState: { live: { domain: 'quill.test' } },
      creator: { id: USERS.writer },
      socialStats: { followerCount: 12 },
      viewerEdge: { id: `${COLLECTIONS.quill}-${USERS.member}`, isFollowing: true, isMuting: false },
    };
    for (const variables of [{ id: COLLECTIONS.quill }, { slug: 'The-Quill' }, { domain: 'QUILL.test' }]) {
      expect((await graphql(COLLECTION, variables, as('member'))).data.collection).toEqual(expected);
    }
    const reader = await graphql(COLLECTION, { slug: 'the-quill' }, as('reader'));
    expect(reader.data.collection.viewerEdge).toMatchObject({ isFollowing: false, isMuting: true });
  });

  it('hides a domain that is not live', async () => {
    expect((await graphql(COLLECTION, { domain: 'pending.test' })).data.collection).toBeNull();
    const pending = (await graphql(COLLECTION, { slug: 'pending-press' })).data.collection;
    expect(pending).toMatchObject({ id: COLLECTIONS.pending, domain: null, customDomainState: null });
  });

  it('wants exactly one of id, slug and domain', async () => {
    const answer = await graphql(COLLECTION, { id: COLLECTIONS.quill, slug: 'the-quill' });
    expect(answer.errors[0].message).toBe('Pass exactly one of id, slug, domain.');
  });

  it('finds a tag by slug, and a topic as the same tag', async () => {
    const query = `{ tag(slug: "writing") { id slug displayTitle postCount followerCount viewerEdge { id isFollowing } }
      topic(slug: "writing") { id name } missing: tag(slug: "nope") { id } }`;
    const { data } = await graphql(query, {}, as('member'));
    expect(data).toEqual({
      tag: {
        id: TAGS.writing.id,
        slug: 'writing',
        displayTitle: 'Writing',
        postCount: 10,
        followerCount: 5,
        viewerEdge: { id: `${TAGS.writing.id}-${USERS.member}`, isFollowing: true },
      },
      topic: { id: TAGS.writing.id, name: 'Writing' },
      missing: null,
    });
  });
});
