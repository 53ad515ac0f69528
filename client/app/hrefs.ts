// Addresses of things the pages link to. They follow
// docs/product/3-routes-data-calls-constants.md §2.11: a story's canonical address ends in its id;
// a profile is /@{username} on the main host.
export function storyHref(post: { uniqueSlug: string; creator: { username: string } }): string {
  return `/@${encodeURIComponent(post.creator.username)}/${encodeURIComponent(post.uniqueSlug)}`;
}

export function profileHref(user: { username: string }): string {
  return `/@${encodeURIComponent(user.username)}`;
}
