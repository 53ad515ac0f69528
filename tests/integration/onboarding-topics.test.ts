// What onboarding offers to follow (docs/adr/0135-onboarding-offers-topics-to-follow.md): the
// topics to follow that exist here, in the list's order — never a stray tag a writer typed on
// one story (issue 29, point 9), which explore-topics still lists as a tag.
import { beforeAll, describe, expect, it } from 'vitest';
import { requestContextFor } from '../../worker/consequences/consequences.ts';
import { LOGGED_OUT } from '../../worker/session/viewer.ts';
import { topicsToFollow } from '../../worker/topics/topics-to-follow.ts';
import { POSTS, seedWorld } from './helpers/fixtures.ts';
import { graphql, testDb, testEnv } from './helpers/graphql-client.ts';

const STRAY = 'my-stray-tag-xq';

beforeAll(async () => {
  await seedWorld(testDb);
  await testDb.batch([
    testDb.prepare('INSERT OR IGNORE INTO tags (id, slug, display_title, post_count, follower_count) VALUES (?, ?, ?, 1, 0)').bind('dd00000000f9', STRAY, 'My Stray Tag Xq'),
    testDb.prepare('INSERT OR IGNORE INTO post_tags (post_id, tag_slug, position, published_at) VALUES (?, ?, 5, ?)').bind(POSTS.open, STRAY, Date.now()),
  ]);
});

describe('topicsToFollow', () => {
  it('offers the product list\'s topics that exist, in its order, and not the stray tag', async () => {
    const answer = await graphql<{ topicsToFollow: { slug: string; displayTitle: string }[]; exploreTopics: { slug: string }[] }>('{ topicsToFollow { slug displayTitle } exploreTopics { slug } }');
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.topicsToFollow.map((t) => t.slug)).toEqual(['technology', 'writing', 'poetry']);
    expect(answer.data!.topicsToFollow.map((t) => t.displayTitle)).toEqual(['Technology', 'Writing', 'Poetry']);
    // The stray tag is a tag with a story (explore-topics lists it), but no topic to follow.
    expect(answer.data!.exploreTopics.map((t) => t.slug)).toContain(STRAY);
  });

  it('follows the deployment\'s TOPICS_TO_FOLLOW, skipping slugs that are no topic here', async () => {
    const ctx = requestContextFor({ db: testDb, env: { ...testEnv, TOPICS_TO_FOLLOW: 'Poetry, no-such-topic, writing, poetry' }, viewer: LOGGED_OUT });
    expect((await topicsToFollow(ctx)).map((t) => t.slug)).toEqual(['poetry', 'writing']);
  });
});
