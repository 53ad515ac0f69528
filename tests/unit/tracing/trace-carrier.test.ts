// The data client's trace carrier and test-fixture headers (client/app/call-origin.ts;
// shared/trace-context.ts; docs/product/3-routes-data-calls-constants.md §7.4): every call
// carries a W3C traceparent — one trace per page view, a new span per call — and the page's
// well-formed test-fixture headers.
import { describe, expect, it } from 'vitest';
import { callTraceHeaders, setCallOrigin, setTestFixtureHeaders } from '../../../client/app/call-origin.ts';
import { formatTraceParent, parseTraceParent } from '../../../shared/trace-context.ts';

const W3C = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('traceparent', () => {
  it('reads the W3C example and writes it back', () => {
    const value = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const parsed = parseTraceParent(value);
    expect(parsed).toEqual({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', parentId: '00f067aa0ba902b7', sampled: true });
    expect(formatTraceParent(parsed!)).toBe(value);
  });

  it('refuses what the W3C spec calls invalid', () => {
    for (const value of [
      '',
      'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01',
    ]) {
      expect(parseTraceParent(value), value).toBeNull();
    }
  });
});

describe('the calls’ trace carrier', () => {
  it('sends one trace per page view, a new span per call, and a new trace for the next page', () => {
    setCallOrigin('ShowHome', '/');
    const first = W3C.exec(callTraceHeaders().traceparent!)!;
    const second = W3C.exec(callTraceHeaders().traceparent!)!;
    expect(first).not.toBeNull();
    expect(second[1]).toBe(first[1]);
    expect(second[2]).not.toBe(first[2]);
    // The same page named again (its data asked for again) stays in its trace.
    setCallOrigin('ShowHome', '/');
    expect(W3C.exec(callTraceHeaders().traceparent!)![1]).toBe(first[1]);
    setCallOrigin('ShowPost', '/@ada/tides-1a2b');
    expect(W3C.exec(callTraceHeaders().traceparent!)![1]).not.toBe(first[1]);
  });

  it('adds the well-formed test-fixture headers and ignores anything else', () => {
    setTestFixtureHeaders({ 'X-Test-Fixture': 'empty-home', 'x-test-fixture-clock': '2026-11-26', cookie: 'sid=stolen', 'x-test-fixture-bad': 'a\r\nb', 'x-test-fixture-n': 3 });
    const headers = callTraceHeaders();
    expect(Object.keys(headers).sort()).toEqual(['traceparent', 'x-test-fixture', 'x-test-fixture-clock']);
    expect(headers['x-test-fixture']).toBe('empty-home');
    setTestFixtureHeaders(null);
    expect(Object.keys(callTraceHeaders())).toEqual(['traceparent']);
  });
});
