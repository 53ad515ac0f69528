import type { Env } from '../../env.ts';

// Absolute addresses served in data (Post.mediumUrl). When the shared link builders land
// (shared/, "link and URL builders"), these should call them.

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$|\.localhost(:\d+)?$/;

/** https://MAIN_HOST, or http:// for a local development host. */
export function mainOrigin(env: Pick<Env, 'MAIN_HOST'>): string {
  return `${LOCAL_HOST.test(env.MAIN_HOST) ? 'http' : 'https'}://${env.MAIN_HOST}`;
}

/** {slug}-{id}, or the id alone for a story without a title slug. */
export function uniqueSlug(post: { slug: string; id: string }): string {
  return post.slug ? `${post.slug}-${post.id}` : post.id;
}

/** A story's canonical address: /@{username}/{slug}-{id} on the main host. */
export function postUrl(env: Pick<Env, 'MAIN_HOST'>, username: string, post: { slug: string; id: string }): string {
  return `${mainOrigin(env)}/@${encodeURIComponent(username)}/${uniqueSlug(post)}`;
}
