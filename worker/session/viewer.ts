import type { D1Database } from '@cloudflare/workers-types';
import { isbot } from 'isbot';
import { findSession, SESSION_COOKIE } from './session-store.ts';
import { heldSignIn, holdSignIn } from './held-sign-ins.ts';
import { sha256Hex } from '../lib/crypto.ts';

/** The signed-in user as the request path needs it (membership is loaded on demand by GraphQL). */
export interface ViewerUser {
  id: string;
  username: string;
  name: string;
  email: string | null;
  imageId: string | null;
  isStaff: boolean;
  isSuspended: boolean;
  /** Limited by staff (users.limited_at): readable, but may not publish or respond (worker/accounts/account-limits.ts). */
  isLimited: boolean;
  isBookAuthor: boolean;
  partnerProgramStatus: string | null;
  /** Per-user feature flags, e.g. can_view_suspended_content. */
  flags: ReadonlySet<string>;
}

/** Who is asking: resolved once per request, before routing and the cache decision. */
export interface RequestViewer {
  /** null when logged out. */
  user: ViewerUser | null;
  /** Hash of the live session id (sign-out revokes it). */
  sessionIdHash: string | null;
  /** Anti-forgery value of the session; state-changing calls must echo it. */
  xsrf: string | null;
  /** A staff member acting as this user. */
  isSpoofed: boolean;
  isBot: boolean;
  /** The request carried a session cookie, valid or not. */
  sentSessionCookie: boolean;
}

export const LOGGED_OUT: RequestViewer = Object.freeze({
  user: null,
  sessionIdHash: null,
  xsrf: null,
  isSpoofed: false,
  isBot: false,
  sentSessionCookie: false,
});

interface UserRow {
  id: string;
  username: string;
  name: string;
  email: string | null;
  image_id: string | null;
  is_staff: number;
  is_suspended: number;
  limited_at: number | null;
  is_book_author: number;
  partner_program_status: string | null;
  flags: string;
}

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return value || null;
    }
  }
  return null;
}

/** The session cookie's token, or null when the request carries none (an empty value is none). */
export function sessionToken(request: Request): string | null {
  return readCookie(request.headers.get('cookie'), SESSION_COOKIE);
}

/**
 * isbot's answers per user agent, kept per isolate: its pattern is long, and most requests
 * come from a few hundred browsers. Bounded (cleared when full; long agents are not kept), so
 * a flood of made-up agents costs what it did before the memo and no more memory than this.
 */
const botByUserAgent = new Map<string, boolean>();
const BOT_MEMO_ENTRIES_MAX = 512;
const BOT_MEMO_AGENT_LENGTH_MAX = 512;

export function isBotAgent(userAgent: string): boolean {
  let bot = botByUserAgent.get(userAgent);
  if (bot === undefined) {
    bot = isbot(userAgent);
    if (userAgent.length <= BOT_MEMO_AGENT_LENGTH_MAX) {
      if (botByUserAgent.size >= BOT_MEMO_ENTRIES_MAX) botByUserAgent.clear();
      botByUserAgent.set(userAgent, bot);
    }
  }
  return bot;
}

/** The viewer of a request without a session cookie: logged out, no database read. */
export function anonymousViewer(request: Request): RequestViewer {
  return { ...LOGGED_OUT, isBot: isBotAgent(request.headers.get('user-agent') ?? '') };
}

/** The host a request was sent to, lowercased (the Host header; the URL's host without one). */
export function requestHost(request: Request): string {
  return (request.headers.get('host') ?? new URL(request.url).host).toLowerCase();
}

/** How a viewer is read: `holdMs` > 0 holds a valid sign-in in this isolate that long (held-sign-ins.ts). */
export interface ViewerReadOptions {
  holdMs?: number;
  now?: number;
  /** Told where a sign-in was read from: held in this isolate, or D1 (the primary). */
  readFrom?: (source: 'held' | 'd1') => void;
}

type HeldSession = NonNullable<Awaited<ReturnType<typeof findSession>>>;

/** The session and its user, read from D1 (null: no valid session, or its user is gone). */
async function readSignIn(db: D1Database, token: string, now: number): Promise<{ session: HeldSession; user: UserRow } | null> {
  const session = await findSession(db, token, now);
  if (!session) return null;
  const user = await db
    .prepare(
      'SELECT id, username, name, email, image_id, is_staff, is_suspended, limited_at, is_book_author, partner_program_status, flags FROM users WHERE id = ? AND deleted_at IS NULL',
    )
    .bind(session.user_id)
    .first<UserRow>();
  return user ? { session, user } : null;
}

export async function resolveViewer(db: D1Database, request: Request, options: ViewerReadOptions = {}): Promise<RequestViewer> {
  const token = sessionToken(request);
  if (!token) return anonymousViewer(request);
  const isBot = isbot(request.headers.get('user-agent') ?? '');
  const now = options.now ?? Date.now();
  const holdMs = options.holdMs ?? 0;
  let signIn: { session: HeldSession; user: UserRow } | null = null;
  if (holdMs > 0) {
    const idHash = await sha256Hex(token);
    signIn = heldSignIn<HeldSession, UserRow>(idHash, now);
    options.readFrom?.(signIn ? 'held' : 'd1');
    if (!signIn) {
      signIn = await readSignIn(db, token, now);
      if (signIn) holdSignIn(idHash, { ...signIn, until: Math.min(now + holdMs, signIn.session.expires_at) });
    }
  } else {
    options.readFrom?.('d1');
    signIn = await readSignIn(db, token, now);
  }
  if (!signIn || signIn.session.expires_at <= now) return { ...LOGGED_OUT, isBot, sentSessionCookie: true };
  const { session, user: row } = signIn;
  // A cross-host session is valid only on the host it was made for: a cookie carried to
  // another host (or a token's owner replaying it elsewhere) signs nobody in there.
  if (session.host !== null && session.host !== requestHost(request)) return { ...LOGGED_OUT, isBot, sentSessionCookie: true };
  return {
    user: {
      id: row.id,
      username: row.username,
      name: row.name,
      email: row.email,
      imageId: row.image_id,
      isStaff: row.is_staff === 1,
      isSuspended: row.is_suspended === 1,
      isLimited: row.limited_at !== null,
      isBookAuthor: row.is_book_author === 1,
      partnerProgramStatus: row.partner_program_status,
      flags: new Set(row.flags.split(',').map((f) => f.trim()).filter(Boolean)),
    },
    sessionIdHash: session.id_hash,
    xsrf: session.xsrf,
    isSpoofed: session.spoofed_by_user_id !== null,
    isBot,
    sentSessionCookie: true,
  };
}
