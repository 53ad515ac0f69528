// The stats pages (issue 13 item 3; docs/stats.md#stats-pages): stats-homepage (/me/stats,
// /@{username}/stats) and stats-post (/me/stats/post/{postId}, /@{username}/stats/post/{postId},
// /p/{postId}/referrers). Views, reads, read ratio, reading time, claps, followers and subscribers
// gained per UTC day: a light server-rendered SVG chart and the same numbers as a table. Only the
// writer sees them; anyone else gets the 404 page. No banner is drawn here (shared/routing/stats-pages.ts).
import { Link, useCurrentPage } from '../app/navigation.tsx';
import type { PageDefinition } from '../app/page-definition.ts';
import { PageNotFound } from '../components/PageNotFound.tsx';
import { PublicationDigestStatsQuery, StatsPageQuery, type PublicationDigestStatsData, type StatsPageData } from './StatsPages.graphql.ts';
import { formatDate } from '../../shared/format.ts';
import { SetTimeZoneMutation } from './SettingsPage.graphql.ts';
import { useEffect, useState } from 'react';
import { useMutation } from 'urql';
import { TableScroll } from '../components/TableScroll.tsx';
import { FediverseAudience } from './FediverseAudience.tsx';

type Stats = NonNullable<StatsPageData['writerStats']>;
type Day = Stats['days'][number];

const number = new Intl.NumberFormat('en-US');

export function formatMinutes(seconds: number): string {
  return `${number.format(Math.round(seconds / 60))} min`;
}

/** Views (bars) and reads (darker bars) per day, drawn at build time of the HTML: no script needed. */
export function StatsChart({ days, label }: { days: readonly Day[]; label: string }) {
  const width = 680;
  const height = 160;
  const max = Math.max(1, ...days.map((d) => d.views));
  const step = width / Math.max(1, days.length);
  const bar = Math.max(1, step - 2);
  return (
    <svg className="stats-chart" viewBox={`0 0 ${width} ${height + 20}`} role="img" aria-label={label} width="100%">
      {days.map((d, i) => {
        const vh = (d.views / max) * height;
        const rh = (d.reads / max) * height;
        return (
          <g key={d.day}>
            <rect x={i * step} y={height - vh} width={bar} height={vh} fill="#c7e3d0">
              <title>{`${d.day}: ${d.views} views, ${d.reads} reads`}</title>
            </rect>
            <rect x={i * step} y={height - rh} width={bar} height={rh} fill="#1a8917" />
          </g>
        );
      })}
      <text x="0" y={height + 16} fontSize="12" fill="#6b6b6b">
        {days[0]?.day}
      </text>
      <text x={width} y={height + 16} fontSize="12" fill="#6b6b6b" textAnchor="end">
        {days[days.length - 1]?.day}
      </text>
    </svg>
  );
}

function Totals({ stats }: { stats: Stats }) {
  const t = stats.totals;
  const items: [string, string][] = [
    ['Views', number.format(t.views)],
    ['Reads', number.format(t.reads)],
    ['Read ratio', `${Math.round(t.readRatio * 100)}%`],
    ['Reading time', formatMinutes(t.readingSeconds)],
    ['Claps', number.format(t.claps)],
  ];
  if (!stats.post) {
    items.push(['Followers gained', number.format(t.followersGained)], ['Subscribers gained', number.format(t.subscribersGained)]);
  } else {
    // Likes and boosts from the fediverse, counted apart from claps, all time (docs/adr/0204-fediverse-replies-beside-responses.md).
    items.push(['Fediverse likes', number.format(stats.post.fediverseLikes)], ['Fediverse boosts', number.format(stats.post.fediverseBoosts)]);
  }
  return (
    <dl className="stats-totals" data-testid="stats-totals">
      {items.map(([name, value]) => (
        <div key={name} className="stats-total">
          <dt className="muted">{name}</dt>
          <dd data-stat={name}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DaysTable({ stats }: { stats: Stats }) {
  const perStory = !!stats.post;
  return (
    <TableScroll label="Stats per day">
      <table className="stats-table" data-testid="stats-days">
        <caption>Per day ({stats.timeZone ?? 'UTC'}), newest first</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Views</th>
            <th scope="col">Reads</th>
            <th scope="col">Reading time</th>
            <th scope="col">Claps</th>
            {perStory ? null : <th scope="col">Followers</th>}
            {perStory ? null : <th scope="col">Subscribers</th>}
          </tr>
        </thead>
        <tbody>
          {[...stats.days].reverse().map((d) => (
            <tr key={d.day} data-day={d.day}>
              <th scope="row">{d.day}</th>
              <td data-stat="views">{number.format(d.views)}</td>
              <td data-stat="reads">{number.format(d.reads)}</td>
              <td>{formatMinutes(d.readingSeconds)}</td>
              <td>{number.format(d.claps)}</td>
              {perStory ? null : <td>{number.format(d.followersGained)}</td>}
              {perStory ? null : <td>{number.format(d.subscribersGained)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function StoriesTable({ stats, storyHref, kind = 'stories' }: { stats: Stats; storyHref: (postId: string) => string; kind?: 'stories' | 'responses' }) {
  const rows = kind === 'responses' ? (stats.responses ?? []) : stats.stories;
  if (rows.length === 0) return <p className="muted">{kind === 'responses' ? 'No published responses yet.' : 'No published stories yet.'}</p>;
  return (
    <TableScroll label={kind === 'responses' ? 'Responses' : 'Stories'}>
      <table className="stats-table" data-testid={`stats-${kind}`}>
        <caption>
          {kind === 'responses' ? 'Responses' : 'Stories'}, last {stats.days.length} days
        </caption>
        <thead>
          <tr>
            <th scope="col">{kind === 'responses' ? 'Response' : 'Story'}</th>
            <th scope="col">Views</th>
            <th scope="col">Reads</th>
            <th scope="col">Read ratio</th>
            <th scope="col">Reading time</th>
            <th scope="col">Claps (all time)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.postId} data-post-id={s.postId}>
              <th scope="row">
                <Link href={storyHref(s.postId)}>{s.title || 'Untitled story'}</Link>
              </th>
              <td>{number.format(s.views)}</td>
              <td>{number.format(s.reads)}</td>
              <td>{s.views ? `${Math.round((s.reads / s.views) * 100)}%` : '–'}</td>
              <td>{formatMinutes(s.readingSeconds)}</td>
              <td>{number.format(s.claps)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function statsBase(params: Record<string, string>): string {
  return params.username ? `/@${params.username}/stats` : '/me/stats';
}

/** /stats/responses (and /@{username}/stats/responses): the same page on its Responses tab. */
const RESPONSES_ROUTES: ReadonlySet<string> = new Set(['ShowStatsResponses', 'ShowUserStatsResponses']);

/**
 * A writer whose zone is unknown sees UTC days, and an offer to use the browser's zone (stored
 * with setTimeZone; the page reloads in it). Shown after hydration only: the server does not
 * know the browser's zone.
 */
function UseMyTimeZone() {
  const [zone, setZone] = useState<string | null>(null);
  const [, setTimeZone] = useMutation(SetTimeZoneMutation);
  useEffect(() => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browserZone && browserZone !== 'UTC' && browserZone !== 'Etc/UTC') setZone(browserZone);
  }, []);
  if (!zone) return null;
  return (
    <p className="stats-time-zone" data-testid="use-my-time-zone">
      <button
        type="button"
        className="button button-outline button-small"
        onClick={async () => {
          const answer = (await setTimeZone({ timeZone: zone })).data?.setTimeZone;
          if (answer?.__typename === 'AccountSettings') window.location.reload();
        }}
      >
        Show days in {zone}
      </button>
    </p>
  );
}

function StatsTabs({ base, active }: { base: string; active: 'stories' | 'responses' }) {
  return (
    <nav className="stats-tabs" aria-label="Stats of">
      <Link href={base} aria-current={active === 'stories' ? 'page' : undefined}>
        Stories
      </Link>
      <Link href={`${base}/responses`} aria-current={active === 'responses' ? 'page' : undefined}>
        Responses
      </Link>
    </nav>
  );
}

export const statsHomePage: PageDefinition<StatsPageData> = {
  query: (params, routeName) => ({
    query: StatsPageQuery,
    variables: { username: params.username ?? null, postId: null, withResponses: RESPONSES_ROUTES.has(routeName ?? '') },
  }),
  status: (data) => (data.writerStats ? 200 : 404),
  title: (data, state) => (data?.writerStats ? `Stats – ${state.config.productName}` : `Page not found | ${state.config.productName}`),
  Component: ({ data, params }) => {
    const stats = data.writerStats;
    const routeName = useCurrentPage().resolved?.routeName ?? '';
    if (!stats) return <PageNotFound />;
    const responses = RESPONSES_ROUTES.has(routeName);
    return (
      <section className="stats-page" data-testid="stats-page">
        <h1>Stats</h1>
        {stats.timeZone ? null : <UseMyTimeZone />}
        <StatsTabs base={statsBase(params)} active={responses ? 'responses' : 'stories'} />
        <p className="muted">
          {stats.startDay} – {stats.endDay}, days in {stats.timeZone ?? 'UTC'}. A view is a story page opened in a browser; a read is 30 seconds of reading or reaching the end.
        </p>
        <Totals stats={stats} />
        <StatsChart days={stats.days} label={`Views and reads per day, ${stats.startDay} to ${stats.endDay}`} />
        <StoriesTable stats={stats} storyHref={(postId) => `${statsBase(params)}/post/${postId}`} kind={responses ? 'responses' : 'stories'} />
        <DaysTable stats={stats} />
      </section>
    );
  },
};

export const statsPostPage: PageDefinition<StatsPageData> = {
  query: (params) => ({ query: StatsPageQuery, variables: { username: params.username ?? null, postId: params.postId ?? '' } }),
  status: (data) => (data.writerStats?.post ? 200 : 404),
  title: (data, state) => (data?.writerStats?.post ? `Stats: ${data.writerStats.post.title} – ${state.config.productName}` : `Page not found | ${state.config.productName}`),
  Component: ({ data, params }) => {
    const stats = data.writerStats;
    if (!stats?.post) return <PageNotFound />;
    return (
      <section className="stats-page" data-testid="stats-page">
        <p>
          <Link href={statsBase(params)}>All stories</Link>
        </p>
        <h1>{stats.post.title || 'Untitled story'}</h1>
        <p className="muted">
          {stats.startDay} – {stats.endDay}, days in {stats.timeZone ?? 'UTC'}.
        </p>
        <Totals stats={stats} />
        <StatsChart days={stats.days} label={`Views and reads per day of this story, ${stats.startDay} to ${stats.endDay}`} />
        <DaysTable stats={stats} />
      </section>
    );
  },
};

/** Followers and subscribers gained per day (the audience page's chart: bars of both). */
function AudienceTable({ stats }: { stats: Stats }) {
  return (
    <TableScroll label="Audience per day">
      <table className="stats-table" data-testid="audience-days">
        <caption>Audience gained per day ({stats.timeZone ?? 'UTC'}), newest first</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Followers gained</th>
            <th scope="col">Subscribers gained</th>
          </tr>
        </thead>
        <tbody>
          {[...stats.days].reverse().map((d) => (
            <tr key={d.day} data-day={d.day}>
              <th scope="row">{d.day}</th>
              <td>{number.format(d.followersGained)}</td>
              <td>{number.format(d.subscribersGained)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * Page subscription-stats at /@{username}/audience(/{details}) and /newsletters/{id}/stats (a
 * writer's newsletter id is their user id): the writer's followers and subscribers.
 */
export const audiencePage: PageDefinition<StatsPageData> = {
  query: (params) => ({
    query: StatsPageQuery,
    variables: { username: params.username ?? null, postId: null, newsletterId: params.newsletterV3Id ?? null, withFediverse: true },
  }),
  status: (data) => (data.writerStats ? 200 : 404),
  title: (data, state) => (data?.writerStats ? `Audience stats – ${state.config.productName}` : `Page not found | ${state.config.productName}`),
  Component: ({ data }) => {
    const stats = data.writerStats;
    if (!stats) return <PageNotFound />;
    return (
      <section className="stats-page" data-testid="stats-page">
        <h1>Audience</h1>
        <dl className="stats-totals">
          <div className="stats-total">
            <dt className="muted">Followers</dt>
            <dd data-stat="followers">{number.format(stats.followerCount)}</dd>
          </div>
          <div className="stats-total">
            <dt className="muted">Email subscribers</dt>
            <dd data-stat="subscribers">{number.format(stats.subscriberCount)}</dd>
          </div>
          <div className="stats-total">
            <dt className="muted">Fediverse followers</dt>
            <dd data-stat="fediverse-followers">{number.format(stats.fediverseFollowerCount ?? 0)}</dd>
          </div>
          <div className="stats-total">
            <dt className="muted">Gained, {stats.startDay} – {stats.endDay}</dt>
            <dd>
              {number.format(stats.totals.followersGained)} followers, {number.format(stats.totals.subscribersGained)} subscribers
            </dd>
          </div>
        </dl>
        <p>
          <a href={`/@${stats.username}/audience/stats/export`} download>
            Export as CSV
          </a>
          {' · '}
          <a href="/me/subscribers/import" data-testid="manage-subscribers">
            Subscribers and import
          </a>
        </p>
        <AudienceTable stats={stats} />
        <FediverseAudience
          username={stats.username}
          count={stats.fediverseFollowerCount ?? 0}
          first={stats.fediverseFollowers?.followers ?? []}
          nextCursor={stats.fediverseFollowers?.nextCursor ?? null}
          blocks={stats.fediverseInstanceBlocks ?? []}
          personBlocks={stats.fediversePersonBlocks ?? []}
          approves={stats.fediverseApprovesFollowers ?? false}
          requests={stats.fediverseFollowRequests?.followers ?? []}
          requestsCursor={stats.fediverseFollowRequests?.nextCursor ?? null}
        />
      </section>
    );
  },
};

/**
 * Page publication-stats at /{collectionSlug}/stats (/overview, /stories): the publication's
 * stories, for its owners and editors only. On a publication's own domain (no slug in the path)
 * it is a 404 for now (docs/stats.md).
 */
export const publicationStatsPage: PageDefinition<StatsPageData> = {
  query: (params) => ({ query: StatsPageQuery, variables: { username: null, postId: null, collectionSlug: params.collectionSlug ?? '-' } }),
  status: (data) => (data.writerStats ? 200 : 404),
  title: (data, state) => (data?.writerStats ? `${data.writerStats.name} stats – ${state.config.productName}` : `Page not found | ${state.config.productName}`),
  Component: ({ data }) => {
    const stats = data.writerStats;
    if (!stats) return <PageNotFound />;
    return (
      <section className="stats-page" data-testid="stats-page">
        <h1>{stats.name} stats</h1>
        <PublicationStatsTabs slug={stats.username} current="stories" />
        <p className="muted">
          {stats.startDay} – {stats.endDay}, days in {stats.timeZone ?? 'UTC'}.
        </p>
        <Totals stats={stats} />
        <StatsChart days={stats.days} label={`Views and reads per day of ${stats.name}, ${stats.startDay} to ${stats.endDay}`} />
        <StoriesTable stats={stats} storyHref={(postId) => `/p/${postId}`} />
        <DaysTable stats={stats} />
      </section>
    );
  },
};

/** The publication's two stats pages: its stories, and its newsletter. */
function PublicationStatsTabs({ slug, current }: { slug: string; current: 'stories' | 'newsletter' }) {
  const tabs = [
    { key: 'stories', label: 'Stories', href: `/${slug}/stats` },
    { key: 'newsletter', label: 'Newsletter', href: `/${slug}/stats/publication-digests` },
  ] as const;
  return (
    <nav className="customize-tabs" aria-label="Publication stats">
      {tabs.map((tab) => (
        <Link key={tab.key} href={tab.href} className={`customize-tab${tab.key === current ? ' is-active' : ''}`} aria-current={tab.key === current ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * Page publication-digest-stats at /{collectionSlug}/stats/publication-digests: the publication
 * newsletter's subscribers, who joined and left lately, and each story it emailed with its
 * recipients (worker/newsletters/newsletter-stats.ts). Owners and editors only; 404 otherwise.
 */
export const publicationDigestStatsPage: PageDefinition<PublicationDigestStatsData> = {
  query: (params) => ({ query: PublicationDigestStatsQuery, variables: { slug: params.collectionSlug ?? '-' } }),
  status: (data) => (data.collection?.viewerIsEditor ? 200 : 404),
  title: (data, state) =>
    data?.collection?.viewerIsEditor ? `${data.collection.name} newsletter stats – ${state.config.productName}` : `Page not found | ${state.config.productName}`,
  Component: ({ data }) => {
    const collection = data.collection;
    if (!collection?.viewerIsEditor) return <PageNotFound />;
    const newsletter = collection.newsletter;
    const stats = newsletter?.digestStats;
    return (
      <section className="stats-page" data-testid="digest-stats-page">
        <h1>{collection.name} stats</h1>
        <PublicationStatsTabs slug={collection.slug} current="newsletter" />
        {!newsletter || !stats ? (
          <p data-testid="no-newsletter">
            {collection.name} has no newsletter yet. <Link href={`/${collection.slug}/new-newsletter`}>Start one</Link> and the stories you send to
            its subscribers are counted here.
          </p>
        ) : (
          <>
            <p className="muted">
              <Link href={`/${collection.slug}/newsletters/${newsletter.slug}`}>{newsletter.name}</Link>
            </p>
            <dl className="stats-totals">
              <div className="stats-total">
                <dt className="muted">Subscribers</dt>
                <dd data-stat="subscribers">{number.format(stats.subscriberCount)}</dd>
              </div>
              <div className="stats-total">
                <dt className="muted">Joined, last {stats.days} days</dt>
                <dd data-stat="joined">{number.format(stats.subscribersGained)}</dd>
              </div>
              <div className="stats-total">
                <dt className="muted">Left, last {stats.days} days</dt>
                <dd data-stat="left">{number.format(stats.unsubscribed)}</dd>
              </div>
              <div className="stats-total">
                <dt className="muted">Stories sent</dt>
                <dd data-stat="sent">{number.format(stats.sends.length)}</dd>
              </div>
            </dl>
            {stats.sends.length === 0 ? (
              <p className="muted">No story has been sent yet: choose "Send to subscribers" when you publish one in {collection.name}.</p>
            ) : (
              <TableScroll label="Stories sent">
                <table className="stats-table" data-testid="digest-sends">
                  <caption>Stories sent to subscribers, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Story</th>
                      <th scope="col">Sent</th>
                      <th scope="col">Recipients</th>
                    </tr>
                  </thead>
                  <tbody>
                    {stats.sends.map((send) => (
                      <tr key={send.postId}>
                        <th scope="row">
                          <Link href={`/p/${send.postId}`}>{send.title || 'Untitled story'}</Link>
                        </th>
                        <td>{formatDate(send.sentAt)}</td>
                        <td>{number.format(send.recipientCount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </>
        )}
      </section>
    );
  },
};
