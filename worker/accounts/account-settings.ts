// What the settings page reads of the viewer's own account (docs/product/1-product-screens-membership-header-search.md §2.4;
// docs/adr/0079-account-settings.md): the account row, its signed-in sessions, the sign-in providers
// linked to it and the publications it runs. Only the viewer's own account: every read starts
// from ctx.viewer, never from an id the client sends.
import type { RequestContext } from '../context/request-context.ts';

/** The viewer's account as the settings page reads it; its fields are read when asked for. */
export interface AccountSettingsSource {
  userId: string;
}

/** The viewer's settings; null when logged out. */
export function viewerSettings(ctx: RequestContext): AccountSettingsSource | null {
  return ctx.viewer.user ? { userId: ctx.viewer.user.id } : null;
}

export interface UserSettingsRow {
  id: string;
  name: string;
  username: string;
  bio: string;
  image_id: string | null;
  email: string | null;
  custom_domain: string | null;
  custom_domain_state: string;
  has_subdomain: number;
  time_zone: string | null;
}

/** One read of the user row per settings object (fields share it). */
const rowCache = new WeakMap<AccountSettingsSource, Promise<UserSettingsRow | null>>();
export function settingsRowOf(ctx: RequestContext, source: AccountSettingsSource): Promise<UserSettingsRow | null> {
  let row = rowCache.get(source);
  if (!row) {
    row = ctx.db
      .prepare('SELECT id, name, username, bio, image_id, email, custom_domain, custom_domain_state, has_subdomain, time_zone FROM users WHERE id = ?')
      .bind(source.userId)
      .first<UserSettingsRow>();
    rowCache.set(source, row);
  }
  return row;
}

export interface AccountSession {
  /** An opaque id: the first characters of the session's hash. */
  id: string;
  createdAt: number;
  userAgent: string;
  /** The custom domain or subdomain a cross-host session serves; null on the main host. */
  host: string | null;
  isCurrent: boolean;
}

/** The account's live sessions, newest first (the latest 50). */
export async function sessionsOf(ctx: RequestContext, source: AccountSettingsSource): Promise<AccountSession[]> {
  const { results } = await ctx.db
    .prepare('SELECT id_hash, created_at, user_agent, host FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at DESC LIMIT 50')
    .bind(source.userId, ctx.now)
    .all<{ id_hash: string; created_at: number; user_agent: string; host: string | null }>();
  return results.map((row) => ({
    id: row.id_hash.slice(0, 12),
    createdAt: row.created_at,
    userAgent: row.user_agent,
    host: row.host,
    isCurrent: row.id_hash === ctx.viewer.sessionIdHash,
  }));
}

export interface ConnectedSignInProvider {
  provider: string;
  email: string | null;
  connectedAt: number;
}

/** The sign-in provider accounts linked to the account, oldest first. */
export async function connectedProvidersOf(ctx: RequestContext, source: AccountSettingsSource): Promise<ConnectedSignInProvider[]> {
  const { results } = await ctx.db
    .prepare('SELECT provider, email, created_at FROM social_identities WHERE user_id = ? ORDER BY created_at')
    .bind(source.userId)
    .all<{ provider: string; email: string | null; created_at: number }>();
  return results.map((row) => ({ provider: row.provider, email: row.email, connectedAt: row.created_at }));
}

export interface ManagedPublication {
  id: string;
  name: string;
  slug: string;
  role: string;
}

/** The publications the account runs (owner or editor), by name. */
export async function managedPublicationsOf(ctx: RequestContext, source: AccountSettingsSource): Promise<ManagedPublication[]> {
  const { results } = await ctx.db
    .prepare(
      "SELECT c.id, c.name, c.slug, m.role FROM collection_members m JOIN collections c ON c.id = m.collection_id WHERE m.user_id = ? AND m.role IN ('OWNER', 'EDITOR') ORDER BY c.name",
    )
    .bind(source.userId)
    .all<ManagedPublication>();
  return results;
}
