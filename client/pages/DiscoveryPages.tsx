// Discovery pages, top-navigation layout (docs/product/3-routes-data-calls-constants.md §2.3,
// §2.5): trending (/trending, /trending/mode/{mode}, /trending/mode/{mode}/topic/{topicSlug}),
// top stories of a day (/top-stories, /top-stories/{monthDayYearSlug}; /browse/top redirects
// here), a tag's archive (/tag/{tagSlug}/archive, /{year}, /{year}/{month},
// /{year}/{month}/{day}) and everyone's public lists (/collections). The ranking rules:
// docs/reader.md, "Discovery: ranking rules".
import {
  CollectionsLibraryPageQuery,
  TagArchivePageQuery,
  TopStoriesPageQuery,
  TrendingPageQuery,
  TagTopWritersPageQuery,
  type CollectionsLibraryPageData,
  type TagTopWritersPageData,
  type TagArchivePageData,
  type TopStoriesPageData,
  type TrendingPageData,
} from './DiscoveryPages.graphql.ts';
import { CatalogCard } from '../components/lists/CatalogCard.tsx';
import { PersonRow } from '../components/profiles/PersonRow.tsx';
import { formatCount } from '../../shared/format.ts';
import type { CatalogSummary } from '../components/lists/CatalogCard.graphql.ts';
import { StoryCard } from '../components/StoryCard.tsx';
import { ShowMoreButton } from '../components/profiles/ShowMoreButton.tsx';
import { useMorePages } from '../components/profiles/use-more-pages.ts';
import { TagHeading, TagNotFound, tagTitle } from '../components/profiles/tag-parts.tsx';
import { Link } from '../app/navigation.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { buildLink } from '../../shared/routing/links.ts';
import { archivePeriodWords as periodWords, isoDateFromSlug, longDate, shiftIsoDate, slugFromIsoDate } from '../../shared/discovery-dates.ts';
import { PROFILE_STORIES_PAGE_SIZE } from '../components/profiles/profile-pages.ts';
import type { PostPreview } from '../components/StoryCard.graphql.ts';
import type { PageDefinition } from '../app/page-definition.ts';

const MODE_TABS = [
  { mode: 'day', label: 'Today' },
  { mode: 'week', label: 'This week' },
  { mode: 'month', label: 'This month' },
] as const;

function NothingHere({ text }: { text: string }) {
  return (
    <div className="error-page">
      <p className="error-page-kicker">PAGE NOT FOUND</p>
      <h1 className="error-page-heading">{text}</h1>
    </div>
  );
}

function RankedStories({ posts, empty, label }: { posts: readonly PostPreview[]; empty: string; label: string }) {
  if (posts.length === 0) return <p className="profile-empty muted">{empty}</p>;
  return (
    <ol className="ranked-stories" aria-label={label}>
      {posts.map((post, index) => (
        <li key={post.id} className="ranked-story">
          <span className="ranked-story-rank" aria-hidden="true">
            {String(index + 1).padStart(2, '0')}
          </span>
          <StoryCard post={post} />
        </li>
      ))}
    </ol>
  );
}

export const trendingPostsPage: PageDefinition<TrendingPageData> = {
  query: (params) => ({ query: TrendingPageQuery, variables: { mode: params.mode ?? null, topicSlug: params.topicSlug ?? null } }),
  status: (data) => (data.trendingPage ? 200 : 404),
  title: (data, state) =>
    data?.trendingPage?.topic ? `Trending in ${data.trendingPage.topic.displayTitle} – ${state.config.productName}` : `Trending – ${state.config.productName}`,
  Component: function Trending({ data }) {
    const ctx = useLinkContext();
    const page = data.trendingPage;
    if (!page) return <NothingHere text="There is no such trending list." />;
    const current = page.mode.toLowerCase();
    const topic = page.topic;
    const hrefFor = (mode: string) =>
      topic ? buildLink('ShowTrendingModeTopic', { mode, topicSlug: topic.slug }, ctx) : buildLink('ShowTrendingMode', { mode }, ctx);
    return (
      <div className="discovery-page">
        <h1 className="discovery-heading">{topic ? `Trending in ${topic.displayTitle}` : 'Trending'}</h1>
        <nav className="profile-tabs" aria-label="Trending period">
          {MODE_TABS.map((tab) =>
            tab.mode === current ? (
              <span key={tab.mode} className="profile-tab is-active" aria-current="page">
                {tab.label}
              </span>
            ) : (
              <Link key={tab.mode} className="profile-tab" href={hrefFor(tab.mode)}>
                {tab.label}
              </Link>
            ),
          )}
        </nav>
        <RankedStories posts={page.posts} label="Trending stories" empty="Nothing was published in this period yet." />
      </div>
    );
  },
};

export const topStoriesPage: PageDefinition<TopStoriesPageData> = {
  query: (params) => ({
    query: TopStoriesPageQuery,
    // An address whose day cannot be read asks for an impossible date: the page is a 404.
    variables: { date: params.monthDayYearSlug ? (isoDateFromSlug(params.monthDayYearSlug) ?? 'invalid') : null },
  }),
  status: (data) => (data.topStoriesPage ? 200 : 404),
  title: (data, state) => (data?.topStoriesPage ? `Top stories of ${longDate(data.topStoriesPage.date)} – ${state.config.productName}` : state.config.productName),
  Component: function TopStories({ data }) {
    const ctx = useLinkContext();
    const page = data.topStoriesPage;
    if (!page) return <NothingHere text="There is no such day." />;
    const dayLink = (days: number) => buildLink('ShowTopStoriesForDate', { monthDayYearSlug: slugFromIsoDate(shiftIsoDate(page.date, days)) }, ctx);
    return (
      <div className="discovery-page">
        <h1 className="discovery-heading">Top stories of {longDate(page.date)}</h1>
        <nav className="discovery-days" aria-label="Other days">
          <Link href={dayLink(-1)}>← {longDate(shiftIsoDate(page.date, -1))}</Link>
          <Link href={dayLink(1)}>{longDate(shiftIsoDate(page.date, 1))} →</Link>
        </nav>
        <RankedStories posts={page.posts} label="Top stories" empty="No stories were published that day." />
      </div>
    );
  },
};

/** The archive period of a route's params; the current UTC year for /archive. */
function archiveVariables(params: Record<string, string>) {
  const number = (value: string | undefined) => (value === undefined ? null : /^\d{1,4}$/.test(value) ? Number(value) : -1);
  return {
    tagSlug: params.tagSlug ?? '',
    year: number(params.year) ?? new Date().getUTCFullYear(),
    month: number(params.month),
    day: number(params.day),
    paging: { limit: PROFILE_STORIES_PAGE_SIZE },
  };
}

export const tagArchivePage: PageDefinition<TagArchivePageData> = {
  query: (params) => ({ query: TagArchivePageQuery, variables: archiveVariables(params) }),
  status: (data) => (data.tag ? 200 : 404),
  title: (data, state) => tagTitle(data?.tag, state.config.productName, 'Archive'),
  Component: function TagArchive({ data, params }) {
    const ctx = useLinkContext();
    const tag = data.tag;
    const variables = archiveVariables(params);
    const connection = tag?.archivePostsConnection;
    const pages = useMorePages(
      { items: connection?.posts ?? [], pagingInfo: connection?.pagingInfo ?? { next: null } },
      TagArchivePageQuery,
      variables,
      (d: TagArchivePageData) => (d.tag ? { items: d.tag.archivePostsConnection.posts, pagingInfo: d.tag.archivePostsConnection.pagingInfo } : null),
    );
    if (!tag) return <TagNotFound />;
    const { year, month, day } = variables;
    return (
      <>
        <TagHeading tag={tag} active={null} />
        <section className="tag-stories" aria-label={`${tag.displayTitle} archive`}>
          <h2 className="profile-section-heading">Archive: {periodWords(year, month, day)}</h2>
          <nav className="discovery-days" aria-label="Other years">
            <Link href={buildLink('ShowTagArchiveYearly', { tagSlug: tag.slug, year: String(year - 1) }, ctx)}>← {year - 1}</Link>
            <Link href={buildLink('ShowTagArchiveYearly', { tagSlug: tag.slug, year: String(year + 1) }, ctx)}>{year + 1} →</Link>
          </nav>
          {pages.items.length === 0 ? <p className="profile-empty muted">No stories about {tag.displayTitle} were published then.</p> : null}
          {pages.items.map((post) => (
            <StoryCard key={post.id} post={post} />
          ))}
          <ShowMoreButton pages={pages} />
        </section>
      </>
    );
  },
};

const pickCatalogs = (data: CollectionsLibraryPageData) => ({
  items: data.publicCatalogsConnection.catalogs as CatalogSummary[],
  pagingInfo: data.publicCatalogsConnection.pagingInfo,
});

/** /collections (page collections-library): everyone's public lists, most recently changed first. */
export const collectionsLibraryPage: PageDefinition<CollectionsLibraryPageData> = {
  query: () => ({ query: CollectionsLibraryPageQuery, variables: { paging: { limit: PROFILE_STORIES_PAGE_SIZE } } }),
  title: (_data, state) => `Lists – ${state.config.productName}`,
  Component: function CollectionsLibrary({ data }) {
    const pages = useMorePages(pickCatalogs(data), CollectionsLibraryPageQuery, { paging: { limit: PROFILE_STORIES_PAGE_SIZE } }, pickCatalogs);
    return (
      <div className="discovery-page">
        <h1 className="discovery-heading">Lists</h1>
        <p className="muted">Stories readers gathered and shared, the most recently updated first.</p>
        <section aria-label="Public lists">
          {pages.items.length === 0 ? <p className="profile-empty muted">No one has shared a list yet.</p> : null}
          {pages.items.map((catalog) => (
            <CatalogCard key={catalog.id} catalog={catalog} />
          ))}
          <ShowMoreButton pages={pages} />
        </section>
      </div>
    );
  },
};

/** /tag/{tagSlug}/top-writers (page topic-top-writers): the topic's most clapped writers of the past year. */
export const topicTopWritersPage: PageDefinition<TagTopWritersPageData> = {
  query: (params) => ({ query: TagTopWritersPageQuery, variables: { tagSlug: params.tagSlug ?? '', limit: 20 } }),
  status: (data) => (data.tag ? 200 : 404),
  title: (data, state) => tagTitle(data?.tag, state.config.productName, 'Top writers'),
  Component: function TopicTopWriters({ data }) {
    const tag = data.tag;
    if (!tag) return <TagNotFound />;
    return (
      <>
        <TagHeading tag={tag} active={null} />
        <section className="people" aria-label={`Top writers in ${tag.displayTitle}`}>
          <h2 className="profile-section-heading">Top writers</h2>
          {tag.topWritersByClaps.length === 0 ? <p className="profile-empty muted">No one wrote about {tag.displayTitle} this past year.</p> : null}
          <ul className="people-list">
            {tag.topWritersByClaps.map(({ user, clapCount, postCount }) => (
              <PersonRow key={user.id} person={user} detail={`${formatCount(clapCount)} claps on ${postCount === 1 ? '1 story' : `${postCount} stories`}`} />
            ))}
          </ul>
        </section>
      </>
    );
  },
};
