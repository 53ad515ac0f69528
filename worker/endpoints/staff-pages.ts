// Staff pages (docs/product/3-routes-data-calls-constants.md §2.10; docs/adr/0083-staff-pages.md):
//   GET  /_/admin/internal-status        build and deployment version, D1, cache settings, jobs
//   GET  /_/admin/users/{id}             an account; suspend, limit, restore, verify book author
//   POST /_/admin/users/{id}/{action}    the action (anti-forgery field, same-origin form)
// Staff only (not a spoofed session): everyone else gets the ordinary 404 page, as if the
// address did not exist. Server-rendered HTML of their own: an operator's tool, never cached.
import type { Context, Hono, Next } from 'hono';
import { html } from 'hono/html';
import { timingSafeEqual } from 'hono/utils/buffer';
import manifest from '../generated/asset-manifest.json' with { type: 'json' };
import type { Env } from '../env.ts';
import { edgeCacheConfigOf } from '../cache/config.ts';
import { currentDeploymentVersion } from '../cache/version.ts';
import { consequencesFor } from '../consequences/consequences.ts';
import { clearHostCache } from '../host/resolve-host.ts';
import { newId } from '../lib/ids.ts';
import { revokeAllSessions } from '../session/session-store.ts';
import { resolveViewer, type RequestViewer } from '../session/viewer.ts';
import { isSameOriginPost } from '../auth/pages.ts';
import { ADMIN_ACTIONS } from '../db/schema.ts';

type AppContext = Context<{ Bindings: Env }>;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const STAFF_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'private, no-store',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'x-robots-tag': 'noindex',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
} as const;

/** The most stories' pages one action purges (a prolific writer's newest stories first). */
const MAX_PURGED_POSTS = 500;

export async function staffViewer(c: AppContext): Promise<RequestViewer | null> {
  const viewer = await resolveViewer(c.env.DB, c.req.raw);
  return viewer.user?.isStaff && !viewer.isSpoofed ? viewer : null;
}

export function layout(title: string, body: unknown) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title} – Staff</title>
    <style>
      body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: #242424; }
      main { max-width: 860px; margin: 40px auto; padding: 0 24px; }
      h1 { font-size: 28px; } table { border-collapse: collapse; width: 100%; margin-bottom: 24px; }
      th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid #eee; vertical-align: top; }
      th { width: 260px; color: #6b6b6b; font-weight: 500; }
      .ok { color: #1a8917; } .bad { color: #c94a4a; }
      form { display: inline-block; margin: 0 8px 8px 0; }
      button { font: inherit; padding: 6px 16px; border-radius: 99em; border: 1px solid #242424; background: #fff; cursor: pointer; }
    </style>
  </head>
  <body><main>${body}</main></body>
</html>`;
}

async function internalStatus(c: AppContext, next: Next): Promise<Response | void> {
  if (!(await staffViewer(c))) return next();
  const started = Date.now();
  let d1: { ok: boolean; detail: string };
  try {
    const row = await c.env.DB.prepare("SELECT count(*) AS n FROM d1_migrations").first<{ n: number }>();
    d1 = { ok: true, detail: `reachable in ${Date.now() - started} ms; ${row?.n ?? 0} migrations applied` };
  } catch (error) {
    d1 = { ok: false, detail: String(error) };
  }
  const cache = edgeCacheConfigOf(c.env);
  const jobs = await c.env.DB.prepare(
    "SELECT (SELECT count(*) FROM posts WHERE deleted_at IS NOT NULL AND deleted_at < ?) AS overdue_trash, (SELECT count(*) FROM posts WHERE deleted_at IS NOT NULL) AS trash",
  )
    .bind(Date.now() - 15 * 24 * 60 * 60 * 1000)
    .first<{ overdue_trash: number; trash: number }>()
    .catch(() => null);
  const rows: [string, unknown, boolean?][] = [
    ['Environment', c.env.ENVIRONMENT],
    ['Build (client bundle)', manifest.js],
    ['Deployment version (cache keys)', currentDeploymentVersion(c.env)],
    ['D1', d1.detail, d1.ok],
    ['Edge cache', cache.inUse ? 'on' : 'off'],
    ['Cache freshness / stale retention', `${cache.ttlSeconds} s / ${cache.staleSeconds} s`],
    ['Cache experiment', cache.experiment || '(none)'],
    ['Memory hold of HITs', `${cache.memoryHoldMs} ms`],
    ['Daily job: trash purge (03:00 UTC)', jobs ? `${jobs.trash} stories in the trash; ${jobs.overdue_trash} overdue for purge` : 'unknown', jobs ? jobs.overdue_trash === 0 : false],
  ];
  const body = html`<h1>Internal status</h1>
    <table data-testid="internal-status">
      ${rows.map(([name, value, ok]) => html`<tr><th>${name}</th><td class="${ok === undefined ? '' : ok ? 'ok' : 'bad'}">${String(value)}</td></tr>`)}
    </table>`;
  return new Response(String(await layout('Internal status', body)), { headers: STAFF_PAGE_HEADERS });
}

interface AdminUserRow {
  id: string;
  username: string;
  name: string;
  email: string | null;
  created_at: number;
  deleted_at: number | null;
  is_suspended: number;
  limited_at: number | null;
  is_book_author: number;
  is_staff: number;
  custom_domain: string | null;
  custom_domain_state: string;
}

async function userPage(c: AppContext, next: Next): Promise<Response | void> {
  const staff = await staffViewer(c);
  if (!staff) return next();
  const id = c.req.param('id') ?? '';
  const user = await c.env.DB.prepare(
    'SELECT id, username, name, email, created_at, deleted_at, is_suspended, limited_at, is_book_author, is_staff, custom_domain, custom_domain_state FROM users WHERE id = ?',
  )
    .bind(id)
    .first<AdminUserRow>();
  if (!user) return next();
  const [counts, actions] = await Promise.all([
    c.env.DB.prepare(
      "SELECT (SELECT count(*) FROM posts WHERE creator_id = ? AND status = 'PUBLISHED' AND deleted_at IS NULL) AS stories, (SELECT count(*) FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?) AS sessions",
    )
      .bind(id, id, Date.now())
      .first<{ stories: number; sessions: number }>(),
    c.env.DB.prepare('SELECT a.action, a.created_at, s.username AS staff FROM admin_actions a JOIN users s ON s.id = a.staff_user_id WHERE a.user_id = ? ORDER BY a.created_at DESC LIMIT 20')
      .bind(id)
      .all<{ action: string; created_at: number; staff: string }>(),
  ]);
  const state = user.deleted_at ? 'deleted' : user.is_suspended ? 'suspended' : user.limited_at ? 'limited' : 'active';
  const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const action = (name: AdminAction, label: string) =>
    html`<form method="post" action="/_/admin/users/${user.id}/${name}"><input type="hidden" name="xsrf" value="${staff.xsrf ?? ''}" /><button type="submit" data-action="${name}">${label}</button></form>`;
  const body = html`<h1>@${user.username}</h1>
    <table>
      <tr><th>Id</th><td>${user.id}</td></tr>
      <tr><th>Name</th><td>${user.name}</td></tr>
      <tr><th>Email</th><td>${user.email ?? ''}</td></tr>
      <tr><th>Joined</th><td>${when(user.created_at)}</td></tr>
      <tr><th>State</th><td data-testid="admin-user-state">${state}</td></tr>
      <tr><th>Verified book author</th><td data-testid="admin-user-book-author">${user.is_book_author ? 'yes' : 'no'}</td></tr>
      <tr><th>Staff</th><td>${user.is_staff ? 'yes' : 'no'}</td></tr>
      <tr><th>Custom domain</th><td>${user.custom_domain ? `${user.custom_domain} (${user.custom_domain_state})` : ''}</td></tr>
      <tr><th>Published stories</th><td>${counts?.stories ?? 0}</td></tr>
      <tr><th>Live sessions</th><td>${counts?.sessions ?? 0}</td></tr>
    </table>
    ${user.deleted_at ? '' : html`${action('suspend', 'Suspend')} ${action('limit', 'Limit')} ${action('restore', 'Restore')} ${action('verify_book_author', 'Verify book author')}`}
    <h2>History</h2>
    <table>${actions.results.map((a) => html`<tr><th>${when(a.created_at)}</th><td>${a.action} by @${a.staff}</td></tr>`)}</table>`;
  return new Response(String(await layout(`@${user.username}`, body)), { headers: STAFF_PAGE_HEADERS });
}

/**
 * What an action changes. Suspending hides the account and its stories and ends its sessions;
 * limiting keeps it readable but stops it publishing and responding (limited_at); restoring lifts
 * both. The pages that show the account or its stories are purged.
 */
export async function applyAdminAction(env: Env, staffUserId: string, userId: string, action: AdminAction, now: number): Promise<void> {
  const change = {
    suspend: env.DB.prepare('UPDATE users SET is_suspended = 1 WHERE id = ?').bind(userId),
    limit: env.DB.prepare('UPDATE users SET limited_at = coalesce(limited_at, ?) WHERE id = ?').bind(now, userId),
    restore: env.DB.prepare('UPDATE users SET is_suspended = 0, limited_at = NULL WHERE id = ?').bind(userId),
    verify_book_author: env.DB.prepare('UPDATE users SET is_book_author = 1 WHERE id = ?').bind(userId),
  }[action];
  await env.DB.batch([
    change,
    env.DB.prepare('INSERT INTO admin_actions (id, staff_user_id, user_id, action, created_at) VALUES (?, ?, ?, ?, ?)').bind(newId(), staffUserId, userId, action, now),
  ]);
  if (action === 'suspend') await revokeAllSessions(env.DB, userId, now);
  clearHostCache();
  const { results } = await env.DB.prepare('SELECT id FROM posts WHERE creator_id = ? ORDER BY created_at DESC LIMIT ?').bind(userId, MAX_PURGED_POSTS).all<{ id: string }>();
  await consequencesFor(env).record({ pages: [{ kind: 'profile', id: userId }, { kind: 'home' }, ...results.map((p) => ({ kind: 'story' as const, id: p.id }))] });
}

async function userAction(c: AppContext, next: Next): Promise<Response | void> {
  const staff = await staffViewer(c);
  if (!staff) return next();
  const action = c.req.param('action') as AdminAction;
  if (!(ADMIN_ACTIONS as readonly string[]).includes(action)) return next();
  if (!isSameOriginPost(c.req.raw)) return c.text('Forbidden', 403);
  const form = await c.req.formData().catch(() => null);
  const xsrf = form?.get('xsrf');
  if (typeof xsrf !== 'string' || !staff.xsrf || !(await timingSafeEqual(xsrf, staff.xsrf))) return c.text('Forbidden', 403);
  const id = c.req.param('id') ?? '';
  const exists = await c.env.DB.prepare('SELECT id FROM users WHERE id = ? AND deleted_at IS NULL').bind(id).first();
  if (!exists) return next();
  await applyAdminAction(c.env, staff.user!.id, id, action, Date.now());
  return new Response(null, { status: 303, headers: { location: `/_/admin/users/${encodeURIComponent(id)}`, 'cache-control': 'no-store' } });
}

export function mountStaffPages(app: Hono<{ Bindings: Env }>): void {
  app.get('/_/admin/internal-status', internalStatus);
  app.get('/_/admin/users/:id', userPage);
  app.post('/_/admin/users/:id/:action', userAction);
}
