// The reader's views of a publication (docs/product/3-routes-data-calls-constants.md §2.7), in
// the publication layout under its masthead (design and navigation included):
// - publication-latest   /{collectionSlug}/latest: newest first, "Show more" paging.
// - publication-trending /{collectionSlug}/trending: the most applauded of the last 30 days
//                        (widened to 90 days, then a year, while that is fewer than 5).
// - publication-feature  /{collectionSlug}/featured: its feature pages and its most applauded
//                        stories; /{collectionSlug}/{topicSlug}/home: one feature page.
// - publication-archive  /{collectionSlug}/archive (+ /{year}, /{month}, /{day}): a period's
//                        stories, newest first; /all and /all/{page}: numbered pages of 25.
// The rules behind each list are in docs/publications.md.
import type { ReactNode } from 'react';
import { Link, useCurrentPage } from '../app/navigation.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { StoryCard } from '../components/StoryCard.tsx';
import { PublicationMasthead, PublicationNotFound, publicationLookup, publicationTitle, type PublicationTab } from '../components/profiles/publication-parts.tsx';
import type { PublicationHeader } from '../components/profiles/publication-parts.graphql.ts';
import { PROFILE_STORIES_PAGE_SIZE } from '../components/profiles/profile-pages.ts';
import { collectionSiteLink } from '../../shared/urls/publication-urls.ts';
import { archivePeriodWords as periodWords, isRealArchivePeriod as isRealPeriod } from '../../shared/discovery-dates.ts';
import { PagedStories } from './PublicationPages.tsx';
import {
  PublicationAllPageQuery,
  PublicationArchivePageQuery,
  PublicationFeaturedPageQuery,
  PublicationFeaturePageQuery,
  PublicationLatestPageQuery,
  PublicationTrendingPageQuery,
  type PublicationAllPageData,
  type PublicationArchivePageData,
  type PublicationFeaturedPageData,
  type PublicationFeaturePageData,
  type PublicationLatestPageData,
  type PublicationTrendingPageData,
} from './PublicationReaderPages.graphql.ts';
import type { PageDefinition, RouteParams } from '../app/page-definition.ts';
import { publicationHead } from './page-heads.ts';

function Frame({ collection, active, children }: { collection: PublicationHeader | null | undefined; active: PublicationTab; children: ReactNode }) {
  if (!collection) return <PublicationNotFound />;
  return (
    <>
      <PublicationMasthead collection={collection} active={active} />
      {children}
    </>
  );
}

function Heading({ children }: { children: ReactNode }) {
  return <h2 className="profile-section-heading publication-view-heading">{children}</h2>;
}

function StoryList({ posts, label, empty }: { posts: readonly Parameters<typeof StoryCard>[0]['post'][]; label: string; empty: string }) {
  return (
    <section className="publication-stories" aria-label={label}>
      {posts.length === 0 ? <p className="profile-empty muted">{empty}</p> : null}
      {posts.map((post) => (
        <StoryCard key={post.id} post={post} />
      ))}
    </section>
  );
}

const paging = { limit: PROFILE_STORIES_PAGE_SIZE };

export const publicationLatestPage: PageDefinition<PublicationLatestPageData> = {
  query: (params) => ({ query: PublicationLatestPageQuery, variables: { ...publicationLookup(params), paging } }),
  status: (data) => (data.collection ? 200 : 404),
  title: (data, state) => publicationTitle(data?.collection, state.config.productName, 'Latest'),
  head: (data, state) => (data?.collection ? publicationHead(data.collection, state) : undefined),
  Component: ({ data, params }) => {
    const collection = data.collection;
    return (
      <Frame collection={collection} active="latest">
        {collection ? (
          <>
            <Heading>Latest</Heading>
            <PagedStories
              first={collection.postsConnection}
              query={PublicationLatestPageQuery}
              variables={{ ...publicationLookup(params), paging }}
              pick={(d: PublicationLatestPageData) => (d.collection ? { items: d.collection.postsConnection.posts, pagingInfo: d.collection.postsConnection.pagingInfo } : null)}
              label={`Latest stories in ${collection.name}`}
              empty={`${collection.name} hasn't published any stories yet.`}
            />
          </>
        ) : null}
      </Frame>
    );
  },
};

export const publicationTrendingPage: PageDefinition<PublicationTrendingPageData> = {
  query: (params) => ({ query: PublicationTrendingPageQuery, variables: publicationLookup(params) }),
  status: (data) => (data.collection ? 200 : 404),
  title: (data, state) => publicationTitle(data?.collection, state.config.productName, 'Trending'),
  Component: ({ data }) => (
    <Frame collection={data.collection} active="trending">
      {data.collection ? (
        <>
          <Heading>Trending</Heading>
          <StoryList
            posts={data.collection.trendingPosts}
            label={`Trending in ${data.collection.name}`}
            empty={`No story in ${data.collection.name} was published in the last year.`}
          />
        </>
      ) : null}
    </Frame>
  ),
};

/** Plain text, blank lines between paragraphs (the feature page editor's format). */
function Paragraphs({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim()).filter((p) => p !== '');
  return (
    <>
      {paragraphs.map((p, i) => (
        <p key={i} className="feature-page-paragraph">
          {p}
        </p>
      ))}
    </>
  );
}

const FEATURE_PAGE_ROUTE = 'ShowCollectionFeaturePage';
type FeatureData = PublicationFeaturedPageData | PublicationFeaturePageData;

function isFeaturePageData(data: FeatureData): data is PublicationFeaturePageData {
  return !!data.collection && 'featurePage' in data.collection;
}

function FeaturedView({ data }: { data: PublicationFeaturedPageData }) {
  const ctx = useLinkContext();
  const collection = data.collection!;
  return (
    <>
      {collection.featurePages.length > 0 ? (
        <section className="feature-page-list" aria-label={`Pages of ${collection.name}`}>
          <Heading>Pages</Heading>
          <ul>
            {collection.featurePages.map((page) => (
              <li key={page.id}>
                <Link href={collectionSiteLink(collection, FEATURE_PAGE_ROUTE, { topicSlug: page.slug }, ctx)}>{page.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Heading>Featured</Heading>
      <StoryList posts={collection.featuredPosts} label={`Featured in ${collection.name}`} empty={`${collection.name} hasn't published any stories yet.`} />
    </>
  );
}

function FeaturePageView({ data, params }: { data: PublicationFeaturePageData; params: RouteParams }) {
  const collection = data.collection!;
  const page = collection.featurePage;
  if (!page) {
    return (
      <div className="error-page">
        <h2 className="error-page-heading">{`${collection.name} has no page “${params.topicSlug ?? ''}”.`}</h2>
      </div>
    );
  }
  return (
    <article className="feature-page" aria-label={page.title}>
      <h2 className="feature-page-title">{page.title}</h2>
      <Paragraphs text={page.body} />
      {page.tagSlug ? (
        <PagedStories
          first={page.postsConnection}
          query={PublicationFeaturePageQuery}
          variables={{ ...publicationLookup(params), pageSlug: page.slug, paging }}
          pick={(d: PublicationFeaturePageData) =>
            d.collection?.featurePage ? { items: d.collection.featurePage.postsConnection.posts, pagingInfo: d.collection.featurePage.postsConnection.pagingInfo } : null
          }
          label={`Stories of ${page.title}`}
          empty={`${collection.name} has no stories here yet.`}
        />
      ) : null}
    </article>
  );
}

export const publicationFeaturePage: PageDefinition<FeatureData> = {
  query: (params, routeName) =>
    routeName === FEATURE_PAGE_ROUTE
      ? {
          query: PublicationFeaturePageQuery,
          variables: { ...publicationLookup(params), pageSlug: params.topicSlug ?? '', paging },
        }
      : { query: PublicationFeaturedPageQuery, variables: publicationLookup(params) },
  status: (data) => (!data.collection ? 404 : isFeaturePageData(data) && !data.collection.featurePage ? 404 : 200),
  title: (data, state) =>
    publicationTitle(data?.collection, state.config.productName, data && isFeaturePageData(data) ? (data.collection?.featurePage?.title ?? 'Page not found') : 'Featured'),
  Component: function PublicationFeature({ data, params }) {
    const isPage = useCurrentPage().resolved?.routeName === FEATURE_PAGE_ROUTE;
    return (
      <Frame collection={data.collection} active={isPage ? null : 'featured'}>
        {data.collection ? isFeaturePageData(data) ? <FeaturePageView data={data} params={params} /> : <FeaturedView data={data} /> : null}
      </Frame>
    );
  },
};

/** The archive period of a route's params; the newest year with stories (else this year) for /archive. */
function archiveVariables(params: RouteParams) {
  const number = (value: string | undefined) => (value === undefined ? null : /^\d{1,4}$/.test(value) ? Number(value) : -1);
  return {
    ...publicationLookup(params),
    year: number(params.year) ?? new Date().getUTCFullYear(),
    month: number(params.month),
    day: number(params.day),
    paging,
  };
}

/** Whether the address names a real year, month of it or day of that (the server answers an impossible one with no stories). */
const ALL_ROUTES = new Set(['ShowCollectionAll', 'ShowCollectionAllPage']);
type ArchiveData = PublicationArchivePageData | PublicationAllPageData;

function isAllData(data: ArchiveData): data is PublicationAllPageData {
  return !!data.collection && 'allPostsPage' in data.collection;
}

function ArchiveView({ data, params }: { data: PublicationArchivePageData; params: RouteParams }) {
  const ctx = useLinkContext();
  const collection = data.collection!;
  const variables = archiveVariables(params);
  const { year, month, day } = variables;
  return (
    <>
      <Heading>Archive: {periodWords(year, month, day)}</Heading>
      <nav className="archive-years" aria-label="Years">
        {collection.archiveYears.map((y) =>
          y === year && month === null ? (
            <span key={y} aria-current="page" className="archive-year is-active">
              {y}
            </span>
          ) : (
            <Link key={y} className="archive-year" href={collectionSiteLink(collection, 'ShowCollectionArchiveYearly', { year: String(y) }, ctx)}>
              {y}
            </Link>
          ),
        )}
        <Link className="archive-year" href={collectionSiteLink(collection, 'ShowCollectionAll', {}, ctx)}>
          All stories
        </Link>
      </nav>
      <PagedStories
        first={collection.archivePostsConnection}
        query={PublicationArchivePageQuery}
        variables={variables}
        pick={(d: PublicationArchivePageData) =>
          d.collection ? { items: d.collection.archivePostsConnection.posts, pagingInfo: d.collection.archivePostsConnection.pagingInfo } : null
        }
        label={`${collection.name} archive`}
        empty={isRealPeriod(year, month, day) ? `${collection.name} published no stories in ${periodWords(year, month, day)}.` : 'There is no such date.'}
      />
    </>
  );
}

function AllView({ data }: { data: PublicationAllPageData }) {
  const ctx = useLinkContext();
  const collection = data.collection!;
  const page = collection.allPostsPage;
  if (!page) {
    return (
      <div className="error-page">
        <h2 className="error-page-heading">There is no such page.</h2>
      </div>
    );
  }
  const pageLink = (n: number) => collectionSiteLink(collection, n === 1 ? 'ShowCollectionAll' : 'ShowCollectionAllPage', n === 1 ? {} : { page: String(n) }, ctx);
  return (
    <>
      <Heading>
        All stories{page.pageCount > 1 ? ` · page ${page.page} of ${page.pageCount}` : ''}
      </Heading>
      <StoryList posts={page.posts} label={`All stories in ${collection.name}`} empty={`${collection.name} hasn't published any stories yet.`} />
      {page.pageCount > 1 ? (
        <nav className="pager" aria-label="Pages">
          {page.page > 1 ? (
            <Link href={pageLink(page.page - 1)} rel="prev">
              ← Newer
            </Link>
          ) : null}
          {page.page < page.pageCount ? (
            <Link href={pageLink(page.page + 1)} rel="next">
              Older →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

export const publicationArchivePage: PageDefinition<ArchiveData> = {
  query: (params, routeName) =>
    routeName && ALL_ROUTES.has(routeName)
      ? {
          query: PublicationAllPageQuery,
          variables: { ...publicationLookup(params), page: params.page === undefined ? 1 : /^\d{1,4}$/.test(params.page) ? Number(params.page) : 0 },
        }
      : { query: PublicationArchivePageQuery, variables: archiveVariables(params) },
  status: (data) => (!data.collection ? 404 : isAllData(data) && !data.collection.allPostsPage ? 404 : 200),
  title: (data, state) => publicationTitle(data?.collection, state.config.productName, data && isAllData(data) ? 'All stories' : 'Archive'),
  Component: ({ data, params }) => (
    <Frame collection={data.collection} active="archive">
      {data.collection ? isAllData(data) ? <AllView data={data} /> : <ArchiveView data={data} params={params} /> : null}
    </Frame>
  ),
};
