// Author verification (docs/partner-program.md "Author verification"): a writer applies with
// their books (title and link); staff approve — the existing admin action verify_book_author
// (worker/endpoints/staff-pages.ts) — or decline. One request waits at a time.
import type { D1Database } from '@cloudflare/workers-types';
import type { RequestContext } from '../context/request-context.ts';
import { CallerError } from '../context/errors.ts';
import { newId } from '../lib/ids.ts';

export const MAX_BOOKS = 10;
const MAX_TITLE = 200;
const MAX_URL = 500;

export interface BookInput {
  title: string;
  url: string;
}

export type ApplyRefusal = { code: 'ALREADY_VERIFIED' | 'ALREADY_PENDING' | 'INVALID_BOOK'; message: string; index: number | null };

function bookRefusal(books: readonly BookInput[]): ApplyRefusal | null {
  if (books.length === 0) return { code: 'INVALID_BOOK', message: 'Add at least one book you wrote.', index: null };
  if (books.length > MAX_BOOKS) return { code: 'INVALID_BOOK', message: `Add at most ${MAX_BOOKS} books.`, index: null };
  for (const [index, book] of books.entries()) {
    const title = book.title.trim();
    if (!title || title.length > MAX_TITLE) return { code: 'INVALID_BOOK', message: `Give book ${index + 1} its title (up to ${MAX_TITLE} characters).`, index };
    let url: URL | null = null;
    try {
      url = book.url.length <= MAX_URL ? new URL(book.url.trim()) : null;
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname.includes('.')) {
      return { code: 'INVALID_BOOK', message: `Give book ${index + 1} a link to the book (a web address starting with https://).`, index };
    }
  }
  return null;
}

export interface AuthorVerification {
  isBookAuthor: boolean;
  /** PENDING, APPROVED or DECLINED; null when the writer never applied. */
  requestState: string | null;
  requestedAt: number | null;
}

export interface AuthorVerificationOutcome {
  ok: boolean;
  code: ApplyRefusal['code'] | null;
  message: string | null;
  /** The book at fault (0-based), when one is. */
  bookIndex: number | null;
  verification: AuthorVerification;
}

async function verificationOf(db: D1Database, userId: string): Promise<AuthorVerification> {
  const [user, request] = await Promise.all([
    db.prepare('SELECT is_book_author FROM users WHERE id = ?').bind(userId).first<{ is_book_author: number }>(),
    latestRequestOf(db, userId),
  ]);
  return { isBookAuthor: user?.is_book_author === 1, requestState: request?.state ?? null, requestedAt: request?.created_at ?? null };
}

/** The viewer's verification; null when logged out. */
export async function viewerAuthorVerification(ctx: RequestContext): Promise<AuthorVerification | null> {
  return ctx.viewer.user ? verificationOf(ctx.env.DB, ctx.viewer.user.id) : null;
}

/** The viewer applies with their books; the outcome carries their verification after it. */
export async function applyForAuthorVerification(ctx: RequestContext, books: readonly BookInput[]): Promise<AuthorVerificationOutcome> {
  const user = ctx.viewer.user;
  if (!user) throw new CallerError('Sign in to apply.', { code: 'UNAUTHENTICATED' });
  if (ctx.viewer.isSpoofed) throw new CallerError('A spoofed session cannot apply.', { code: 'FORBIDDEN' });
  const refusal = await apply(ctx.env.DB, user.id, books, ctx.now);
  return {
    ok: refusal === null,
    code: refusal?.code ?? null,
    message: refusal?.message ?? null,
    bookIndex: refusal?.index ?? null,
    verification: await verificationOf(ctx.env.DB, user.id),
  };
}

async function apply(db: D1Database, userId: string, books: readonly BookInput[], now: number): Promise<ApplyRefusal | null> {
  const user = await db
    .prepare("SELECT is_book_author, (SELECT count(*) FROM author_verification_requests WHERE user_id = u.id AND state = 'PENDING') AS pending FROM users u WHERE id = ?")
    .bind(userId)
    .first<{ is_book_author: number; pending: number }>();
  if (user?.is_book_author) return { code: 'ALREADY_VERIFIED', message: 'You are already a verified author.', index: null };
  if (user?.pending) return { code: 'ALREADY_PENDING', message: 'Your request is being reviewed.', index: null };
  const refusal = bookRefusal(books);
  if (refusal) return refusal;
  const requestId = newId();
  await db.batch([
    db.prepare("INSERT INTO author_verification_requests (id, user_id, state, created_at) VALUES (?, ?, 'PENDING', ?)").bind(requestId, userId, now),
    // A new request replaces the books of an earlier, declined one.
    db.prepare('DELETE FROM author_books WHERE user_id = ?').bind(userId),
    ...books.map((book, position) =>
      db
        .prepare('INSERT INTO author_books (id, user_id, request_id, title, url, position, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .bind(newId(), userId, requestId, book.title.trim(), new URL(book.url.trim()).toString(), position, now),
    ),
  ]);
  return null;
}

export interface AuthorBook {
  title: string;
  url: string;
}

/** A verified author's books (none for anyone else: unverified claims are never shown). */
export async function booksOf(ctx: RequestContext, user: { id: string; isBookAuthor: boolean }): Promise<AuthorBook[]> {
  if (!user.isBookAuthor) return [];
  const userId = user.id;
  const { results } = await ctx.env.DB
    .prepare('SELECT b.title, b.url FROM author_books b JOIN users u ON u.id = b.user_id WHERE b.user_id = ? AND u.is_book_author = 1 ORDER BY b.position')
    .bind(userId)
    .all<AuthorBook>();
  return results;
}

async function latestRequestOf(db: D1Database, userId: string): Promise<{ state: string; created_at: number } | null> {
  return db.prepare('SELECT state, created_at FROM author_verification_requests WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').bind(userId).first();
}

export interface PendingRequestRow {
  id: string;
  user_id: string;
  username: string;
  created_at: number;
  books: string;
}

export async function pendingRequests(db: D1Database): Promise<PendingRequestRow[]> {
  const { results } = await db
    .prepare(
      `SELECT r.id, r.user_id, u.username, r.created_at,
         (SELECT json_group_array(json_object('title', title, 'url', url)) FROM (SELECT title, url FROM author_books WHERE request_id = r.id ORDER BY position)) AS books
       FROM author_verification_requests r JOIN users u ON u.id = r.user_id WHERE r.state = 'PENDING' ORDER BY r.created_at LIMIT 100`,
    )
    .all<PendingRequestRow>();
  return results;
}

/** Marks a pending request decided; answers its writer's id, or null when it was not pending. */
export async function decideRequest(db: D1Database, requestId: string, approve: boolean, now: number): Promise<string | null> {
  const row = await db
    .prepare("UPDATE author_verification_requests SET state = ?, reviewed_at = ? WHERE id = ? AND state = 'PENDING' RETURNING user_id")
    .bind(approve ? 'APPROVED' : 'DECLINED', now, requestId)
    .first<{ user_id: string }>();
  return row?.user_id ?? null;
}
