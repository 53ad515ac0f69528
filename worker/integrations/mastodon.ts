// Mastodon for members (docs/adr/0180-mastodon-for-members.md; spec: enable_mastodon_for_members,
// /mastodon, /m/callback/mastodon, the avatar menu's "Create a Mastodon account", the error
// kinds MastodonInstanceConnectionError, MastodonAccountConnectionError and
// MastodonAccountValidationError with problems). An active member either claims an account on
// the product's instance (POST /api/v1/accounts with our app's token) or connects an account
// they have on any public instance by OAuth 2 (authorize → /m/callback/mastodon → token →
// verify_credentials). Only the account's name and instance are kept (mastodon_accounts); the
// instance's tokens are used once and dropped.
import { and, eq } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { mastodonAccounts } from '../db/schema.ts';
import { configuredFlags } from '../env.ts';
import type { RequestContext } from '../context/request-context.ts';
import { forbidden, notFound, signInRequired } from '../context/errors.ts';
import { randomToken, sha256Hex } from '../lib/crypto.ts';
import { authOrigin } from '../auth/social/oauth-helpers.ts';
import { checkRemoteAddress } from '../uploads/remote-address.ts';
import { viewerIsActiveMember } from '../membership/active-membership.ts';
import type { MastodonCallbackError } from '../../shared/accounts/mastodon.ts';
import { instanceConnectionText, validationProblemText } from '../../shared/accounts/mastodon.ts';
import { mastodonClient, MastodonRefused, type MastodonApp, type MastodonClient } from './mastodon-client.ts';
import { LOCAL_MASTODON_DOMAIN, localMastodonFetch, localMastodonOrigin, usesLocalMastodon } from './mastodon-local-instance.ts';

export const MASTODON_FLAG = 'enable_mastodon_for_members';
export const MASTODON_CALLBACK_PATH = '/m/callback/mastodon';
export const MASTODON_PAGE_PATH = '/mastodon';
export const MASTODON_STATE_LIFETIME_MS = 10 * 60 * 1000;

export type MastodonProblem = { field: string; code: string; message: string };
export type MastodonErrorResult =
  | { kind: 'MastodonInstanceConnectionError'; message: string; domain: string | null }
  | { kind: 'MastodonAccountConnectionError'; message: string }
  | { kind: 'MastodonAccountValidationError'; message: string; problems: MastodonProblem[] };

interface Instance {
  domain: string;
  client: MastodonClient;
}

/** The instance a typed address names: "mastodon.social", "https://mastodon.social/", "@ada@mastodon.social". */
export function instanceDomain(typed: string): string | null {
  let text = typed.trim().toLowerCase();
  const handle = /^@?[a-z0-9_]+@([^@\s/]+)$/.exec(text);
  if (handle) text = handle[1]!;
  if (!/^[a-z][a-z0-9+.-]*:\/\//.test(text)) text = `https://${text}`;
  try {
    const url = new URL(text);
    if (url.pathname !== '/' || url.search || url.hash) return null;
    return url.host || null;
  } catch {
    return null;
  }
}

/** The product's own instance, where members claim accounts; null when none is configured. */
export function membersInstance(ctx: Pick<RequestContext, 'env'>): Instance | null {
  const configured = ctx.env.MASTODON_INSTANCE;
  if (!configured) return null;
  if (configured === 'local') return usesLocalMastodon(ctx.env) ? { domain: LOCAL_MASTODON_DOMAIN, client: mastodonClient(localMastodonOrigin(ctx.env), localMastodonFetch(ctx.env)) } : null;
  const checked = checkRemoteAddress(configured);
  return checked.ok ? { domain: checked.url.host, client: mastodonClient(checked.url.origin, (input, init) => fetch(input, init)) } : null;
}

/**
 * The instance at a member-typed domain, or why not. Only https to a public name or address
 * (worker/uploads/remote-address.ts, the server-side request forgery guard): the worker calls the
 * instance itself, so a private address is refused before any connection.
 */
function instanceAt(ctx: Pick<RequestContext, 'env'>, domain: string): Instance | string {
  const own = membersInstance(ctx);
  if (own && own.domain === domain) return own;
  const checked = checkRemoteAddress(`https://${domain}/`);
  if (!checked.ok) return checked.reason;
  // Mastodon does not follow redirects for the API; neither do we (mastodonClient asks for manual).
  return { domain: checked.url.host, client: mastodonClient(checked.url.origin, (input, init) => fetch(input, init)) };
}

function mastodonLinkPath(query: Record<string, string>): string {
  return `${MASTODON_PAGE_PATH}?${new URLSearchParams(query)}`;
}

async function requireMember(ctx: RequestContext): Promise<string> {
  if (!configuredFlags(ctx.env).has(MASTODON_FLAG)) throw notFound('Mastodon for members is not offered here.');
  const user = ctx.viewer.user;
  if (!user) throw signInRequired('connect a Mastodon account');
  if (!(await viewerIsActiveMember(ctx))) throw forbidden('Mastodon for members is for members. Become a member to claim or connect an account.');
  return user.id;
}

/** Our app on the instance: registered once (POST /api/v1/apps), then reused. */
async function appOn(ctx: RequestContext, instance: Instance): Promise<MastodonApp> {
  const read = () => ctx.db.prepare('SELECT client_id, client_secret FROM mastodon_apps WHERE domain = ?').bind(instance.domain).first<{ client_id: string; client_secret: string }>();
  const known = await read();
  if (known) return { clientId: known.client_id, clientSecret: known.client_secret };
  const app = await instance.client.registerApp({ clientName: ctx.env.PRODUCT_NAME, redirectUri: authOrigin(ctx.env) + MASTODON_CALLBACK_PATH, website: authOrigin(ctx.env) });
  await ctx.db.prepare('INSERT OR IGNORE INTO mastodon_apps (domain, client_id, client_secret, created_at) VALUES (?, ?, ?, ?)').bind(instance.domain, app.clientId, app.clientSecret, ctx.now).run();
  // Two first connections at once: both use the app that was kept.
  const kept = (await read())!;
  return { clientId: kept.client_id, clientSecret: kept.client_secret };
}

/** Links the account unless another member has it; the member's previous link is replaced. */
async function link(ctx: RequestContext, userId: string, domain: string, username: string): Promise<'connected' | 'ACCOUNT_TAKEN'> {
  const [taken] = await orm(ctx.db)
    .select({ userId: mastodonAccounts.userId })
    .from(mastodonAccounts)
    .where(and(eq(mastodonAccounts.domain, domain), eq(mastodonAccounts.username, username)));
  if (taken && taken.userId !== userId) return 'ACCOUNT_TAKEN';
  await orm(ctx.db)
    .insert(mastodonAccounts)
    .values({ userId, username, domain, createdAt: ctx.now })
    .onConflictDoUpdate({ target: mastodonAccounts.userId, set: { username, domain, createdAt: ctx.now } });
  return 'connected';
}

/**
 * Starts connecting an existing account: registers our app on the instance if needed, keeps a
 * one-use state bound to this member, and answers the instance's authorize address.
 */
export async function startMastodonConnection(ctx: RequestContext, typed: string): Promise<{ kind: 'MastodonAuthorization'; authorizeUrl: string } | MastodonErrorResult> {
  const userId = await requireMember(ctx);
  const domain = instanceDomain(typed);
  if (!domain) return { kind: 'MastodonInstanceConnectionError', message: instanceConnectionText(null), domain: null };
  const instance = instanceAt(ctx, domain);
  if (typeof instance === 'string') return { kind: 'MastodonInstanceConnectionError', message: `${instance} ${instanceConnectionText(domain)}`, domain };
  let app: MastodonApp;
  try {
    app = await appOn(ctx, instance);
  } catch (error) {
    console.warn(`[mastodon] ${domain}: app registration failed: ${error instanceof Error ? error.message : String(error)}`);
    return { kind: 'MastodonInstanceConnectionError', message: instanceConnectionText(domain), domain };
  }
  const state = randomToken(32);
  await ctx.db
    .prepare('INSERT INTO mastodon_states (state_hash, user_id, domain, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
    .bind(await sha256Hex(state), userId, instance.domain, ctx.now, ctx.now + MASTODON_STATE_LIFETIME_MS)
    .run();
  return { kind: 'MastodonAuthorization', authorizeUrl: instance.client.authorizeUrl({ app, redirectUri: authOrigin(ctx.env) + MASTODON_CALLBACK_PATH, state }) };
}

/**
 * The instance sent the member back (/m/callback/mastodon). A forged, replayed, expired or
 * other member's state does nothing; so does a refused or replayed code. Answers where to go.
 */
export async function finishMastodonConnection(ctx: RequestContext, params: URLSearchParams): Promise<string> {
  const fail = (error: MastodonCallbackError) => mastodonLinkPath({ mastodonError: error });
  const user = ctx.viewer.user;
  const state = params.get('state') ?? '';
  if (!user || !state) return fail('EXPIRED_STATE');
  const row = await ctx.db
    .prepare('UPDATE mastodon_states SET used_at = ? WHERE state_hash = ? AND used_at IS NULL RETURNING user_id, domain, expires_at')
    .bind(ctx.now, await sha256Hex(state))
    .first<{ user_id: string; domain: string; expires_at: number }>();
  if (!row || row.user_id !== user.id || row.expires_at <= ctx.now) return fail('EXPIRED_STATE');
  const code = params.get('code');
  if (params.get('error') || !code) return fail('DENIED');
  const instance = instanceAt(ctx, row.domain);
  if (typeof instance === 'string') return fail('ACCOUNT_CONNECTION');
  try {
    const app = await appOn(ctx, instance);
    const token = await instance.client.exchangeCode({ app, redirectUri: authOrigin(ctx.env) + MASTODON_CALLBACK_PATH, code });
    const account = await instance.client.verifyCredentials(token);
    const outcome = await link(ctx, user.id, instance.domain, account.username);
    return outcome === 'connected' ? mastodonLinkPath({ connected: 'true' }) : fail(outcome);
  } catch (error) {
    // A replayed or forged code is refused by the instance (invalid_grant): expected traffic.
    if (error instanceof MastodonRefused) console.warn(`[mastodon] ${row.domain} refused: ${error.message}`);
    else console.error(`[mastodon] ${row.domain}: connection failed`, error);
    return fail('ACCOUNT_CONNECTION');
  }
}

/** The problems of a 422 from POST /api/v1/accounts, in the member's words. */
function problemsOf(error: MastodonRefused): MastodonProblem[] {
  return Object.entries(error.details).flatMap(([field, list]) =>
    list.map((problem) => ({ field, code: problem.error, message: validationProblemText(field, problem.error, problem.description) })),
  );
}

/** Claims `username` on the product's instance for the member, with their email address. */
export async function claimMastodonAccount(ctx: RequestContext, username: string): Promise<{ kind: 'MastodonAccount'; userId: string } | MastodonErrorResult> {
  const userId = await requireMember(ctx);
  const instance = membersInstance(ctx);
  if (!instance) return { kind: 'MastodonInstanceConnectionError', message: 'The members’ instance is not open yet. Connect an account you have elsewhere.', domain: null };
  const wanted = username.trim().replace(/^@/, '');
  // Checked here too, so an obviously bad name never reaches the instance.
  if (!/^[A-Za-z0-9_]{1,30}$/.test(wanted)) {
    const code = wanted ? (wanted.length > 30 ? 'ERR_TOO_LONG' : 'ERR_INVALID') : 'ERR_BLANK';
    return { kind: 'MastodonAccountValidationError', message: 'Your Mastodon account couldn’t be created.', problems: [{ field: 'username', code, message: validationProblemText('username', code, '') }] };
  }
  const email = ctx.viewer.user!.email;
  if (!email) {
    return { kind: 'MastodonAccountValidationError', message: 'Your Mastodon account couldn’t be created.', problems: [{ field: 'email', code: 'ERR_BLANK', message: validationProblemText('email', 'ERR_BLANK', '') }] };
  }
  try {
    const app = await appOn(ctx, instance);
    const appToken = await instance.client.appToken(app);
    // The member never sees this password: they set their own with the instance's "Forgot your password?".
    const token = await instance.client.createAccount({ appToken, username: wanted, email, password: randomToken(24), locale: 'en' });
    const account = await instance.client.verifyCredentials(token);
    const outcome = await link(ctx, userId, instance.domain, account.username);
    if (outcome !== 'connected') return { kind: 'MastodonAccountConnectionError', message: 'That Mastodon account is already connected to another account here.' };
    return { kind: 'MastodonAccount', userId };
  } catch (error) {
    if (error instanceof MastodonRefused && error.status === 422 && Object.keys(error.details).length) {
      return { kind: 'MastodonAccountValidationError', message: 'Your Mastodon account couldn’t be created.', problems: problemsOf(error) };
    }
    console.error(`[mastodon] claim on ${instance.domain} failed`, error);
    if (error instanceof MastodonRefused) return { kind: 'MastodonAccountConnectionError', message: 'The members’ instance refused to create your account. Try again in a moment.' };
    return { kind: 'MastodonInstanceConnectionError', message: instanceConnectionText(instance.domain), domain: instance.domain };
  }
}

/** Forgets the member's linked account (the account itself stays on its instance). */
export async function disconnectMastodonAccount(ctx: RequestContext): Promise<boolean> {
  const userId = await requireMember(ctx);
  await orm(ctx.db).delete(mastodonAccounts).where(eq(mastodonAccounts.userId, userId));
  return true;
}

/** What /mastodon offers the viewer: the members' instance (claiming), the stand-in's name, whether they may. */
export async function mastodonOffer(ctx: RequestContext): Promise<{ membersInstanceDomain: string | null; localInstanceDomain: string | null; signedIn: boolean; viewerIsMember: boolean; userId: string | null }> {
  const user = ctx.viewer.user;
  return {
    membersInstanceDomain: membersInstance(ctx)?.domain ?? null,
    localInstanceDomain: usesLocalMastodon(ctx.env) ? LOCAL_MASTODON_DOMAIN : null,
    signedIn: Boolean(user),
    viewerIsMember: user ? await viewerIsActiveMember(ctx) : false,
    userId: user?.id ?? null,
  };
}

/** Where "Go to …" leads: the account's profile on its instance (the stand-in's own page for its accounts). */
export function mastodonAccountUrl(ctx: Pick<RequestContext, 'env'>, account: { domain: string; username: string }): string {
  if (account.domain === LOCAL_MASTODON_DOMAIN && usesLocalMastodon(ctx.env)) return `${localMastodonOrigin(ctx.env)}/@${encodeURIComponent(account.username)}`;
  return `https://${account.domain}/@${encodeURIComponent(account.username)}`;
}
