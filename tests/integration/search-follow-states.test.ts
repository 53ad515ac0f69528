// The search pages' Follow buttons start in the viewer's real state (issue 10; docs/search.md,
// "Follow buttons"): viewerFollowing answers which of the shown people, publications and topics
// the viewer follows — only the viewer's own follows, nothing when signed out, and a bounded
// number of ids per call.
import { beforeAll, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { AUTHORS, COLLECTIONS, seedWorld, TAGS, USERS } from './helpers/fixtures.ts';
import { call, sessionOf } from './helpers/story.ts';
import { SearchViewerFollowingQuery } from '../../client/pages/SearchPage.graphql.ts';
import { print } from 'graphql';

const QUERY = print(SearchViewerFollowingQuery);
const ASKED = {
  userIds: [AUTHORS[0], AUTHORS[1], AUTHORS[2], USERS.writer],
  collectionIds: [COLLECTIONS.dailyBytes, COLLECTIONS.quill],
  tagIds: [TAGS.poetry.id, TAGS.writing.id, TAGS.technology.id],
};

beforeAll(async () => {
  await seedWorld(env.DB);
});

describe('viewerFollowing', () => {
  it('names the asked ids the viewer follows, and only those', async () => {
    const answer = await call(QUERY, ASKED, { session: await sessionOf('reader') });
    expect(answer.errors).toBeUndefined();
    const following = answer.data.viewerFollowing;
    expect([...following.userIds].sort()).toEqual([AUTHORS[0], AUTHORS[2]].sort());
    expect(following.collectionIds).toEqual([COLLECTIONS.dailyBytes]);
    expect(following.tagIds).toEqual([TAGS.poetry.id]);
  });

  it('another viewer sees their own follows', async () => {
    const answer = await call(QUERY, ASKED, { session: await sessionOf('member') });
    expect(answer.data.viewerFollowing).toEqual({ userIds: [USERS.writer], collectionIds: [COLLECTIONS.quill], tagIds: [TAGS.writing.id] });
  });

  it('signed out, nothing is followed', async () => {
    const answer = await call(QUERY, ASKED, { session: null });
    expect(answer.data.viewerFollowing).toEqual({ userIds: [], collectionIds: [], tagIds: [] });
  });

  it('refuses more than 100 ids of a kind', async () => {
    const userIds = Array.from({ length: 101 }, (_, i) => `a${i.toString(16).padStart(11, '0')}`);
    const answer = await call(QUERY, { userIds }, { session: await sessionOf('reader') });
    expect(answer.errors?.[0]?.message).toMatch(/At most 100 ids/);
    expect(answer.data?.viewerFollowing ?? null).toBeNull();
  });
});
