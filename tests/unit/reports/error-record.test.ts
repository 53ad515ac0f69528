// Error records (docs/product/3-routes-data-calls-constants.md §8): where an error happened is
// read from the browser's error event when there is one, else from the first frame of its
// stack, in V8's and Firefox's forms; start-up fails with the spec's messages when a preloaded
// global is missing.
import { describe, expect, it } from 'vitest';
import { firstFrame } from '../../../shared/stack-frames.ts';
import { errorRecord } from '../../../client/app/error-report-queue.ts';
import { readStartupGlobals } from '../../../client/app/startup-globals.ts';

describe('firstFrame', () => {
  it('reads V8 frames, with and without a function name', () => {
    expect(firstFrame('TypeError: x\n    at StoryTitle (https://vellum.test/assets/PostPage-abc.js:12:345)\n    at b (x.js:1:1)')).toEqual({
      file: 'https://vellum.test/assets/PostPage-abc.js',
      line: 12,
      column: 345,
    });
    expect(firstFrame('Error: y\n    at https://vellum.test/assets/entry-x.js:3:9')).toEqual({ file: 'https://vellum.test/assets/entry-x.js', line: 3, column: 9 });
  });

  it('reads Firefox frames', () => {
    expect(firstFrame('StoryTitle@https://vellum.test/assets/PostPage-abc.js:7:21\n')).toEqual({ file: 'https://vellum.test/assets/PostPage-abc.js', line: 7, column: 21 });
  });

  it('is null without a frame', () => {
    expect(firstFrame(undefined)).toBeNull();
    expect(firstFrame('Error: no frames here')).toBeNull();
  });
});

describe('errorRecord', () => {
  it('carries message, place, stack, build and route', () => {
    const error = new TypeError('boom');
    error.stack = 'TypeError: boom\n    at f (https://vellum.test/assets/PostPage-abc.js:12:34)';
    expect(errorRecord(error, {}, { build: 'entry-abc', route: 'ShowPost', url: 'https://vellum.test/p/1', timestamp: 1 })).toMatchObject({
      name: 'TypeError',
      message: 'boom',
      file: 'https://vellum.test/assets/PostPage-abc.js',
      line: 12,
      column: 34,
      build: 'entry-abc',
      route: 'ShowPost',
      url: 'https://vellum.test/p/1',
    });
  });

  it('prefers the place the browser gave', () => {
    const record = errorRecord(new Error('x'), { file: 'https://vellum.test/assets/entry-abc.js', line: 5, column: 6 }, { build: null, route: null, url: '', timestamp: 1 });
    expect(record).toMatchObject({ file: 'https://vellum.test/assets/entry-abc.js', line: 5, column: 6 });
  });
});

describe('readStartupGlobals', () => {
  const all = { __PRELOADED_STATE__: {}, __GRAPHQL_URI__: '/_/graphql', __APOLLO_STATE__: {}, __PAGE__: null };
  it.each([
    ['__PRELOADED_STATE__', 'Expected window.__PRELOADED_STATE__ to exist.'],
    ['__GRAPHQL_URI__', 'Expected window.__GRAPHQL_URI__ to exist.'],
    ['__APOLLO_STATE__', 'Expected window.__APOLLO_STATE__ to exist.'],
  ])('fails without %s', (name, message) => {
    const scope: Record<string, unknown> = { ...all };
    delete scope[name];
    expect(() => readStartupGlobals(scope)).toThrow(message);
  });
});

describe('startPerformanceReports', () => {
  it('bots and unsampled page loads never load the library or report', async () => {
    const { startPerformanceReports, SAMPLE_RATE } = await import('../../../client/app/performance-reporter.ts');
    // Both return before loading web-vitals, which cannot observe anything outside a browser
    // (past the gate the call would reject here).
    await expect(startPerformanceReports({ isBot: true, route: null, build: null, xsrf: null, draw: 0 })).resolves.toBeUndefined();
    await expect(startPerformanceReports({ isBot: false, route: null, build: null, xsrf: null, draw: SAMPLE_RATE })).resolves.toBeUndefined();
  });
});
