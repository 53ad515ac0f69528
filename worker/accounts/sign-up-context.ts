// The sign-up context (docs/product/2-sign-in-notices-cache-routing.md §2.1, §4.1 step 5;
// docs/adr/0081-sign-up-context-and-onboarding.md): what a reader signed up from — a writer, a publication, a
// topic, a story — rides through sign-up in the address the sign-up returns to, so that:
//   - the new account follows that writer, publication or topic as soon as it exists;
//   - sign-ups from the sources the spec lists skip onboarding, everyone else goes through
//     /get-started/topics and then back to where they were.
import type { Env } from '../env.ts';
import type { ChangeSink } from '../context/changes.ts';

/**
 * Sources that skip onboarding (§4.1 step 5): clap, highlight, post paywall / regwall / free /
 * custom domain, private note, respond, report, landing.
 */
export const ONBOARDING_SKIP_SOURCES: ReadonlySet<string> = new Set([
  'clap',
  'highlight',
  'post_paywall',
  'post_regwall',
  'post_free',
  'custom_domain',
  'private_note',
  'respond',
  'report',
  'landing',
]);

export const ONBOARDING_PATH = '/get-started/topics';

/**
 * Sign-ups on the way to paying (membership plans, checkout, gifts, redeeming) skip onboarding
 * too: they continue the paywall's flow, and a detour through topics would stand between a
 * reader and what they came to buy (docs/adr/0081-sign-up-context-and-onboarding.md).
 */
const CHECKOUT_PATH = /^\/(?:plans|get-started\/plans|upgrade|payment|discount|membership|gift|gift-plans|gift-checkout|group-gift|redeem|redeem-gift|manage-membership)(?:\/|$)/;

export interface SignUpContext {
  username: string | null;
  userId: string | null;
  collectionSlug: string | null;
  collectionId: string | null;
  topicSlug: string | null;
  skipsOnboarding: boolean;
}

/** Paths of the main host that are not a publication's slug (first segments of the route table). */
const NOT_A_PUBLICATION = /^\/(?:@|p\/|tag\/|tagged\/|me\/|m\/|_\/|get-started|plans|membership|search|explore-topics|trending|u\/|c\/|s\/|new-story|welcome|redeem|manage-membership|goodbye|about)/;

/** What a sign-up's return address says about where it started. */
export function signUpContextOf(redirect: string): SignUpContext {
  let url: URL;
  try {
    url = new URL(redirect, 'http://context.invalid');
  } catch {
    url = new URL('http://context.invalid/');
  }
  const q = url.searchParams;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    path = url.pathname; // a malformed %-escape in a visitor's return address (issue 29 item 4)
  }
  const source = q.get('source') ?? q.get('susiEntry');
  // The cross-host return (/m/login-redirect?redirectUrl=…) is a custom-domain sign-up.
  const fromCustomDomain = path === '/m/login-redirect';
  const profile = /^\/@([A-Za-z0-9_]+)(?:\/|$)/.exec(path);
  const topic = /^\/(?:tag|tagged)\/([a-z0-9-]+)(?:\/|$)/i.exec(path);
  const publication = !NOT_A_PUBLICATION.test(path) ? /^\/([a-z0-9-]+)(?:\/|$)/i.exec(path) : null;
  return {
    username: q.get('user') ?? profile?.[1] ?? null,
    userId: q.get('userId'),
    collectionSlug: q.get('collection') ?? publication?.[1] ?? null,
    collectionId: q.get('collectionId'),
    topicSlug: q.get('topic') ?? topic?.[1]?.toLowerCase() ?? null,
    skipsOnboarding: fromCustomDomain || CHECKOUT_PATH.test(path) || (source !== null && ONBOARDING_SKIP_SOURCES.has(source)),
  };
}

/** Where a finished sign-up goes: onboarding first (then back), unless its source skips it. */
export function afterSignUpRedirect(redirect: string): string {
  if (signUpContextOf(redirect).skipsOnboarding || redirect.startsWith(ONBOARDING_PATH)) return redirect;
  return redirect === '/' ? ONBOARDING_PATH : `${ONBOARDING_PATH}?redirect=${encodeURIComponent(redirect)}`;
}

/**
 * Makes the new account follow what it signed up from (idempotent; counts recounted in the same
 * batch, as worker/follows/follower-counts.ts does). Unknown names are ignored.
 */
export async function applySignUpContext(env: Env, changes: ChangeSink, userId: string, redirect: string, now: number): Promise<void> {
  const db = env.DB;
  const context = signUpContextOf(redirect);
  const [user, collection, topic] = await Promise.all([
    context.userId || context.username
      ? db
          .prepare('SELECT id FROM users WHERE (id = ? OR username = ?) AND deleted_at IS NULL AND is_suspended = 0 AND id <> ? LIMIT 1')
          .bind(context.userId ?? '', context.username ?? '', userId)
          .first<{ id: string }>()
      : null,
    context.collectionId || context.collectionSlug
      ? db.prepare('SELECT id FROM collections WHERE id = ? OR slug = ? LIMIT 1').bind(context.collectionId ?? '', context.collectionSlug ?? '').first<{ id: string }>()
      : null,
    context.topicSlug ? db.prepare('SELECT id FROM tags WHERE slug = ?').bind(context.topicSlug).first<{ id: string }>() : null,
  ]);
  const follow = (type: 'USER' | 'COLLECTION' | 'TAG', id: string) =>
    db.prepare('INSERT INTO follows (follower_id, target_type, target_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING').bind(userId, type, id, now);
  const statements = [];
  if (user) {
    statements.push(
      follow('USER', user.id),
      db.prepare("UPDATE users SET follower_count = (SELECT count(*) FROM follows WHERE target_type = 'USER' AND target_id = ?) WHERE id = ?").bind(user.id, user.id),
      db.prepare("UPDATE users SET following_count = (SELECT count(*) FROM follows WHERE target_type = 'USER' AND follower_id = ?) WHERE id = ?").bind(userId, userId),
    );
  }
  if (collection) {
    statements.push(
      follow('COLLECTION', collection.id),
      db.prepare("UPDATE collections SET follower_count = (SELECT count(*) FROM follows WHERE target_type = 'COLLECTION' AND target_id = ?) WHERE id = ?").bind(collection.id, collection.id),
    );
  }
  if (topic) {
    statements.push(
      follow('TAG', topic.id),
      db.prepare("UPDATE tags SET follower_count = (SELECT count(*) FROM follows WHERE target_type = 'TAG' AND target_id = ?) WHERE id = ?").bind(topic.id, topic.id),
    );
  }
  if (!statements.length) return;
  await db.batch(statements);
  // Follower counts show on the cached profile and publication pages.
  await changes.record({
    pages: [...(user ? [{ kind: 'profile' as const, id: user.id }] : []), ...(collection ? [{ kind: 'publication' as const, id: collection.id }] : [])],
  });
}
