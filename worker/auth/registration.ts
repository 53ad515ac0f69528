// Sign-up: a registration ticket (a proven email, or a provider identity) becomes an
// account once the visitor picks a name and a username
// (docs/product/3-routes-data-calls-constants.md §8 sign-up error codes). The account starts with
// its predefined Reading list, like every reader's.
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, isNull } from 'drizzle-orm';
import {
  NAME_MAX_LENGTH,
  SIGN_UP_MESSAGES,
  suggestUsername,
  usernameProblem,
  type SignUpErrorCode,
} from '../../shared/auth/sign-in-rules.ts';
import { catalogs, emailVerifications, registrationTickets, socialIdentities, users, type UserRow } from '../db/schema.ts';
import { orm } from '../db/orm.ts';
import { randomToken, sha256Hex } from '../lib/crypto.ts';
import { newId } from '../lib/ids.ts';
import type { RequestContext } from '../context/request-context.ts';
import { REGISTRATION_COOKIE, requestCookie } from './cookies.ts';
import { httpOnlyCookie } from '../session/cookie-attributes.ts';
import type { SocialProviderId } from './social/provider.ts';
import { oneLine } from '../../shared/user-text.ts';

/** How long the registration form may take. */
export const REGISTRATION_TICKET_LIFETIME_MS = 30 * 60 * 1000;

export type RegistrationTicketRow = typeof registrationTickets.$inferSelect;

export interface TicketInput {
  email: string | null;
  emailVerified: boolean;
  redirect: string;
  fullName: string;
  provider?: SocialProviderId | null;
  providerSubject?: string | null;
  now: number;
}

/** Creates a ticket; returns the Set-Cookie that hands it to the browser. */
export async function issueRegistrationTicket(db: D1Database, url: URL, input: TicketInput): Promise<{ token: string; cookie: string }> {
  const token = randomToken(32);
  await orm(db)
    .insert(registrationTickets)
    .values({
      idHash: await sha256Hex(token),
      email: input.email,
      emailVerified: input.emailVerified,
      redirect: input.redirect,
      fullName: input.fullName.trim().slice(0, NAME_MAX_LENGTH),
      provider: input.provider ?? null,
      providerSubject: input.providerSubject ?? null,
      createdAt: input.now,
      expiresAt: input.now + REGISTRATION_TICKET_LIFETIME_MS,
      usedAt: null,
    });
  return { token, cookie: httpOnlyCookie(url, REGISTRATION_COOKIE, token, { maxAgeMs: REGISTRATION_TICKET_LIFETIME_MS }) };
}

/** A ticket that can still be used, or null. */
export async function findRegistrationTicket(db: D1Database, token: string | null, now: number): Promise<RegistrationTicketRow | null> {
  if (!token) return null;
  const [row] = await orm(db)
    .select()
    .from(registrationTickets)
    .where(eq(registrationTickets.idHash, await sha256Hex(token)));
  if (!row || row.usedAt !== null || row.expiresAt <= now) return null;
  return row;
}

export interface PendingRegistration {
  email: string | null;
  fullName: string;
  suggestedUsername: string;
  redirect: string;
}

export function describeTicket(ticket: RegistrationTicketRow): PendingRegistration {
  return {
    email: ticket.email,
    fullName: ticket.fullName,
    suggestedUsername: suggestUsername(ticket.fullName || ticket.email || ''),
    redirect: ticket.redirect,
  };
}

/** The sign-up waiting for a name and username in this browser (its registration cookie); null when none. */
export async function pendingRegistrationOf(ctx: RequestContext): Promise<PendingRegistration | null> {
  const ticket = await findRegistrationTicket(ctx.db, requestCookie(ctx.request, REGISTRATION_COOKIE), ctx.now);
  return ticket ? describeTicket(ticket) : null;
}

export type CreateAccountOutcome =
  | { kind: 'created'; user: UserRow; redirect: string }
  | { kind: 'invalid'; code: SignUpErrorCode | null; message: string }
  | { kind: 'no-ticket' };

function invalid(code: SignUpErrorCode): CreateAccountOutcome {
  return { kind: 'invalid', code, message: SIGN_UP_MESSAGES[code] };
}

async function usernameTaken(db: D1Database, username: string): Promise<boolean> {
  // users.username is COLLATE NOCASE: "Ada" and "ada" are one username.
  const [row] = await orm(db).select({ id: users.id }).from(users).where(eq(users.username, username));
  return row !== undefined;
}

async function emailTaken(db: D1Database, email: string): Promise<boolean> {
  const [row] = await orm(db).select({ id: users.id }).from(users).where(eq(users.email, email));
  return row !== undefined;
}

/** Creates the account of a ticket: the user, their Reading list, and what the ticket proved. */
export async function createAccount(
  db: D1Database,
  input: { ticketToken: string | null; name: string; username: string; now: number },
): Promise<CreateAccountOutcome> {
  const ticket = await findRegistrationTicket(db, input.ticketToken, input.now);
  if (!ticket) return { kind: 'no-ticket' };
  const name = oneLine(input.name);
  if (!name) return { kind: 'invalid', code: null, message: 'Please enter your name.' };
  if (name.length > NAME_MAX_LENGTH) return { kind: 'invalid', code: null, message: `Names can be at most ${NAME_MAX_LENGTH} characters.` };
  const username = input.username.trim().replace(/^@/, '');
  const problem = usernameProblem(username);
  if (problem) return invalid(problem);
  if (await usernameTaken(db, username)) return invalid('USERNAME_TAKEN');
  const verifiedEmail = ticket.emailVerified ? ticket.email : null;
  if (verifiedEmail && (await emailTaken(db, verifiedEmail))) return invalid('EMAIL_TAKEN');

  // Take the ticket first (atomically), so one ticket makes one account.
  const taken = await orm(db)
    .update(registrationTickets)
    .set({ usedAt: input.now })
    .where(and(eq(registrationTickets.idHash, ticket.idHash), isNull(registrationTickets.usedAt)))
    .returning({ idHash: registrationTickets.idHash });
  if (taken.length !== 1) return { kind: 'no-ticket' };

  const database = orm(db);
  const userId = newId();
  const statements = [
    database.insert(users).values({ id: userId, username, name, email: verifiedEmail, createdAt: input.now }),
    database.insert(catalogs).values({
      id: newId(),
      creatorId: userId,
      name: 'Reading list',
      type: 'PREDEFINED_LIST',
      predefined: 'READING_LIST',
      visibility: 'PRIVATE',
      createdAt: input.now,
      updatedAt: input.now,
    }),
  ] as const;
  const extra = [];
  if (ticket.provider && ticket.providerSubject) {
    extra.push(
      database
        .insert(socialIdentities)
        .values({ provider: ticket.provider, subject: ticket.providerSubject, userId, email: ticket.email, createdAt: input.now }),
    );
  }
  if (ticket.email && !ticket.emailVerified) {
    extra.push(database.insert(emailVerifications).values({ userId, email: ticket.email, createdAt: input.now }));
  }
  try {
    await database.batch([...statements, ...extra]);
  } catch (error) {
    // A race on the username or email: give the ticket back and say which.
    await database.update(registrationTickets).set({ usedAt: null }).where(eq(registrationTickets.idHash, ticket.idHash));
    const message = String(error);
    if (/users\.username/.test(message)) return invalid('USERNAME_TAKEN');
    if (/users\.email/.test(message)) return invalid('EMAIL_TAKEN');
    throw error;
  }
  const [user] = await database.select().from(users).where(eq(users.id, userId));
  return { kind: 'created', user: user!, redirect: ticket.redirect };
}

/** Links a provider identity to an existing user (sign-in with a provider whose verified email matches). */
export async function linkIdentity(db: D1Database, input: { provider: SocialProviderId; subject: string; userId: string; email: string | null; now: number }) {
  await orm(db)
    .insert(socialIdentities)
    .values({ provider: input.provider, subject: input.subject, userId: input.userId, email: input.email, createdAt: input.now })
    .onConflictDoNothing();
}
