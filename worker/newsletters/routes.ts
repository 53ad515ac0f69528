// The newsletter endpoints outside the page pipeline (docs/newsletters.md):
//
// POST /_/newsletters/unsubscribe/{userId}/{writerId}/{hash}
//   The List-Unsubscribe address of every newsletter email: mail clients POST
//   "List-Unsubscribe=One-Click" to it (RFC 8058) and the subscription ends, without sign-in;
//   the signature is the authority (a forged or changed one answers 403 and changes nothing).
//   A GET (a client that opens the address in a browser, a link scanner) changes nothing: it
//   redirects to the signed email-settings page, where the reader unsubscribes with one click.
// GET /_/subscribe/user/{id}
//   The writer's newsletter by user id: redirects to /@{username}/subscribe.
import type { Context, Hono } from 'hono';
import type { Env } from '../env.ts';
import { unsubscribeUser } from '../graphql/modules/newsletters.ts';
import { isValidEmailSettingsHash } from './signing.ts';

const plain = (text: string, status: number) => new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

async function oneClickUnsubscribe(c: Context<{ Bindings: Env }>): Promise<Response> {
  const { userId, writerId, hash } = c.req.param() as { userId: string; writerId: string; hash: string };
  if (!(await isValidEmailSettingsHash(c.env, userId, hash))) return plain('This unsubscribe link is not valid.', 403);
  if (c.req.method === 'GET') return c.redirect(`/me/email-settings/${encodeURIComponent(userId)}/${hash}`, 302);
  await unsubscribeUser(c.env.DB, userId, writerId);
  return plain("You've been unsubscribed. It may take up to 24 hours to take effect.", 200);
}

async function subscribeToUser(c: Context<{ Bindings: Env }>): Promise<Response> {
  const user = await c.env.DB.prepare('SELECT username FROM users WHERE id = ? AND deleted_at IS NULL').bind(c.req.param('userId')).first<{ username: string }>();
  if (!user) return plain('Not found', 404);
  return c.redirect(`/@${encodeURIComponent(user.username)}/subscribe`, 302);
}

export function mountNewsletters(app: Hono<{ Bindings: Env }>): void {
  app.on(['GET', 'POST'], '/_/newsletters/unsubscribe/:userId/:writerId/:hash', oneClickUnsubscribe);
  app.get('/_/subscribe/user/:userId', subscribeToUser);
}
