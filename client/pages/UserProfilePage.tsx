// Page user-profile (two-column layout) serves the profile and its tabs
// (docs/product/3-routes-data-calls-constants.md §2.6, §2.11). Each tab lists what its name says
// (docs/reader.md, "Profile tabs"):
//   /@{username}, /latest, /follow   the writer's stories, newest first (/follow adds the follow prompt)
//   /has-recommended                 the stories the writer clapped for, most recent clap first
//   /responses                       the writer's responses, each linked to the story it answers
//   /highlights                      the person's highlights, each opening the story at its passage
//   /series                          an empty state: series are not published on Vellum yet
// The route picks the query, so a tab never fetches another tab's list.
import { PROFILE_STORIES_PAGE_SIZE, profileLookup } from '../components/profiles/profile-pages.ts';
import { UserAboutPageQuery, UserSeriesPageQuery, type UserAboutPageData } from './UserProfilePage.graphql.ts';
import type { ResultOf } from 'gql.tada';
import {
  UserHighlightsPageQuery,
  UserRecommendedPageQuery,
  UserResponsesPageQuery,
  type UserHighlightsPageData,
  UserStoriesPageQuery,
  type ProfileResponse,
  type UserRecommendedPageData,
  type UserResponsesPageData,
  type UserStoriesPageData,
} from './UserProfilePage.graphql.ts';
import { StoryCard } from '../components/StoryCard.tsx';
import {
  FollowUserButton,
  isProfileUser,
  ProfileHeading,
  ProfileSidebar,
  profileStatus,
  profileTitle,
  UnavailableProfile,
} from '../components/profiles/profile-parts.tsx';
import type { ProfileHeaderUser } from '../components/profiles/profile-parts.graphql.ts';
import { useMorePages } from '../components/profiles/use-more-pages.ts';
import { ShowMoreButton } from '../components/profiles/ShowMoreButton.tsx';
import { Link, useCurrentPage } from '../app/navigation.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { storyUrl } from '../../shared/urls/story-urls.ts';
import { buildLink } from '../../shared/routing/links.ts';
import { formatDate } from '../../shared/format.ts';
import type { PageDefinition } from '../app/page-definition.ts';
import { profileHead } from './page-heads.ts';
import { ownerStyleAttributes } from '../components/design/owner-style.ts';

type ProfileTabData = UserStoriesPageData | UserRecommendedPageData | UserResponsesPageData | UserHighlightsPageData | UserAboutPageData | ResultOf<typeof UserSeriesPageQuery>;

/** Which list a profile route shows. */
export type ProfileTabKind = 'stories' | 'recommended' | 'responses' | 'highlights' | 'series';

export function profileTabOf(routeName: string | null | undefined): ProfileTabKind {
  switch (routeName) {
    case 'ShowUserHasRecommended':
      return 'recommended';
    case 'ShowUserResponses':
      return 'responses';
    case 'ShowUserHighlights':
      return 'highlights';
    case 'ShowUserSeries':
      return 'series';
    default:
      return 'stories';
  }
}

const SECTION_TITLES: Record<ProfileTabKind, string | undefined> = {
  stories: undefined,
  recommended: 'Has recommended',
  responses: 'Responses',
  highlights: 'Highlights',
  series: 'Series',
};

type StoriesUser = Extract<UserStoriesPageData['userResult'], { __typename: 'User' }>;
type RecommendedUser = Extract<UserRecommendedPageData['userResult'], { __typename: 'User' }>;
type ResponsesUser = Extract<UserResponsesPageData['userResult'], { __typename: 'User' }>;
type HighlightsUser = Extract<UserHighlightsPageData['userResult'], { __typename: 'User' }>;
type ProfileHighlight = HighlightsUser['highlightsConnection']['highlights'][number];

const pickStories = (data: UserStoriesPageData) =>
  isProfileUser(data.userResult) ? { items: data.userResult.postsConnection.posts, pagingInfo: data.userResult.postsConnection.pagingInfo } : null;
const pickRecommended = (data: UserRecommendedPageData) =>
  isProfileUser(data.userResult)
    ? { items: data.userResult.recommendedPostsConnection.posts, pagingInfo: data.userResult.recommendedPostsConnection.pagingInfo }
    : null;
const pickHighlights = (data: UserHighlightsPageData) =>
  isProfileUser(data.userResult) ? { items: data.userResult.highlightsConnection.highlights, pagingInfo: data.userResult.highlightsConnection.pagingInfo } : null;
const pickResponses = (data: UserResponsesPageData) =>
  isProfileUser(data.userResult) ? { items: data.userResult.responsesConnection.posts, pagingInfo: data.userResult.responsesConnection.pagingInfo } : null;

function UserStories({ user }: { user: StoriesUser }) {
  const pages = useMorePages(
    { items: user.postsConnection.posts, pagingInfo: user.postsConnection.pagingInfo },
    UserStoriesPageQuery,
    { username: user.username, id: null, paging: { limit: PROFILE_STORIES_PAGE_SIZE } },
    pickStories,
  );
  return (
    <section aria-label={`Stories by ${user.name}`} className="profile-stories">
      {pages.items.length === 0 ? <p className="profile-empty muted">{user.name} hasn't published any stories yet.</p> : null}
      {pages.items.map((post) => (
        <StoryCard key={post.id} post={post} />
      ))}
      <ShowMoreButton pages={pages} />
    </section>
  );
}

function UserRecommended({ user }: { user: RecommendedUser }) {
  const pages = useMorePages(
    { items: user.recommendedPostsConnection.posts, pagingInfo: user.recommendedPostsConnection.pagingInfo },
    UserRecommendedPageQuery,
    { username: user.username, id: null, paging: { limit: PROFILE_STORIES_PAGE_SIZE } },
    pickRecommended,
  );
  return (
    <section aria-label={`Stories ${user.name} recommended`} className="profile-stories" data-profile-tab="recommended">
      <h2 className="profile-section-heading">Has recommended</h2>
      {pages.items.length === 0 ? <p className="profile-empty muted">{user.name} hasn't clapped for any stories yet.</p> : null}
      {pages.items.map((post) => (
        <StoryCard key={post.id} post={post} />
      ))}
      <ShowMoreButton pages={pages} />
    </section>
  );
}

/** The response's opening words: its first paragraphs' text, cut at a word. */
function openingWords(response: ProfileResponse, max = 240): string {
  const text = response.previewContent.bodyModel.paragraphs.map((p) => p.text).join(' ');
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)) + '…';
}

function ResponseItem({ response }: { response: ProfileResponse }) {
  const ctx = useLinkContext();
  const story = response.inResponseToPost;
  const own = storyUrl({ id: response.id, slug: response.uniqueSlug, creator: response.creator }, ctx);
  return (
    <article className="profile-response" data-post-id={response.id}>
      {story ? (
        <p className="profile-response-context muted">
          In response to{' '}
          <Link href={storyUrl({ id: story.id, slug: story.uniqueSlug, creator: story.creator, collection: story.collection }, ctx)}>
            {story.title || 'a story'}
          </Link>{' '}
          by {story.creator.name}
        </p>
      ) : null}
      <p className="profile-response-text">
        <Link href={own}>{openingWords(response)}</Link>
      </p>
      {response.firstPublishedAt ? <p className="profile-response-date muted">{formatDate(response.firstPublishedAt)}</p> : null}
    </article>
  );
}

function UserResponses({ user }: { user: ResponsesUser }) {
  const pages = useMorePages(
    { items: user.responsesConnection.posts, pagingInfo: user.responsesConnection.pagingInfo },
    UserResponsesPageQuery,
    { username: user.username, id: null, paging: { limit: PROFILE_STORIES_PAGE_SIZE } },
    pickResponses,
  );
  return (
    <section aria-label={`Responses by ${user.name}`} className="profile-responses" data-profile-tab="responses">
      <h2 className="profile-section-heading">Responses</h2>
      {pages.items.length === 0 ? <p className="profile-empty muted">{user.name} hasn't responded to any stories yet.</p> : null}
      {pages.items.map((response) => (
        <ResponseItem key={response.id} response={response} />
      ))}
      <ShowMoreButton pages={pages} />
    </section>
  );
}

function HighlightItem({ highlight }: { highlight: ProfileHighlight }) {
  const ctx = useLinkContext();
  if (!highlight.post) return null;
  // The story opens scrolled to the passage and marking it (/p/{postId}/quotes/{quoteId}).
  const href = buildLink('ShowPostQuote', { postId: highlight.post.id, quoteId: highlight.id }, ctx);
  return (
    <article className="profile-response" data-highlight-id={highlight.id}>
      <p className="profile-response-text">
        <Link href={href}>“{highlight.quote}”</Link>
      </p>
      <p className="profile-response-context muted">From {highlight.post.title || 'a story'}</p>
    </article>
  );
}

function UserHighlights({ user }: { user: HighlightsUser }) {
  const pages = useMorePages(
    { items: user.highlightsConnection.highlights, pagingInfo: user.highlightsConnection.pagingInfo },
    UserHighlightsPageQuery,
    { username: user.username, id: null, paging: { limit: PROFILE_STORIES_PAGE_SIZE } },
    pickHighlights,
  );
  return (
    <section aria-label={`Highlights by ${user.name}`} className="profile-responses" data-profile-tab="highlights">
      <h2 className="profile-section-heading">Highlights</h2>
      {pages.items.length === 0 ? <p className="profile-empty muted">{user.name} hasn't highlighted any passages yet.</p> : null}
      {pages.items.map((highlight) => (
        <HighlightItem key={highlight.id} highlight={highlight} />
      ))}
      <ShowMoreButton pages={pages} />
    </section>
  );
}

type SeriesSummary = { id: string; slug: string; title: string; description: string; parts: readonly { id: string }[] };

/** The writer's published series (docs/series.md), each at /s/{sequenceSlug}. */
function SeriesTab({ user, kind, series }: { user: ProfileHeaderUser; kind: 'series'; series: readonly SeriesSummary[] }) {
  const ctx = useLinkContext();
  return (
    <section className="profile-stories" data-profile-tab={kind}>
      <h2 className="profile-section-heading">{SECTION_TITLES[kind]}</h2>
      {series.length === 0 ? <p className="profile-empty muted">{`${user.name} hasn't published a series yet.`}</p> : null}
      <ul className="series-list">
        {series.map((s) => (
          <li key={s.id} className="series-list-item">
            <Link href={buildLink('ShowSequence', { sequenceSlug: s.slug }, ctx)} className="series-list-title">
              {s.title}
            </Link>
            <span className="muted"> · {s.parts.length === 1 ? '1 part' : `${s.parts.length} parts`}</span>
            {s.description ? <p className="muted">{s.description}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function FollowPrompt({ user }: { user: ProfileHeaderUser }) {
  return (
    <section className="profile-follow-prompt" aria-label={`Follow ${user.name}`}>
      <p>Follow {user.name} to find their new stories in your feed.</p>
      <FollowUserButton user={user} />
    </section>
  );
}

/** Which data shape a result has, for the title (which sees the data, not the route). */
function sectionOf(data: ProfileTabData | undefined): string | undefined {
  const user = data?.userResult;
  if (!user || !isProfileUser(user)) return undefined;
  if ('recommendedPostsConnection' in user) return SECTION_TITLES.recommended;
  if ('responsesConnection' in user) return SECTION_TITLES.responses;
  if ('highlightsConnection' in user) return SECTION_TITLES.highlights;
  return undefined;
}

/** A writer's profile (page user-profile, two-column layout): the tab its route names. */
export const userProfilePage: PageDefinition<ProfileTabData> = {
  query: (params, routeName) => {
    const lookup = profileLookup(params);
    const paging = { limit: PROFILE_STORIES_PAGE_SIZE };
    switch (profileTabOf(routeName)) {
      case 'recommended':
        return { query: UserRecommendedPageQuery, variables: { ...lookup, paging } };
      case 'responses':
        return { query: UserResponsesPageQuery, variables: { ...lookup, paging } };
      case 'highlights':
        return { query: UserHighlightsPageQuery, variables: { ...lookup, paging } };
      case 'series':
        return { query: UserSeriesPageQuery, variables: lookup };
      case 'stories':
        return { query: UserStoriesPageQuery, variables: { ...lookup, paging } };
    }
  },
  status: (data) => profileStatus(data.userResult),
  title: (data, state) => profileTitle(data?.userResult, state.config.productName, sectionOf(data)),
  head: (data, state) => (data && isProfileUser(data.userResult) ? profileHead(data.userResult, state) : undefined),
  Component: function UserProfile({ data }) {
    const routeName = useCurrentPage().resolved?.routeName;
    const user = data.userResult;
    if (!isProfileUser(user)) return <UnavailableProfile result={user} />;
    const tab = profileTabOf(routeName);
    let body;
    if (tab === 'recommended' && 'recommendedPostsConnection' in user) body = <UserRecommended user={user as RecommendedUser} />;
    else if (tab === 'responses' && 'responsesConnection' in user) body = <UserResponses user={user as ResponsesUser} />;
    else if (tab === 'highlights' && 'highlightsConnection' in user) body = <UserHighlights user={user as HighlightsUser} />;
    else if (tab === 'series') body = <SeriesTab user={user} kind={tab} series={'series' in user ? (user.series as readonly SeriesSummary[]) : []} />;
    else if ('postsConnection' in user) body = <UserStories user={user as StoriesUser} />;
    return (
      // The writer's look, on their profile only (docs/adr/0160-custom-style-sheets.md).
      <div className="owner-style" {...ownerStyleAttributes(user.customStyleSheet)}>
        <ProfileHeading user={user} active={tab === 'stories' ? 'home' : null} />
        {routeName === 'ShowUserFollow' ? <FollowPrompt user={user} /> : null}
        {body}
      </div>
    );
  },
  Sidebar: function UserProfileSidebar({ data }) {
    return isProfileUser(data.userResult) ? <ProfileSidebar user={data.userResult} /> : null;
  },
};

/** "top-writer" → "Top writer": an award kind as words. */
function awardWords(kind: string): string {
  const words = kind.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Awards';
}

/**
 * /@{username}/awards/{kind} (page user-awards): Vellum gives no awards yet, so every kind shows
 * a clear empty state under the writer's heading rather than another tab's list.
 */
export const userAwardsPage: PageDefinition<UserAboutPageData> = {
  query: (params) => ({ query: UserAboutPageQuery, variables: profileLookup(params) }),
  status: (data) => profileStatus(data.userResult),
  title: (data, state) => profileTitle(data?.userResult, state.config.productName, 'Awards'),
  Component: function UserAwards({ data, params }) {
    const user = data.userResult;
    if (!isProfileUser(user)) return <UnavailableProfile result={user} />;
    return (
      <>
        <ProfileHeading user={user} active={null} />
        <section className="profile-stories" data-profile-tab="awards">
          <h2 className="profile-section-heading">{awardWords(params.kind ?? '')}</h2>
          <p className="profile-empty muted">{user.name} has no awards of this kind yet.</p>
        </section>
      </>
    );
  },
  Sidebar: function UserAwardsSidebar({ data }) {
    return isProfileUser(data.userResult) ? <ProfileSidebar user={data.userResult} /> : null;
  },
};
