// The page-preload report intake (POST /_/clientele/reports/preload/,
// worker/reports/preload-reports.ts): a well-formed report is one structured line; oversized
// (413), malformed (400) and unmarked (403) bodies are refused; bots are not counted; each client
// address is limited.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedWorld } from './helpers/fixtures.ts';
import { loggedEvents, reportSender, type SentReport } from './helpers/report-intake.ts';
import { MAX_PRELOAD_REPORTS_PER_MINUTE } from '../../worker/reports/preload-reports.ts';

const REPORT = { currentPage: 'ShowHome', preloadedPage: 'ShowPost', isLoggedIn: false, isMobileOrTablet: true };

const report = reportSender('/_/clientele/reports/preload/');
const logged = (answer: SentReport) => loggedEvents(answer, 'preload_report');

beforeAll(async () => {
  await seedWorld(env.DB);
});

describe('the preload report intake', () => {
  it('logs a report as one structured line', async () => {
    const answer = await report(JSON.stringify(REPORT));
    expect(answer.status).toBe(204);
    // One line, tied to the request that brought it (worker/lib/log-context.ts).
    expect(logged(answer)).toEqual([{ event: 'preload_report', ...REPORT, level: 30, levelName: 'info', requestId: answer.headers.get('x-request-id'), requestTag: null, url: expect.any(String) }]);
  });

  it('refuses a body without the anti-forgery header, an oversized one and malformed ones', async () => {
    expect((await report(JSON.stringify(REPORT), { xsrf: false })).status).toBe(403);
    expect((await report(JSON.stringify({ ...REPORT, currentPage: 'x'.repeat(2000) }))).status).toBe(413);
    const bad = [
      '{nope',
      '[]',
      JSON.stringify({ ...REPORT, preloadedPage: null }),
      JSON.stringify({ ...REPORT, preloadedPage: '<script>' }),
      JSON.stringify({ ...REPORT, isLoggedIn: 'yes' }),
      JSON.stringify({ ...REPORT, isMobileOrTablet: undefined }),
    ];
    for (const body of bad) {
      const answer = await report(body);
      expect(answer.status, body).toBe(400);
      expect(logged(answer)).toEqual([]);
    }
  });

  it('does not count bots', async () => {
    const answer = await report(JSON.stringify(REPORT), { userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' });
    expect(answer.status).toBe(204);
    expect(logged(answer)).toEqual([]);
  });

  it('limits each client address per minute', async () => {
    const ip = '198.51.100.19';
    for (let i = 0; i < MAX_PRELOAD_REPORTS_PER_MINUTE; i++) expect((await report(JSON.stringify(REPORT), { ip })).status).toBe(204);
    expect((await report(JSON.stringify(REPORT), { ip })).status).toBe(429);
  });
});
