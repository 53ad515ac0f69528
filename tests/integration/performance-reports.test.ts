// Issue 15 item 6 over HTTP: the performance intake (POST /_/clientele/reports/performance/)
// logs a well-formed report as one structured line, refuses oversized (413) and malformed (400)
// bodies, limits each client address, and does not count bots.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedWorld } from './helpers/fixtures.ts';
import { loggedEvents, reportSender, type SentReport } from './helpers/report-intake.ts';
import { MAX_PERFORMANCE_REPORTS_PER_MINUTE } from '../../worker/reports/performance-reports.ts';

const REPORT = {
  route: 'ShowPost',
  build: 'entry-abc',
  metrics: [
    { name: 'TTFB', value: 120.5, rating: 'good' },
    { name: 'LCP', value: 1800, rating: 'good' },
    { name: 'CLS', value: 0.01, rating: 'good' },
  ],
};

const report = reportSender('/_/clientele/reports/performance/');
const logged = (answer: SentReport) => loggedEvents(answer, 'performance_report');

beforeAll(async () => {
  await seedWorld(env.DB);
});

describe('the performance report intake', () => {
  it('logs a report as one structured line', async () => {
    const answer = await report(JSON.stringify(REPORT));
    expect(answer.status).toBe(204);
    // One line, tied to the request that brought it (worker/lib/log-context.ts).
    expect(logged(answer)).toEqual([{ event: 'performance_report', ...REPORT, level: 30, levelName: 'info', requestId: answer.headers.get('x-request-id'), requestTag: null, url: expect.any(String) }]);
  });

  it('refuses an oversized body with 413', async () => {
    const answer = await report(JSON.stringify({ ...REPORT, route: 'x'.repeat(9000) }));
    expect(answer.status).toBe(413);
    expect(logged(answer)).toEqual([]);
  });

  it('refuses malformed bodies with 400', async () => {
    const bad = [
      '{nope',
      '[]',
      JSON.stringify({ ...REPORT, metrics: [] }),
      JSON.stringify({ ...REPORT, metrics: [{ name: 'FID', value: 1, rating: 'good' }] }),
      JSON.stringify({ ...REPORT, metrics: [{ name: 'LCP', value: -1, rating: 'good' }] }),
      JSON.stringify({ ...REPORT, metrics: [{ name: 'LCP', value: 1, rating: 'great' }] }),
      JSON.stringify({ ...REPORT, metrics: Array.from({ length: 9 }, () => REPORT.metrics[0]) }),
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
    const ip = '198.51.100.9';
    for (let i = 0; i < MAX_PERFORMANCE_REPORTS_PER_MINUTE; i++) expect((await report(JSON.stringify(REPORT), { ip })).status).toBe(204);
    expect((await report(JSON.stringify(REPORT), { ip })).status).toBe(429);
  });
});
