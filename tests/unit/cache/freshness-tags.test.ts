// Freshness (TTL only on a HIT; the tag ledger decides whether a render may stay stored), the tags and the Cache-Tag header.
import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_MARGIN_MS, freshness, purgedDuringRender } from '../../../worker/cache/freshness.ts';
import { publicationCacheTag, formatCacheTagHeader, HOME_TAG, isValidTag, parseCacheTagHeader, storyCacheTag, topicCacheTag, uniqueTags, profileCacheTag } from '../../../worker/cache/tags.ts';

describe('freshness', () => {
  const t0 = 1_800_000_000_000;
  it('fresh within the lifetime', () => {
    expect(freshness(t0, t0 + 299_999, 300)).toEqual({ fresh: true });
    expect(freshness(t0, t0 + 1000, 300)).toEqual({ fresh: true });
  });

  it('stale once the lifetime has passed', () => {
    expect(freshness(t0, t0 + 300_000, 300)).toEqual({ fresh: false, reason: 'ttl' });
    expect(freshness(t0, t0, 0)).toEqual({ fresh: false, reason: 'ttl' });
  });

  it('a copy without a readable render time is never served', () => {
    expect(freshness(Number.NaN, t0, 300)).toEqual({ fresh: false, reason: 'unreadable' });
    expect(freshness(0, t0, 300)).toEqual({ fresh: false, reason: 'unreadable' });
  });
});

describe('a render purged while it ran', () => {
  const t0 = 1_800_000_000_000;
  it('is withdrawn when a tag was invalidated at or after the render started (within the clock-skew margin too)', () => {
    expect(purgedDuringRender(t0, t0 + 10)).toBe(true);
    expect(purgedDuringRender(t0, t0)).toBe(true);
    expect(purgedDuringRender(t0, t0 - CLOCK_SKEW_MARGIN_MS)).toBe(true);
  });

  it('stays stored when no tag was invalidated since (or ever)', () => {
    expect(purgedDuringRender(t0, null)).toBe(false);
    expect(purgedDuringRender(t0, t0 - CLOCK_SKEW_MARGIN_MS - 1)).toBe(false);
  });
});

describe('tags', () => {
  it('are named as the spec names them', () => {
    expect([HOME_TAG, storyCacheTag('abc123'), topicCacheTag('JavaScript'), profileCacheTag('u1'), publicationCacheTag('c1')]).toEqual([
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
