// The heading of the topic pages (topic, topic-recommended, topic-who-to-follow): the
// topic's name, its counts, a follow button (kind TAG) and the tabs between the three.
import { Link } from '../../app/navigation.tsx';
import { useLinkContext } from '../header/link-context.ts';
import { buildLink } from '../../../shared/routing/links.ts';
import { tagUrl } from '../../../shared/urls/misc-urls.ts';
import { formatCount } from '../../../shared/format.ts';
import type { TagHeader } from './tag-parts.graphql.ts';
import { FollowButton, FollowerCount } from '../follow/FollowButton.tsx';

export type TagTab = 'latest' | 'recommended' | 'who-to-follow';

export function TagNotFound() {
  return (
    <div className="error-page">
      <p className="error-page-kicker">PAGE NOT FOUND</p>
      <h1 className="error-page-heading">There is no such topic.</h1>
    </div>
  );
}

export function tagTitle(tag: TagHeader | null | undefined, productName: string, section?: string): string {
  if (!tag) return productName;
  return `${section ? `${section} in ` : ''}${tag.displayTitle} – ${productName}`;
}

function stories(count: number): string {
  return count === 1 ? '1 story' : `${formatCount(count)} stories`;
}

export function TagHeading({ tag, active }: { tag: TagHeader; active: TagTab | null }) {
  const ctx = useLinkContext();
  const target = { kind: 'TAG' as const, id: tag.id, name: tag.displayTitle };
  const tabs: { key: TagTab; label: string; href: string }[] = [
    { key: 'latest', label: 'Latest', href: tagUrl(tag.slug, ctx) },
    { key: 'recommended', label: 'Recommended', href: buildLink('ShowTagRecommended', { tagSlug: tag.slug }, ctx) },
    { key: 'who-to-follow', label: 'Who to follow', href: buildLink('ShowTagWhoToFollow', { tagSlug: tag.slug }, ctx) },
  ];
  return (
    <header className="tag-heading" data-tag-slug={tag.slug}>
      <h1 className="tag-heading-title">{tag.displayTitle}</h1>
      <p className="tag-heading-meta muted">
        Topic · {stories(tag.postCount)} · <FollowerCount target={target} count={tag.followerCount} /> Followers
      </p>
      {tag.description ? <p className="tag-heading-description">{tag.description}</p> : null}
      <div className="tag-heading-actions">
        <FollowButton target={target} isFollowing={tag.viewerEdge.isFollowing} />
      </div>
      <nav className="profile-tabs tag-tabs" aria-label="Topic">
        {tabs.map((tab) =>
          tab.key === active ? (
            <span key={tab.key} className="profile-tab is-active" aria-current="page">
              {tab.label}
            </span>
          ) : (
            <Link key={tab.key} className="profile-tab" href={tab.href}>
              {tab.label}
            </Link>
          ),
        )}
      </nav>
    </header>
  );
}
