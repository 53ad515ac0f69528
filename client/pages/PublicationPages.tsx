// Pages publication-profile (/{collectionSlug}, /c/{collectionId}, / on its custom domain),
// publication-about, publication-followers and publication-tagged
// (/{collectionSlug}/tagged/{tagSlug}). Standard variant: two-column layout with a sidebar;
// community variant (enable_lite_publications): the publication layout.
import { PEOPLE_PAGE_SIZE, PROFILE_STORIES_PAGE_SIZE, type PublicationLookup } from '../components/profiles/profile-pages.ts';
import type { PersonPreview } from '../components/profiles/PersonRow.graphql.ts';
import type { PostConnectionData } from '../components/StoryCard.graphql.ts';
import type { PublicationHeader } from '../components/profiles/publication-parts.graphql.ts';
import { useState, type ReactNode } from 'react';
import { useClient } from 'urql';
import { useToast } from '../components/toasts/ToastProvider.tsx';
import {
  PinPostToCollectionHomepage,
  UnpinPostFromCollectionHomepage,
  PublicationAboutPageQuery,
  PublicationFollowersPageQuery,
  PublicationStoriesPageQuery,
  PublicationTaggedPageQuery,
  type PublicationAboutPageData,
  type PublicationFollowersPageData,
  type PublicationStoriesPageData,
  type PublicationTaggedPageData,
} from './PublicationPages.graphql.ts';
import type { PostPreview } from '../components/StoryCard.graphql.ts';
import type { TypedDocumentNode } from 'urql';
import { Link } from '../app/navigation.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { collectionFeedUrl, collectionUrl } from '../../shared/urls/publication-urls.ts';
import { tagUrl } from '../../shared/urls/misc-urls.ts';
import { formatCount } from '../../shared/format.ts';
import { StoryCard } from '../components/StoryCard.tsx';
import { PersonRow } from '../components/profiles/PersonRow.tsx';
import { ShowMoreButton } from '../components/profiles/ShowMoreButton.tsx';
import { useMorePages, type ListPage } from '../components/profiles/use-more-pages.ts';
import {
  PublicationMasthead,
  PublicationNotFound,
  PublicationSidebar,
  publicationLookup,
  publicationTitle,
} from '../components/profiles/publication-parts.tsx';
import type { PageDefinition, RouteParams } from '../app/page-definition.ts';
import { publicationHead } from './page-heads.ts';

type Paged<V> = V & { paging: { limit: number; to?: string } };

export function PagedStories<Data, V extends PublicationLookup & object>({
  first,
  query,
  variables,
  pick,
  label,
  empty,
  after,
}: {
  /** Drawn under each story (the editors' pin button on the publication home). */
  after?: (post: PostPreview) => ReactNode;
  first: PostConnectionData;
  query: TypedDocumentNode<Data, Paged<V>>;
  variables: Paged<V>;
  pick: (data: Data) => ListPage<PostPreview> | null;
  label: string;
  empty: string;
}) {
  const pages = useMorePages({ items: first.posts, pagingInfo: first.pagingInfo }, query, variables, pick);
  return (
    <section className="publication-stories" aria-label={label}>
      {pages.items.length === 0 ? <p className="profile-empty muted">{empty}</p> : null}
      {pages.items.map((post) =>
        after ? (
          <div key={post.id} className="publication-story">
            <StoryCard post={post} />
            {after(post)}
          </div>
        ) : (
          <StoryCard key={post.id} post={post} />
        ),
      )}
      <ShowMoreButton pages={pages} />
    </section>
  );
}

function Sidebar({ collection }: { collection: PublicationHeader | null }) {
  return collection ? <PublicationSidebar collection={collection} /> : null;
}

export const publicationProfilePage: PageDefinition<PublicationStoriesPageData> = {
  query: (params) => ({ query: PublicationStoriesPageQuery, variables: { ...publicationLookup(params), paging: { limit: PROFILE_STORIES_PAGE_SIZE } } }),
  status: (data) => (data.collection ? 200 : 404),
  title: (data, state) => publicationTitle(data?.collection, state.config.productName),
  head: (data, state) => (data?.collection ? publicationHead(data.collection, state) : undefined),
  Component: function PublicationProfile({ data, params }) {
    const collection = data.collection;
    if (!collection) return <PublicationNotFound />;
    return <PublicationHome collection={collection} params={params} />;
  },
  Sidebar: ({ data }) => <Sidebar collection={data.collection} />,
};

type HomeCollection = NonNullable<PublicationStoriesPageData['collection']>;

/**
 * The publication home: its pinned stories first, then the newest. Its editors pin and unpin
 * under each story (worker/publications/pins.ts); the POST_PINNED_TO_COLLECTION_HOMEPAGE toast
 * says which (docs/product/2-sign-in-notices-cache-routing.md §4.4), a refusal
 * (MaxPinnedStoriesReached, Forbidden) is an ERROR toast with its message (docs/outcomes.md).
 */
function PublicationHome({ collection, params }: { collection: HomeCollection; params: RouteParams }) {
  const client = useClient();
  const { showToast } = useToast();
  const [pinned, setPinned] = useState<PostPreview[]>(() => collection.pinnedPosts);
  const pinnedIds = new Set(pinned.map((post) => post.id));
  const toggle = async (post: PostPreview) => {
    const on = !pinnedIds.has(post.id);
    const variables = { collectionId: collection.id, postId: post.id };
    const result = on
      ? (await client.mutation(PinPostToCollectionHomepage, variables).toPromise()).data?.pinPostToCollectionHomepage
      : (await client.mutation(UnpinPostFromCollectionHomepage, variables).toPromise()).data?.unpinPostFromCollectionHomepage;
    if (result?.__typename !== 'CollectionPin') {
      showToast({ style: result ? 'ERROR' : 'RETRYABLE_ERROR', message: result?.message ?? '' });
      return;
    }
    setPinned((current) => (on ? [post, ...current.filter((p) => p.id !== post.id)] : current.filter((p) => p.id !== post.id)));
    showToast({ style: 'POST_PINNED_TO_COLLECTION_HOMEPAGE', extraParams: { isPinned: on, collectionName: collection.name } });
  };
  const pinButton = collection.viewerIsEditor
    ? (post: PostPreview) => (
        <button type="button" className="link-button publication-pin-button" onClick={() => void toggle(post)} data-testid="pin-story">
          {pinnedIds.has(post.id) ? 'Unpin from homepage' : 'Pin to homepage'}
        </button>
      )
    : undefined;
  return (
      <>
        <PublicationMasthead collection={collection} active="home" />
        {pinned.length > 0 ? (
          <section className="publication-stories publication-pinned" aria-label={`Pinned in ${collection.name}`} data-testid="pinned-stories">
            <h2 className="people-heading">Pinned</h2>
            {pinned.map((post) => (
              <div key={post.id} className="publication-story">
                <StoryCard post={post} />
                {pinButton?.(post)}
              </div>
            ))}
          </section>
        ) : null}
        <PagedStories
          after={pinButton}
          first={collection.postsConnection}
          query={PublicationStoriesPageQuery}
          variables={{ ...publicationLookup(params), paging: { limit: PROFILE_STORIES_PAGE_SIZE } }}
          pick={(d: PublicationStoriesPageData) => (d.collection ? { items: d.collection.postsConnection.posts, pagingInfo: d.collection.postsConnection.pagingInfo } : null)}
          label={`Stories in ${collection.name}`}
          empty={`${collection.name} hasn't published any stories yet.`}
        />
      </>
  );
}

export const publicationAboutPage: PageDefinition<PublicationAboutPageData> = {
  query: (params) => ({ query: PublicationAboutPageQuery, variables: publicationLookup(params) }),
  status: (data) => (data.collection ? 200 : 404),
  title: (data, state) => publicationTitle(data?.collection, state.config.productName, 'About'),
  Component: function PublicationAbout({ data }) {
    const ctx = useLinkContext();
    const collection = data.collection;
    if (!collection) return <PublicationNotFound />;
    return (
      <>
        <PublicationMasthead collection={collection} active="about" />
        <section className="publication-about" aria-label={`About ${collection.name}`}>
          {collection.description ? <p className="profile-about-bio">{collection.description}</p> : null}
          {/* The editors' longer text (/settings/about), plain text: a blank line between paragraphs. */}
          {collection.about
            .split(/\n\s*\n/)
            .map((p) => p.trim())
            .filter((p) => p !== '')
            .map((p, i) => (
              <p key={i} className="publication-about-text">
                {p}
              </p>
            ))}
          {!collection.description && !collection.about ? <p className="profile-empty muted">{collection.name} hasn't described itself yet.</p> : null}
          <p className="publication-about-counts">{formatCount(collection.socialStats.followerCount)} Followers</p>
          {collection.creator ? (
            <>
              <h2 className="people-heading">Editor</h2>
              <ul className="people-list">
                <PersonRow person={collection.creator} />
              </ul>
            </>
          ) : null}
          <p className="profile-feed-link muted">
            <a href={collectionFeedUrl(collection, ctx)} type="application/rss+xml">
              RSS feed
            </a>
          </p>
        </section>
      </>
    );
  },
  Sidebar: ({ data }) => <Sidebar collection={data.collection} />,
};

export const publicationFollowersPage: PageDefinition<PublicationFollowersPageData> = {
  query: (params) => ({ query: PublicationFollowersPageQuery, variables: { ...publicationLookup(params), paging: { limit: PEOPLE_PAGE_SIZE } } }),
  status: (data) => (data.collection ? 200 : 404),
  title: (data, state) => publicationTitle(data?.collection, state.config.productName, 'Followers'),
  Component: function PublicationFollowers({ data, params }) {
    const collection = data.collection;
    const pages = useMorePages<PersonPreview, PublicationFollowersPageData, Paged<PublicationLookup>>(
      collection ? { items: collection.followersConnection.users, pagingInfo: collection.followersConnection.pagingInfo } : { items: [], pagingInfo: { next: null } },
      PublicationFollowersPageQuery,
      { ...publicationLookup(params), paging: { limit: PEOPLE_PAGE_SIZE } },
      (d) => (d.collection ? { items: d.collection.followersConnection.users, pagingInfo: d.collection.followersConnection.pagingInfo } : null),
    );
    if (!collection) return <PublicationNotFound />;
    const heading = `${formatCount(collection.socialStats.followerCount)} Followers`;
    return (
      <>
        <PublicationMasthead collection={collection} active="followers" />
        <section className="people" aria-label={heading}>
          <h2 className="people-heading">{heading}</h2>
          {pages.items.length === 0 ? <p className="profile-empty muted">No one follows {collection.name} yet.</p> : null}
          <ul className="people-list">
            {pages.items.map((person) => (
              <PersonRow key={person.id} person={person} />
            ))}
          </ul>
          <ShowMoreButton pages={pages} />
        </section>
      </>
    );
  },
  Sidebar: ({ data }) => <Sidebar collection={data.collection} />,
};

/**
 * /{collectionSlug}/{featureSlug}/tagged/{tagSlug}: a feature page's tagged stories. A Vellum
 * feature page lists its one tag's stories on the page itself (/{collectionSlug}/{slug}/home,
 * docs/publications.md), so this address serves nothing: no tag is looked up and the page is a
 * 404 that says so (never the publication's tagged page under another address).
 */
const FEATURE_TAGGED_ROUTE = 'ShowCollectionFeatureTagged';

/** Routes of this page under one of the publication's feature pages: the page must exist. */
const UNDER_FEATURE_ROUTES: ReadonlySet<string> = new Set([FEATURE_TAGGED_ROUTE, 'ShowCollectionFeatureSection']);

/**
 * publication-tagged, and publication-feature-section: a section of the publication's home (or
 * of one of its feature pages), /{slug}/home/{sectionId} and /{slug}/{featureSlug}/home/{sectionId},
 * is its topic's list — the sections of a publication's home are the topics of its navigation
 * (docs/publications.md "Home sections"), so a section's own page is the same list as
 * /{slug}/tagged/{sectionId}. Under a feature page that does not exist, the page is a 404.
 */
export const publicationTaggedPage: PageDefinition<PublicationTaggedPageData> = {
  query: (params, routeName) => ({
    query: PublicationTaggedPageQuery,
    variables: {
      ...publicationLookup(params),
      tagSlug: params.tagSlug ?? params.sectionId ?? '',
      paging: { limit: PROFILE_STORIES_PAGE_SIZE },
      featureSlug: params.featureSlug ?? '',
      inFeature: UNDER_FEATURE_ROUTES.has(routeName ?? ''),
    },
  }),
  // An unknown tag is a page that cannot exist; a known tag the publication has not used is an
  // empty page; under a feature page, the feature page must exist.
  status: (data) => (data.collection && data.tag && data.collection.featurePage !== null ? 200 : 404),
  title: (data, state) => publicationTitle(data?.collection, state.config.productName, data?.tag?.displayTitle),
  Component: function PublicationTagged({ data, params }) {
    const ctx = useLinkContext();
    const { collection, tag } = data;
    if (!collection) return <PublicationNotFound />;
    if (collection.featurePage === null) {
      return (
        <>
          <PublicationMasthead collection={collection} active={null} />
          <div className="error-page">
            <h2 className="error-page-heading">{`${collection.name} has no page “${params.featureSlug ?? ''}”.`}</h2>
          </div>
        </>
      );
    }
    return (
      <>
        <PublicationMasthead collection={collection} active={null} />
        {tag ? (
          <>
            <header className="publication-tagged-heading">
              <p className="muted">
                {collection.featurePage ? (
                  <>
                    <Link href={collectionUrl(collection, ctx)}>{collection.name}</Link> · {collection.featurePage.title} ·{' '}
                  </>
                ) : (
                  <>
                    Stories in <Link href={collectionUrl(collection, ctx)}>{collection.name}</Link> tagged
                  </>
                )}
              </p>
              <h2 className="publication-tagged-title">
                <a href={tagUrl(tag.slug, ctx)}>{tag.displayTitle}</a>
              </h2>
            </header>
            <PagedStories
              first={collection.taggedPostsConnection}
              query={PublicationTaggedPageQuery}
              variables={{ ...publicationLookup(params), tagSlug: tag.slug, paging: { limit: PROFILE_STORIES_PAGE_SIZE }, featureSlug: params.featureSlug ?? '', inFeature: collection.featurePage !== undefined }}
              pick={(d: PublicationTaggedPageData) =>
                d.collection ? { items: d.collection.taggedPostsConnection.posts, pagingInfo: d.collection.taggedPostsConnection.pagingInfo } : null
              }
              label={`${tag.displayTitle} in ${collection.name}`}
              empty={`${collection.name} has no stories tagged ${tag.displayTitle} yet.`}
            />
          </>
        ) : (
          <div className="error-page">
            <h2 className="error-page-heading">There is no such tag.</h2>
          </div>
        )}
      </>
    );
  },
  Sidebar: ({ data }) => <Sidebar collection={data.collection} />,
};
