import { mainOrigin, type Env } from '../env.ts';
import type { LinkContext } from '../../shared/routing/links.ts';
import { storyUrl } from '../../shared/urls/story-urls.ts';
import { liveCustomDomainState } from './custom-domain-state.ts';

// Absolute addresses served in data (Post.mediumUrl), built by the same shared builders as
// every link the pages draw (shared/urls/), so the data, the cards and the canonical link agree.

/** {slug}-{id}, or the id alone for a story without a title slug. */
export function uniqueSlug(post: { slug: string; id: string }): string {
  return post.slug ? `${post.slug}-${post.id}` : post.id;
}

interface AddressedUser {
  username: string;
  hasSubdomain: boolean;
  customDomain: string | null;
  customDomainState: 'NONE' | 'PENDING' | 'LIVE';
}

interface AddressedCollection {
  id: string;
  slug: string;
  domain: string | null;
  customDomainState: 'NONE' | 'PENDING' | 'LIVE';
}

/**
 * A story's canonical absolute address (docs/product/3-routes-data-calls-constants.md §2.11):
 * on its publication's site, else its writer's own site (live custom domain, subdomain), else
 * /@{username}/{slug}-{id} on the main host.
 */
export function canonicalStoryUrl(
  env: Pick<Env, 'MAIN_HOST'>,
  creator: AddressedUser,
  collection: AddressedCollection | null,
  post: { slug: string; id: string },
): string {
  const origin = mainOrigin(env);
  const ctx: LinkContext = { hostKind: 'default', mainOrigin: origin };
  const url = storyUrl(
    {
      id: post.id,
      slug: uniqueSlug(post),
      creator: {
        username: creator.username,
        hasSubdomain: creator.hasSubdomain,
        customDomainState: liveCustomDomainState(creator.customDomainState, creator.customDomain),
      },
      collection: collection
        ? { id: collection.id, slug: collection.slug, domain: null, customDomainState: liveCustomDomainState(collection.customDomainState, collection.domain) }
        : null,
    },
    ctx,
  );
  return url.startsWith('/') ? origin + url : url;
}
