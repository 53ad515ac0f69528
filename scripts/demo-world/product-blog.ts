// The product's own blog: a publication at /blog (PRODUCT_BLOG_SLUG), run by staff, where the
// avatar menu's and footer's "Blog" link leads (client/components/avatar-menu/menu-items.ts).
// Made last, from fixed values, so it draws nothing from the seeded random stream and every
// other row of the world stays as it was. The staff account's own published stories are its posts.
import type { World } from './rows.ts';
import { PRODUCT_BLOG_SLUG } from '../../shared/urls/publication-urls.ts';

/** A fixed id in the ids' form (12 hex digits) that the id factory's draws cannot reach in practice. */
export const PRODUCT_BLOG_ID = 'b1060000b106';

export function createProductBlog(world: World, staffId: string, now: number): void {
  world.collections.push({
    id: PRODUCT_BLOG_ID,
    slug: PRODUCT_BLOG_SLUG,
    name: 'Vellum Blog',
    description: 'News from the team that builds Vellum: what we made, what we changed and why.',
    avatar_id: null,
    favicon_id: null,
    domain: null,
    custom_domain_state: 'NONE',
    creator_id: staffId,
    follower_count: 0,
    created_at: now - 400 * 24 * 60 * 60 * 1000,
  } as World['collections'][number]);
  world.collection_members.push({ collection_id: PRODUCT_BLOG_ID, user_id: staffId, role: 'OWNER', created_at: now - 400 * 24 * 60 * 60 * 1000 } as World['collection_members'][number]);
  for (const post of world.posts) {
    if (post.creator_id === staffId && post.collection_id === null && post.in_response_to_post_id === null && post.status === 'PUBLISHED') post.collection_id = PRODUCT_BLOG_ID;
  }
}
