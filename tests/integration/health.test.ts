import { exports, env } from 'cloudflare:workers';
import { expect, it } from 'vitest';

it('answers health and has a migrated database', async () => {
  const res = await exports.default.fetch('http://localhost:8787/_/health');
  expect(await res.json()).toEqual({ ok: true });
  const row = await env.DB.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type='table' AND name='posts'").first<{ n: number }>();
  expect(row?.n).toBe(1);
});
