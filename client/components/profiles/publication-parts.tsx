// The parts every publication page shares (publication-profile, -about, -followers,
// -tagged, -latest, -trending, -feature, -archive): the masthead with its follow button, the
// editors' design (header layout, colours, logo) and navigation, and its tabs; and the sidebar of the standard
// (two-column) variant. The community variant renders in the publication layout, which
// has no sidebar: the masthead carries everything a reader needs there.
//
// Links go to the publication's own site: root-relative on its custom domain, absolute to
// that domain from anywhere else, /{slug} on the main host when it has none.
import { ownerStyleAttributes } from '../design/owner-style.ts';
import { Link } from '../../app/navigation.tsx';
import { useLinkContext } from '../header/link-context.ts';
import type { CSSProperties } from 'react';
import { collectionSiteLink, collectionSubpageUrl, collectionUrl } from '../../../shared/urls/publication-urls.ts';
import { imageSrc } from '../../app/images.ts';
import type { RouteParams } from '../../app/page-definition.ts';
import type { PublicationLookup } from './profile-pages.ts';
import type { PublicationHeader } from './publication-parts.graphql.ts';
import { Avatar } from '../Avatar.tsx';
import { useAppState } from '../../app/app-state.tsx';
import { FollowButton, FollowerCount } from '../follow/FollowButton.tsx';
import { MuteButton } from '../follow/MuteButton.tsx';
import { PersonRow } from './PersonRow.tsx';

/** The lookup a publication route names: /c/{collectionId}, or a slug (custom domains put it back). */
export function publicationLookup(params: RouteParams): PublicationLookup {
  return params.collectionId ? { id: params.collectionId, slug: null } : { id: null, slug: params.collectionSlug ?? '' };
}

export function publicationTitle(collection: PublicationHeader | null | undefined, productName: string, section?: string): string {
  if (!collection) return productName;
  return section ? `${section} – ${collection.name}` : collection.name;
}

export function PublicationNotFound() {
  return (
    <div className="error-page">
      <p className="error-page-kicker">PAGE NOT FOUND</p>
      <h1 className="error-page-heading">This publication doesn't exist.</h1>
    </div>
  );
}

export type PublicationTab = 'home' | 'latest' | 'trending' | 'featured' | 'archive' | 'about' | 'followers' | null;

function PublicationFollow({ collection }: { collection: PublicationHeader }) {
  const signedIn = useAppState().viewer !== null;
  const target = { kind: 'COLLECTION', id: collection.id, name: collection.name } as const;
  return (
    <>
      <FollowButton target={target} isFollowing={collection.viewerEdge.isFollowing} />
      {/* Visitors have no feed to clean: Mute is for signed-in readers. */}
      {signedIn ? <MuteButton target={target} isMuting={collection.viewerEdge.isMuting} /> : null}
    </>
  );
}

function Followers({ collection }: { collection: PublicationHeader }) {
  const ctx = useLinkContext();
  return (
    <Link href={collectionSubpageUrl(collection, 'followers', ctx)} className="publication-follower-count">
      <FollowerCount target={{ kind: 'COLLECTION', id: collection.id, name: collection.name }} count={collection.socialStats.followerCount} /> Followers
    </Link>
  );
}

/** Where a navigation item leads, on the publication's own site. */
function navItemHref(collection: PublicationHeader, item: PublicationHeader['navigation'][number], ctx: ReturnType<typeof useLinkContext>): string {
  if (item.kind === 'TAG') return collectionSiteLink(collection, 'ShowCollectionTagged', { tagSlug: item.target }, ctx);
  if (item.kind === 'FEATURE_PAGE') return collectionSiteLink(collection, 'ShowCollectionFeaturePage', { topicSlug: item.target }, ctx);
  return item.target; // an http(s) address, checked when the editors saved it
}

/**
 * The publication's colours (its /design), as custom properties the masthead's rules read.
 * The server only stores #rrggbb, so the values are safe in a style attribute.
 */
function designStyle(design: PublicationHeader['design']): CSSProperties | undefined {
  const style: Record<string, string> = {};
  if (design.accentColor) style['--publication-accent'] = design.accentColor;
  if (design.backgroundColor) style['--publication-background'] = design.backgroundColor;
  return Object.keys(style).length > 0 ? (style as CSSProperties) : undefined;
}

function PublicationIdentity({ collection }: { collection: PublicationHeader }) {
  const ctx = useLinkContext();
  const { headerLayout, logoId } = collection.design;
  if (headerLayout === 'LOGO' && logoId) {
    return (
      <h1 className="publication-name publication-logo">
        <Link href={collectionUrl(collection, ctx)}>
          <img src={imageSrc(logoId, { width: 600, pixelRatio: 2 })} alt={collection.name} className="publication-logo-image" />
        </Link>
      </h1>
    );
  }
  return (
    <h1 className="publication-name">
      <Link href={collectionUrl(collection, ctx)}>{collection.name}</Link>
    </h1>
  );
}

export function PublicationMasthead({ collection, active }: { collection: PublicationHeader; active: PublicationTab }) {
  const ctx = useLinkContext();
  const sub = (route: string) => collectionSiteLink(collection, route, {}, ctx);
  const tabs: { key: Exclude<PublicationTab, null>; label: string; href: string }[] = [
    { key: 'home', label: 'Home', href: collectionUrl(collection, ctx) },
    { key: 'latest', label: 'Latest', href: sub('ShowCollectionLatest') },
    { key: 'trending', label: 'Trending', href: sub('ShowCollectionTrending') },
    { key: 'featured', label: 'Featured', href: sub('ShowCollectionFeatured') },
    { key: 'archive', label: 'Archive', href: sub('ShowCollectionArchive') },
    { key: 'about', label: 'About', href: collectionSubpageUrl(collection, 'about', ctx) },
    { key: 'followers', label: 'Followers', href: collectionSubpageUrl(collection, 'followers', ctx) },
  ];
  const showAvatar = collection.design.headerLayout === 'AVATAR_AND_NAME' || (collection.design.headerLayout === 'LOGO' && !collection.design.logoId);
  return (
    <header className="publication-masthead" data-collection-id={collection.id} data-header-layout={collection.design.headerLayout} {...ownerStyleAttributes(collection.customStyleSheet, designStyle(collection.design) as Record<string, string> | undefined)}>
      <div className="publication-masthead-identity">
        {showAvatar ? (
          <Link href={collectionUrl(collection, ctx)} className="publication-masthead-avatar" tabIndex={-1} aria-hidden="true">
            <Avatar name={collection.name} imageId={collection.avatarId} size={64} />
          </Link>
        ) : null}
        <div className="publication-masthead-text">
          <PublicationIdentity collection={collection} />
          {collection.description ? <p className="publication-description muted">{collection.description}</p> : null}
          <p className="publication-meta muted">
            <Followers collection={collection} />
            {collection.viewerIsEditor ? (
              <>
                {' · '}
                <Link href={sub('ShowCollectionEdit')} className="publication-manage-link">
                  Manage publication
                </Link>
              </>
            ) : null}
          </p>
        </div>
        <div className="publication-masthead-actions">
          <PublicationFollow collection={collection} />
        </div>
      </div>
      {collection.navigation.length > 0 ? (
        <nav className="publication-nav" aria-label={`${collection.name} sections`}>
          {collection.navigation.map((item, index) =>
            item.kind === 'LINK' ? (
              <a key={index} className="publication-nav-item" href={navItemHref(collection, item, ctx)} rel="noopener nofollow">
                {item.title}
              </a>
            ) : (
              <Link key={index} className="publication-nav-item" href={navItemHref(collection, item, ctx)}>
                {item.title}
              </Link>
            ),
          )}
        </nav>
      ) : null}
      <nav className="profile-tabs publication-tabs" aria-label="Publication">
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

/**
 * The standard variant's sidebar: who runs the publication (the masthead above the stories
 * already names it and carries the follow button).
 */
export function PublicationSidebar({ collection }: { collection: PublicationHeader }) {
  if (!collection.creator) return null;
  return (
    <div className="publication-sidebar">
      <h3 className="publication-sidebar-heading">Editor</h3>
      <ul className="people-list">
        <PersonRow person={collection.creator} />
      </ul>
    </div>
  );
}
