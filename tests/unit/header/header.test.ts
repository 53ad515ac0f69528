// Header rules of docs/product/1-product-screens-membership-header-search.md §2.5: the 99+ badge,
// the scroll collapse, the 100 ms throttle and the Open-in-app deep link.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextHeaderCollapsed, throttle } from '../../../client/components/header/header-scroll.ts';
import { unreadBadgeText } from '../../../client/components/header/NotificationLink.tsx';
import { openInAppUrl } from '../../../client/components/header/open-in-app.ts';

describe('unread badge', () => {
  it('is hidden at zero and capped at the text 99+', () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(null)).toBeNull();
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
    expect(unreadBadgeText(12345)).toBe('99+');
  });
});

describe('header height follows scroll', () => {
  const FULL = 98; // 57 + 41 on small screens
  it('collapses when scrolling down past the header and returns at the top or scrolling up', () => {
    expect(nextHeaderCollapsed(false, 0, 40, FULL)).toBe(false);
    expect(nextHeaderCollapsed(false, 40, 200, FULL)).toBe(true);
    expect(nextHeaderCollapsed(true, 200, 400, FULL)).toBe(true);
    expect(nextHeaderCollapsed(true, 400, 400, FULL)).toBe(true);
    expect(nextHeaderCollapsed(true, 400, 300, FULL)).toBe(false);
    expect(nextHeaderCollapsed(true, 400, 0, FULL)).toBe(false);
  });
});

describe('throttle', () => {
  afterEach(() => vi.useRealTimers());
  it('runs at most once per 100 ms and keeps the last call', () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const throttled = throttle((n: number) => calls.push(n), 100);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(99);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([1, 3]);
    vi.advanceTimersByTime(500);
    throttled(4);
    expect(calls).toEqual([1, 3, 4]);
    throttled(5);
    throttled.cancel();
    vi.advanceTimersByTime(500);
    expect(calls).toEqual([1, 3, 4]);
  });
});

describe('Open in app deep link', () => {
  it('carries the page, a feature by login state and the route name as channel', () => {
    const url = new URL(openInAppUrl({ pageUrl: 'https://vellum.example/@ada/a-story-0123456789ab?x=1', routeName: 'ShowPostUnderUser', isLoggedIn: false }));
    expect(url.origin).toBe('https://vellum.app.link');
    expect(url.searchParams.get('~feature')).toBe('LoOpenInAppButton');
    expect(url.searchParams.get('~channel')).toBe('ShowPostUnderUser');
    expect(url.searchParams.get('$canonical_url')).toBe('https://vellum.example/@ada/a-story-0123456789ab?x=1');
    expect(url.searchParams.get('$deeplink_path')).toBe('vellum.example/@ada/a-story-0123456789ab?x=1');
    const loggedIn = new URL(openInAppUrl({ pageUrl: 'https://vellum.example/', routeName: 'ShowHome', isLoggedIn: true }, 'https://links.example/'));
    expect(loggedIn.origin).toBe('https://links.example');
    expect(loggedIn.searchParams.get('~feature')).toBe('LiOpenInAppButton');
  });
});
