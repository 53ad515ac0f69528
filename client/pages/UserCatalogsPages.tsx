// Pages user-catalogs (/@{username}/lists) and user-catalog (/@{username}/list/{catalogSlugId}).
// Everyone sees a writer's PUBLIC lists; the writer also sees their private ones (marked
// so). A private list is not found for anyone else: the server answers it like a list
// that does not exist, and so does this page (404).
import { CATALOGS_PAGE_SIZE, PROFILE_STORIES_PAGE_SIZE, profileLookup } from '../components/profiles/profile-pages.ts';
import { UserCatalogPageQuery, UserCatalogsPageQuery, type CatalogConnectionData, type CatalogPreview, type UserCatalogPageData, type UserCatalogsPageData } from './UserCatalogsPages.graphql.ts';
import type { PostConnectionData } from '../components/StoryCard.graphql.ts';
import type { ProfileHeaderUser } from '../components/profiles/profile-parts.graphql.ts';
import { Link } from '../app/navigation.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { listUrl } from '../../shared/urls/list-urls.ts';
import { formatDate } from '../../shared/format.ts';
import { StoryCard } from '../components/StoryCard.tsx';
import { ShowMoreButton } from '../components/profiles/ShowMoreButton.tsx';
import { isProfileUser, ProfileHeading, ProfileSidebar, profileStatus, profileTitle, UnavailableProfile } from '../components/profiles/profile-parts.tsx';
import { useMorePages } from '../components/profiles/use-more-pages.ts';
import { CatalogResponses } from '../components/lists/CatalogResponses.tsx';
import { ClapButton, MultiVoteProvider } from '../components/story/ClapButton.tsx';
import type { PageDefinition } from '../app/page-definition.ts';

/**
 * "Reading list" for the predefined list, whatever it was named;
 * docs/product/3-routes-data-calls-constants.md §3's display names.
 */
const PREDEFINED_NAMES = { READING_LIST: 'Reading list', CURRENTLY_READING: 'Resume reading', PURCHASED: 'Purchased' } as const;

export function catalogDisplayName(catalog: Pick<CatalogPreview, 'name' | 'predefined'>): string {
  return catalog.predefined ? PREDEFINED_NAMES[catalog.predefined] : catalog.name;
}

function storyCount(count: number): string {
  return count === 1 ? '1 story' : `${count} stories`;
}

function CatalogCard({ catalog, user }: { catalog: CatalogPreview; user: ProfileHeaderUser }) {
  const ctx = useLinkContext();
  return (
    <li className="catalog-card" data-catalog-id={catalog.id}>
      <Link href={listUrl({ ...catalog, creator: user }, ctx)} className="catalog-card-link">
        <h2 className="catalog-card-name">{catalogDisplayName(catalog)}</h2>
      </Link>
      {catalog.description ? <p className="catalog-card-description muted">{catalog.description}</p> : null}
      <p className="catalog-card-meta muted">
        <span>{storyCount(catalog.itemCount)}</span>
        {catalog.visibility !== 'PUBLIC' ? <span className="catalog-private">Private</span> : null}
        <span>Updated {formatDate(catalog.updatedAt)}</span>
      </p>
    </li>
  );
}

const pickCatalogs = (data: UserCatalogsPageData) =>
  isProfileUser(data.userResult) ? { items: data.userResult.catalogsConnection.catalogs, pagingInfo: data.userResult.catalogsConnection.pagingInfo } : null;

function CatalogList({ user }: { user: ProfileHeaderUser & { catalogsConnection: CatalogConnectionData } }) {
  const connection = user.catalogsConnection;
  const pages = useMorePages({ items: connection.catalogs, pagingInfo: connection.pagingInfo }, UserCatalogsPageQuery, { username: user.username, id: null, paging: { limit: CATALOGS_PAGE_SIZE } }, pickCatalogs);
  return (
    <section className="catalogs" aria-label={`Lists by ${user.name}`}>
      {pages.items.length === 0 ? <p className="profile-empty muted">{user.name} has no public lists yet.</p> : null}
      <ul className="catalog-list">
        {pages.items.map((catalog) => (
          <CatalogCard key={catalog.id} catalog={catalog} user={user} />
        ))}
      </ul>
      <ShowMoreButton pages={pages} />
    </section>
  );
}

export const userCatalogsPage: PageDefinition<UserCatalogsPageData> = {
  query: (params) => ({ query: UserCatalogsPageQuery, variables: { ...profileLookup(params), paging: { limit: CATALOGS_PAGE_SIZE } } }),
  status: (data) => profileStatus(data.userResult),
  title: (data, state) => profileTitle(data?.userResult, state.config.productName, 'Lists'),
  Component: function UserCatalogs({ data }) {
    const user = data.userResult;
    if (!isProfileUser(user)) return <UnavailableProfile result={user} />;
    return (
      <>
        <ProfileHeading user={user} active="lists" />
        <CatalogList user={user} />
      </>
    );
  },
  Sidebar: function UserCatalogsSidebar({ data }) {
    return isProfileUser(data.userResult) ? <ProfileSidebar user={data.userResult} /> : null;
  },
};

type CatalogWithPosts = CatalogPreview & { postsConnection: PostConnectionData };

function CatalogStories({ catalog, user, catalogSlugId }: { catalog: CatalogWithPosts; user: ProfileHeaderUser; catalogSlugId: string }) {
  const pages = useMorePages(
    { items: catalog.postsConnection.posts, pagingInfo: catalog.postsConnection.pagingInfo },
    UserCatalogPageQuery,
    { username: user.username, catalogSlugId, paging: { limit: PROFILE_STORIES_PAGE_SIZE } },
    (data: UserCatalogPageData) => (data.userCatalog ? { items: data.userCatalog.postsConnection.posts, pagingInfo: data.userCatalog.postsConnection.pagingInfo } : null),
  );
  return (
    <section className="catalog-stories" aria-label={catalogDisplayName(catalog)}>
      {pages.items.length === 0 ? <p className="profile-empty muted">This list has no stories yet.</p> : null}
      {pages.items.map((post) => (
        <StoryCard key={post.id} post={post} />
      ))}
      <ShowMoreButton pages={pages} />
    </section>
  );
}

export const userCatalogPage: PageDefinition<UserCatalogPageData> = {
  query: (params) => ({
    query: UserCatalogPageQuery,
    variables: { username: params.username ?? '', catalogSlugId: params.catalogSlugId ?? '', paging: { limit: PROFILE_STORIES_PAGE_SIZE } },
  }),
  status: (data) => (profileStatus(data.userResult) !== 200 ? profileStatus(data.userResult) : data.userCatalog ? 200 : 404),
  title: (data, state) => (data?.userCatalog ? profileTitle(data.userResult, state.config.productName, catalogDisplayName(data.userCatalog)) : state.config.productName),
  Component: function UserCatalog({ data, params }) {
    const user = data.userResult;
    if (!isProfileUser(user)) return <UnavailableProfile result={user} />;
    const catalog = data.userCatalog;
    if (!catalog) {
      return (
        <div className="error-page">
          <p className="error-page-kicker">LIST NOT FOUND</p>
          <h1 className="error-page-heading">This list doesn't exist, or it is private.</h1>
        </div>
      );
    }
    return (
      <>
        <header className="catalog-heading">
          <p className="catalog-heading-owner muted">{user.name}</p>
          <h1 className="catalog-heading-name">{catalogDisplayName(catalog)}</h1>
          {catalog.description ? <p className="catalog-heading-description">{catalog.description}</p> : null}
          <p className="catalog-card-meta muted">
            <span>{storyCount(catalog.itemCount)}</span>
            {catalog.visibility !== 'PUBLIC' ? <span className="catalog-private">Private</span> : null}
          </p>
          {/* Claps for a list others can see (issue 27 point 6; docs/adr/0213-list-claps.md): the story's button. */}
          {catalog.visibility !== 'PRIVATE' ? (
            <div className="catalog-heading-claps">
              <MultiVoteProvider>
                <ClapButton catalogId={catalog.id} creatorId={catalog.creator.id} clapCount={catalog.clapCount} viewerClapCount={catalog.viewerEdge.clapCount} />
              </MultiVoteProvider>
            </div>
          ) : null}
        </header>
        <CatalogStories catalog={catalog} user={user} catalogSlugId={params.catalogSlugId ?? ''} />
        {/* A private list is its creator's alone: nobody else could respond to it. */}
        {catalog.visibility !== 'PRIVATE' ? <CatalogResponses catalog={catalog} /> : null}
      </>
    );
  },
  Sidebar: function UserCatalogSidebar({ data }) {
    return isProfileUser(data.userResult) ? <ProfileSidebar user={data.userResult} /> : null;
  },
};
