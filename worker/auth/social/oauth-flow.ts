// The social sign-in round trip through the auth domain
// (docs/product/2-sign-in-notices-cache-routing.md §2.3, §4.1 step 5):
//   GET  /m/connect/{google|facebook}, /m/start-auth/apple, /m/account/authenticate-twitter
//        ?operation=login|register&redirect=…  → 302 to the provider, with a one-use state
//   GET  /m/callback/{google|v2/facebook|twitter}?code&state, POST /m/callback/apple
//        → the provider's account signs in (linked identity, or verified email of an
//          account), or goes on to the registration form (providers that allow sign-up),
//          or to the UNRECOGNIZED_EMAIL step.
// The state row keeps the source context (operation, redirect), the PKCE verifier and the
// OpenID Connect nonce, and is bound to the browser that started the flow (a cookie), so a
// callback cannot be replayed into another browser (login CSRF). A signed-in reader's
// `operation=connect` (settings, "Connected sign-in methods") links the provider's account to
// theirs instead, or comes back with the spec's connect error
// (docs/adr/0155-social-sign-in-local-identity-provider.md).
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, isNull } from 'drizzle-orm';
import { oauthStates, socialIdentities, users } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { orm } from '../../db/orm.ts';
import type { RequestViewer } from '../../session/viewer.ts';
import { base64url, randomToken, sha256Hex } from '../../lib/crypto.ts';
import { clearedCookie, OAUTH_BROWSER_COOKIE, requestCookie, TWO_FACTOR_COOKIE } from '../cookies.ts';
import { httpOnlyCookie } from '../../session/cookie-attributes.ts';
import { REGISTRATION_FORM_PATH } from '../email-sign-in.ts';
import { signInReturnPath } from '../redirect.ts';
import { issueRegistrationTicket, linkIdentity } from '../registration.ts';
import { startSession, userByEmail } from '../sign-in.ts';
import { CHALLENGE_LIFETIME_MS, issueChallenge, needsSecondFactor, TWO_FACTOR_PATH } from '../two-factor.ts';
import { PROVIDER_PATHS, type OAuthProvider, type ProviderProfile, type SocialProviderId } from './provider.ts';
import { authOrigin } from './oauth-helpers.ts';
import { InvalidIdToken } from './openid-provider.ts';
import type { SocialConnectError, SocialSignInError } from '../../../shared/auth/social-sign-in.ts';

export const OAUTH_STATE_LIFETIME_MS = 10 * 60 * 1000;

export { authOrigin };

function redirectResponse(location: string, cookies: string[] = [], status = 302): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status, headers });
}

/** Where a failed or refused social sign-in lands: the sign-in page. */
export function signInPage(query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `/m/signin${search ? `?${search}` : ''}`;
}

/** The settings tab that lists connected sign-in methods. */
export const CONNECTED_PROVIDERS_PAGE = '/me/settings/security';

function connectPage(provider: SocialProviderId, outcome: { error: SocialConnectError } | { connected: true }): string {
  const query = new URLSearchParams('error' in outcome ? { connectError: outcome.error, provider } : { connected: provider });
  return `${CONNECTED_PROVIDERS_PAGE}?${query}#connectedAccounts`;
}

function signInFailed(error: SocialSignInError, provider: SocialProviderId, operation: string): string {
  return signInPage({ operation, socialError: error, provider });
}

export async function startOAuth(provider: OAuthProvider, request: Request, env: Env, now: number, viewer: RequestViewer | null = null): Promise<Response> {
  const url = new URL(request.url);
  const origin = authOrigin(env);
  // The round trip runs on the auth domain, which owns the cookies it sets.
  if (url.origin !== origin) return redirectResponse(origin + url.pathname + url.search);
  // Connecting needs a signed-in reader; the account is the one that asked.
  const connecting = url.searchParams.get('operation') === 'connect';
  if (connecting && !viewer?.user) return redirectResponse(signInPage({ operation: 'login', redirect: CONNECTED_PROVIDERS_PAGE }));
  const requested = url.searchParams.get('operation') === 'register' ? 'register' : 'login';
  const operation = requested === 'register' && provider.allowsSignUp ? 'register' : 'login';
  const redirect = await signInReturnPath(url.searchParams.get('redirect') ?? url.searchParams.get('redirectUrl'), env);
  const state = randomToken(32);
  const nonce = randomToken(32);
  const codeVerifier = randomToken(32);
  const codeChallenge = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier)));
  const browserKey = requestCookie(request, OAUTH_BROWSER_COOKIE) ?? randomToken(32);
  await orm(env.DB)
    .insert(oauthStates)
    .values({
      stateHash: await sha256Hex(state),
      provider: provider.id,
      operation,
      redirect,
      codeVerifier,
      nonce,
      connectUserId: connecting ? viewer!.user!.id : null,
      browserHash: await sha256Hex(browserKey),
      createdAt: now,
      expiresAt: now + OAUTH_STATE_LIFETIME_MS,
      usedAt: null,
    });
  const location = provider.authorizationUrl({ state, redirectUri: origin + PROVIDER_PATHS[provider.id].callback, codeChallenge, nonce, operation });
  const cookie = httpOnlyCookie(url, OAUTH_BROWSER_COOKIE, browserKey, {
    maxAgeMs: OAUTH_STATE_LIFETIME_MS,
    // Apple comes back with a cross-site POST, which carries only SameSite=None cookies.
    sameSite: provider.responseMode === 'form_post' ? 'None' : 'Lax',
  });
  return redirectResponse(location, [cookie]);
}

async function takeState(db: D1Database, provider: OAuthProvider, state: string, browserKey: string | null, now: number) {
  if (!state || !browserKey) return null;
  const stateHash = await sha256Hex(state);
  const [row] = await orm(db)
    .update(oauthStates)
    .set({ usedAt: now })
    .where(and(eq(oauthStates.stateHash, stateHash), isNull(oauthStates.usedAt)))
    .returning();
  if (!row || row.provider !== provider.id || row.expiresAt <= now) return null;
  if (row.browserHash !== (await sha256Hex(browserKey))) return null;
  return row;
}

async function userOfIdentity(db: D1Database, provider: Pick<OAuthProvider, 'id'>, subject: string): Promise<string | null> {
  const [row] = await orm(db)
    .select({ userId: socialIdentities.userId })
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.userId))
    .where(and(eq(socialIdentities.provider, provider.id), eq(socialIdentities.subject, subject), isNull(users.deletedAt)));
  return row?.userId ?? null;
}

async function formParams(request: Request): Promise<URLSearchParams> {
  const params = new URLSearchParams();
  try {
    for (const [key, value] of await request.formData()) if (typeof value === 'string') params.append(key, value);
  } catch {
    // not a form: no parameters
  }
  return params;
}

export async function finishOAuth(provider: OAuthProvider, request: Request, env: Env, viewer: RequestViewer, now: number): Promise<Response> {
  const url = new URL(request.url);
  const params = request.method === 'POST' ? await formParams(request) : url.searchParams;
  const clearBrowser = clearedCookie(url, OAUTH_BROWSER_COOKIE);
  const state = await takeState(env.DB, provider, params.get('state') ?? '', requestCookie(request, OAUTH_BROWSER_COOKIE), now);
  // A forged, replayed, expired or other browser's state: nothing happens.
  if (!state) return redirectResponse(signInFailed('EXPIRED_STATE', provider.id, 'login'), [clearBrowser], 303);
  const connectTo = state.connectUserId;
  if (connectTo && viewer.user?.id !== connectTo) return redirectResponse(connectPage(provider.id, { error: 'UNKNOWN' }), [clearBrowser], 303);
  const code = params.get('code');
  if (!code || params.get('error')) {
    return redirectResponse(connectTo ? connectPage(provider.id, { error: 'UNKNOWN' }) : signInFailed('PROVIDER_REFUSED', provider.id, state.operation), [clearBrowser], 303);
  }

  let profile;
  try {
    profile = await provider.exchangeCode({
      code,
      redirectUri: authOrigin(env) + PROVIDER_PATHS[provider.id].callback,
      codeVerifier: state.codeVerifier,
      nonce: state.nonce,
      params,
    });
  } catch (error) {
    // Refused tokens are expected traffic (forgeries, stale tabs); anything else is worth a stack.
    if (error instanceof InvalidIdToken) console.warn(`[oauth] ${provider.id} ID token refused: ${error.message}`);
    else console.error(`[oauth] ${provider.id} exchange failed`, error);
    return redirectResponse(connectTo ? connectPage(provider.id, { error: 'UNKNOWN' }) : signInFailed('INVALID_TOKEN', provider.id, state.operation), [clearBrowser], 303);
  }

  if (connectTo) {
    const outcome = await connectIdentity(env.DB, { provider: provider.id, profile, userId: connectTo, now });
    return redirectResponse(connectPage(provider.id, outcome === 'connected' ? { connected: true } : { error: outcome }), [clearBrowser], 303);
  }
  return completeSocialSignIn({ env, request, viewer, provider, profile, redirect: state.redirect, now, cookies: [clearBrowser] });
}

/**
 * Links a provider's account to a signed-in reader's (settings): ACCOUNT_TAKEN when it signs in
 * to another account, ALREADY_CONNECTED when the reader has an account of that provider
 * connected (this one or another).
 */
export async function connectIdentity(
  db: D1Database,
  input: { provider: SocialProviderId; profile: ProviderProfile; userId: string; now: number },
): Promise<'connected' | SocialConnectError> {
  const owner = await userOfIdentity(db, { id: input.provider }, input.profile.subject);
  if (owner && owner !== input.userId) return 'ACCOUNT_TAKEN';
  if (owner === input.userId) return 'ALREADY_CONNECTED';
  const [mine] = await orm(db)
    .select({ subject: socialIdentities.subject })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.userId, input.userId), eq(socialIdentities.provider, input.provider)));
  if (mine) return 'ALREADY_CONNECTED';
  const email = input.profile.email && input.profile.emailVerified ? input.profile.email.trim().toLowerCase() : null;
  await linkIdentity(db, { provider: input.provider, subject: input.profile.subject, userId: input.userId, email, now: input.now });
  // Two connects at once: the primary key lets one in; the other finds it taken.
  return (await userOfIdentity(db, { id: input.provider }, input.profile.subject)) === input.userId ? 'connected' : 'ACCOUNT_TAKEN';
}

/**
 * Where a provider's vouched-for account goes (the OAuth callback and one-tap share it): a linked
 * identity or the account of a verified email signs in and returns to `redirect`; otherwise the
 * registration form (providers that allow sign-up) or the UNRECOGNIZED_EMAIL step.
 */
export async function completeSocialSignIn(input: {
  env: Env;
  request: Request;
  viewer: RequestViewer;
  provider: Pick<OAuthProvider, 'id' | 'allowsSignUp'>;
  profile: ProviderProfile;
  redirect: string;
  now: number;
  cookies?: string[];
}): Promise<Response> {
  const { env, request, viewer, provider, profile, redirect, now } = input;
  const url = new URL(request.url);
  const extra = input.cookies ?? [];
  let userId = await userOfIdentity(env.DB, provider, profile.subject);
  const email = profile.email ? profile.email.trim().toLowerCase() : null;
  if (!userId && email && profile.emailVerified) {
    const user = await userByEmail(env.DB, email);
    if (user) {
      await linkIdentity(env.DB, { provider: provider.id, subject: profile.subject, userId: user.id, email, now });
      userId = user.id;
    }
  }
  if (userId) {
    // A provider's sign-in is a first factor only, like a proven email (docs/adr/0162-two-factor-authentication.md).
    if (await needsSecondFactor(env.DB, userId)) {
      const token = await issueChallenge(env.DB, userId, redirect, now);
      return redirectResponse(TWO_FACTOR_PATH, [httpOnlyCookie(url, TWO_FACTOR_COOKIE, token, { maxAgeMs: CHALLENGE_LIFETIME_MS }), ...extra], 303);
    }
    const cookies = await startSession(env.DB, { userId, url, viewer, now, userAgent: request.headers.get('user-agent') ?? '' });
    return redirectResponse(redirect, [...cookies, ...extra], 303);
  }
  if (!provider.allowsSignUp) {
    return redirectResponse(signInPage({ operation: 'login', step: 'UNRECOGNIZED_EMAIL' }), extra, 303);
  }
  const ticket = await issueRegistrationTicket(env.DB, url, {
    email,
    emailVerified: profile.emailVerified,
    redirect,
    fullName: profile.name,
    provider: provider.id,
    providerSubject: profile.subject,
    now,
  });
  return redirectResponse(REGISTRATION_FORM_PATH, [ticket.cookie, ...extra], 303);
}
