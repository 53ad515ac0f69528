// Freshness (TTL and the tag ledger), the tags and the Cache-Tag header.
import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_MARGIN_MS, freshness } from '../../../worker/cache/freshness.ts';
import { collectionTag, formatCacheTagHeader, HOME_TAG, isValidTag, parseCacheTagHeader, postTag, topicTag, uniqueTags, userTag } from '../../../worker/cache/tags.ts';

describe('freshness', () => {
  const t0 = 1_800_000_000_000;
  it('fresh within the lifetime when no tag was invalidated since the render started', () => {
    expect(freshness(t0, t0 + 299_999, 300, null)).toEqual({ fresh: true });
    expect(freshness(t0, t0 + 1000, 300, t0 - CLOCK_SKEW_MARGIN_MS - 1)).toEqual({ fresh: true });
  });

  it('stale once the lifetime has passed', () => {
    expect(freshness(t0, t0 + 300_000, 300, null)).toEqual({ fresh: false, reason: 'ttl' });
    expect(freshness(t0, t0, 0, null)).toEqual({ fresh: false, reason: 'ttl' });
  });

  it('stale when a tag was invalidated at or after the render started (within the clock-skew margin too)', () => {
    expect(freshness(t0, t0 + 5000, 300, t0 + 10)).toEqual({ fresh: false, reason: 'purged' });
    expect(freshness(t0, t0 + 5000, 300, t0)).toEqual({ fresh: false, reason: 'purged' });
    expect(freshness(t0, t0 + 5000, 300, t0 - CLOCK_SKEW_MARGIN_MS)).toEqual({ fresh: false, reason: 'purged' });
  });

  it('a copy without a readable render time is never served', () => {
    expect(freshness(Number.NaN, t0, 300, null)).toEqual({ fresh: false, reason: 'unreadable' });
    expect(freshness(0, t0, 300, null)).toEqual({ fresh: false, reason: 'unreadable' });
  });
});

describe('tags', () => {
  it('are named as the spec names them', () => {
    expect([HOME_TAG, postTag('abc123'), topicTag('JavaScript'), userTag('u1'), collectionTag('c1')]).toEqual([
      'home',
      'post:abc123',
      'topic:javascript',
      'user:u1',
      'collection:c1',
    ]);
  });

  it('the Cache-Tag header round-trips, dropping duplicates and invalid tags', () => {
    const header = formatCacheTagHeader(['home', 'post:1']);
    expect(header).toBe('home,post:1');
    expect(parseCacheTagHeader(' home , post:1,home,, bad tag')).toEqual(['home', 'post:1']);
    expect(parseCacheTagHeader(null)).toEqual([]);
  });

  it('a valid tag is 1–1024 printable characters without spaces or commas', () => {
    expect(isValidTag('post:abc')).toBe(true);
    for (const bad of ['', 'a b', 'a,b', 'é', 'x'.repeat(1025), 'tab\there']) expect(isValidTag(bad), bad).toBe(false);
    expect(uniqueTags(['a', 'a', 'b c', 'b'])).toEqual(['a', 'b']);
  });
});
