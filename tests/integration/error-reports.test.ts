// Issue 15 item 5 over HTTP: /_/oh-noes (staff only, a 404 for everyone else) crashes while
// rendering and shows the render-error page with 500 and one error report with file and line;
// the report intake stores what the browser sends (message, file, line, column, stack, build,
// route) with the user from the session, refuses oversized (413) and malformed (400) bodies,
// limits each client address, and does not count bots.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { send } from './helpers/edge-cache.ts';
import { page, sessionOf, type TestSession } from './helpers/story.ts';
import { MAX_REQUESTS_PER_MINUTE } from '../../worker/reports/error-reports.ts';

const RENDER_ERROR = 'We’re sorry, but there was a problem displaying this page';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

interface ReportRow {
  source: string;
  message: string;
  file: string | null;
  line: number | null;
  column_number: number | null;
  stack: string | null;
  client_build: string | null;
  route: string | null;
  user_id: string | null;
}

async function reports(): Promise<ReportRow[]> {
  return (await env.DB.prepare('SELECT * FROM error_reports ORDER BY created_at').all<ReportRow>()).results;
}

let address = 0;
function report(body: string, options: { session?: TestSession; userAgent?: string; ip?: string; xsrf?: string | null } = {}) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': options.userAgent ?? BROWSER,
    'cf-connecting-ip': options.ip ?? `203.0.113.${++address}`,
  };
  if (options.xsrf !== null) headers['x-xsrf-token'] = options.xsrf ?? options.session?.xsrf ?? '1';
  return send('/_/clientele/reports/errors', { method: 'POST', headers, body, ...(options.session ? { session: options.session.token } : {}) });
}

const RECORD = {
  name: 'TypeError',
  message: "Cannot read properties of undefined (reading 'title')",
  file: 'http://localhost:8787/assets/PostPage-abc123.js',
  line: 12,
  column: 345,
  stack: "TypeError: Cannot read properties of undefined (reading 'title')\n    at StoryTitle (http://localhost:8787/assets/PostPage-abc123.js:12:345)",
  build: 'entry-2Ts2Yoid',
  route: 'ShowPost',
  url: 'http://localhost:8787/p/abc',
  userId: 'someone-else',
};

let staff: TestSession;
let reader: TestSession;
beforeAll(async () => {
  await seedWorld(env.DB);
  [staff, reader] = await Promise.all([sessionOf('staff'), sessionOf('reader')]);
});
beforeEach(async () => {
  await env.DB.prepare('DELETE FROM error_reports').run();
});

describe('/_/oh-noes', () => {
  it('for staff: the render-error page with 500 and one report with file and line', async () => {
    const answer = await page('/_/oh-noes', staff);
    expect(answer.status).toBe(500);
    expect(answer.text).toContain(RENDER_ERROR);
    expect(answer.text).not.toContain('<script');
    const rows = await reports();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ source: 'server', route: 'ShowOhNoes', user_id: USERS.staff });
    expect(row!.message).toContain('Oh noes!');
    expect(row!.file).toBeTruthy();
    expect(row!.line).toBeGreaterThan(0);
    expect(row!.column_number).toBeGreaterThan(0);
    expect(row!.client_build).toMatch(/^entry-/);
  });

  it('is the 404 page for a reader and for a visitor, and reports nothing', async () => {
    for (const session of [reader, undefined]) {
      const answer = await page('/_/oh-noes', session);
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain(RENDER_ERROR);
    }
    expect(await reports()).toHaveLength(0);
  });
});

describe('the error report intake', () => {
  it('stores a record with its place, build and route, and the user from the session', async () => {
    const answer = await report(JSON.stringify([RECORD]), { session: reader });
    expect(answer.status).toBe(204);
    const rows = await reports();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'client',
      message: RECORD.message,
      file: RECORD.file,
      line: 12,
      column_number: 345,
      client_build: 'entry-2Ts2Yoid',
      route: 'ShowPost',
      user_id: USERS.reader, // never the body's userId
    });
    expect(rows[0]!.stack).toContain('StoryTitle');
  });

  it('a visitor’s report has no user', async () => {
    expect((await report(JSON.stringify([RECORD]))).status).toBe(204);
    expect((await reports())[0]!.user_id).toBeNull();
  });

  it('refuses an oversized body with 413 and stores nothing', async () => {
    const big = JSON.stringify([{ ...RECORD, stack: 'x'.repeat(70 * 1024) }]);
    expect((await report(big)).status).toBe(413);
    expect(await reports()).toHaveLength(0);
  });

  it('refuses malformed bodies with 400', async () => {
    for (const body of ['{not json', '{"message":"an object, not an array"}', '[]', '[{"file":"no message"}]', '[1, "two", null]']) {
      expect((await report(body)).status, body).toBe(400);
    }
    expect(await reports()).toHaveLength(0);
  });

  it('refuses a report without the anti-forgery header', async () => {
    expect((await report(JSON.stringify([RECORD]), { xsrf: null })).status).toBe(403);
  });

  it('keeps at most 10 records of a body and cuts long texts', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ ...RECORD, message: `error ${i} ` + 'm'.repeat(1500) }));
    expect((await report(JSON.stringify(many))).status).toBe(204);
    const rows = await reports();
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.message.length <= 1000)).toBe(true);
  });

  it('does not count bots', async () => {
    const answer = await report(JSON.stringify([RECORD]), { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(answer.status).toBe(204);
    expect(await reports()).toHaveLength(0);
  });

  it('limits each client address per minute', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < MAX_REQUESTS_PER_MINUTE; i++) expect((await report(JSON.stringify([RECORD]), { ip })).status).toBe(204);
    const refused = await report(JSON.stringify([RECORD]), { ip });
    expect(refused.status).toBe(429);
    expect(await reports()).toHaveLength(MAX_REQUESTS_PER_MINUTE);
    // Another address is not affected.
    expect((await report(JSON.stringify([RECORD]))).status).toBe(204);
  });
});
