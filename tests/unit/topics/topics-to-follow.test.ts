// The topics to follow onboarding offers (worker/topics/topics-to-follow.ts): a deployment's
// TOPICS_TO_FOLLOW, read as slugs, else the product's curated list.
import { describe, expect, it } from 'vitest';
import { DEFAULT_TOPICS_TO_FOLLOW, MAX_TOPICS_TO_FOLLOW, topicsToFollowSlugs } from '../../../worker/topics/topics-to-follow.ts';

describe('topicsToFollowSlugs', () => {
  it('is the product list when nothing is configured', () => {
    expect(topicsToFollowSlugs({})).toEqual([...DEFAULT_TOPICS_TO_FOLLOW]);
    expect(topicsToFollowSlugs({ TOPICS_TO_FOLLOW: ' , ' })).toEqual([...DEFAULT_TOPICS_TO_FOLLOW]);
  });

  it('reads the configured slugs in order, lower-cased, once each, dropping malformed ones', () => {
    expect(topicsToFollowSlugs({ TOPICS_TO_FOLLOW: 'Poetry, writing ,poetry,not a slug,-dash,<b>,science' })).toEqual(['poetry', 'writing', 'science']);
  });

  it('keeps at most MAX_TOPICS_TO_FOLLOW', () => {
    const many = Array.from({ length: MAX_TOPICS_TO_FOLLOW + 5 }, (_, i) => `topic-${i}`).join(',');
    expect(topicsToFollowSlugs({ TOPICS_TO_FOLLOW: many })).toHaveLength(MAX_TOPICS_TO_FOLLOW);
  });

  it('the product list names each topic once, as slugs', () => {
    expect(new Set(DEFAULT_TOPICS_TO_FOLLOW).size).toBe(DEFAULT_TOPICS_TO_FOLLOW.length);
    for (const slug of DEFAULT_TOPICS_TO_FOLLOW) expect(slug).toMatch(/^[a-z0-9][a-z0-9-]*$/);
  });
});
