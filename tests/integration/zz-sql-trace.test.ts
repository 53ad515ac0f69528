import { env } from 'cloudflare:workers';
import { it } from 'vitest';
import { POSTS, seedWorld } from './helpers/fixtures.ts';
import { send } from './helpers/edge-cache.ts';

function tracing(db: any, out: string[]): any {
  const wrapStmt = (st: any, sql: string): any => new Proxy(st, { get(t, p) { const v = Reflect.get(t, p, t); if (typeof v !== 'function') return v; if (p === 'bind') return (...a: unknown[]) => wrapStmt(v.apply(t, a), sql); if (['first','all','run','raw'].includes(String(p))) return (...a: unknown[]) => { out.push(sql); return v.apply(t, a); }; return v.bind(t); } });
  const wrapDb = (d: any): any => new Proxy(d, { get(t, p) { const v = Reflect.get(t, p, t); if (p === 'prepare') return (sql: string) => wrapStmt(v.call(t, sql), sql); if (p === 'batch') return (sts: any[]) => { out.push('BATCH ' + sts.length); return v.call(t, sts.map((s: any) => s)); }; if (p === 'withSession') return (...a: unknown[]) => wrapDb(v.apply(t, a)); return typeof v === 'function' ? v.bind(t) : v; } });
  return wrapDb(db);
}

it('traces', async () => {
  const world = await seedWorld(env.DB);
  const pages: [string, string, string | undefined][] = [
    ['story', `/p/${POSTS.open}`, undefined],
    ['home', '/', undefined],
    ['trending', '/trending', undefined],
    ['story-signed-in', `/p/${POSTS.open}`, world.sessions.reader],
  ];
  let all = '';
  for (const [name, path, session] of pages) {
    await send(path, { session, vars: { EDGE_CACHE: 'off' } });
    const out: string[] = [];
    const a = await send(path, { session, vars: { EDGE_CACHE: 'off' }, db: tracing(env.DB, out) });
    all += (`=== ${name} ${a.status} ${a.headers.get('x-d1-queries')}\n` + out.map((s) => '  ' + s.replace(/\s+/g, ' ')).join('\n'));
  }
  throw new Error('TRACE\n' + all);
}, 120000);
