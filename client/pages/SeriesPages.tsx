// The series pages (docs/series.md; the spec's Sequence):
// - series (/series/{postId}, /s/{sequenceSlug}): the series, its parts in order, Follow;
// - new-series, new-sequence (/new-series, /s/new): a title, an address and a description;
// - edit-series, edit-sequence (/series/{postId}/edit, /s/{sequenceSlug}/edit): its writer adds
//   their stories (or writes a new one), orders them with Move up / Move down buttons (keyboard
//   reachable, the order announced), takes parts out and publishes the series;
// - your-series (/me/series, /me/series/{filterBy}): the writer's series, drafts and published.
import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { buildLink } from '../../shared/routing/links.ts';
import { formatCount, formatReadingTime } from '../../shared/format.ts';
import { Link, useNavigation } from '../app/navigation.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { useSignInPrompt } from '../components/header/sign-in-prompt.tsx';
import { SignedOutNotice } from '../components/library/LibraryChrome.tsx';
import { MemberStar } from '../components/MemberStar.tsx';
import type { PageDefinition } from '../app/page-definition.ts';
import {
  AddSeriesPart,
  CreateSeries,
  FollowSeries,
  MoveSeriesPart,
  PublishSeries,
  RemoveSeriesPart,
  SeriesPageQuery,
  UnfollowSeries,
  UpdateSeries,
  YourSeriesPageQuery,
  type SeriesData,
  type SeriesPageData,
  type SeriesResult,
  type YourSeriesPageData,
} from './SeriesPages.graphql.ts';

const SOMETHING_WRONG = 'Something went wrong. Please try again.';
const partsCount = (n: number) => (n === 1 ? '1 part' : `${formatCount(n)} parts`);

/** The series a route names: by id (/series/{postId}) or by address (/s/{sequenceSlug}). */
function seriesVariables(params: Record<string, string | undefined>, withStories: boolean) {
  return { id: params.postId ?? '', slug: params.sequenceSlug ?? '', withStories };
}

function seriesOf(data: SeriesPageData | undefined): SeriesData | null {
  return (data?.byId ?? data?.bySlug ?? null) as SeriesData | null;
}

function NoSeries() {
  return (
    <div className="library-empty" data-testid="series-missing">
      <h1 className="library-title">This series does not exist.</h1>
    </div>
  );
}

function SeriesView({ initial, signedIn }: { initial: SeriesData; signedIn: boolean }) {
  const ctx = useLinkContext();
  const openSignIn = useSignInPrompt();
  const [series, setSeries] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [, follow] = useMutation<{ followSeries: SeriesResult }>(FollowSeries);
  const [, unfollow] = useMutation<{ unfollowSeries: SeriesResult }>(UnfollowSeries);
  const partHref = (postId: string) => buildLink('ShowSequencePost', { sequenceSlug: series.slug, postId }, ctx);

  const toggleFollow = async () => {
    if (!signedIn) {
      openSignIn({ operation: 'register', susiEntry: 'follow_series' });
      return;
    }
    const answer = series.viewerEdge.isFollowing
      ? (await unfollow({ seriesId: series.id })).data?.unfollowSeries
      : (await follow({ seriesId: series.id })).data?.followSeries;
    if (!answer) return setError(SOMETHING_WRONG);
    if (answer.__typename !== 'Series') return setError(answer.message);
    setError(null);
    setSeries(answer as SeriesData);
  };

  return (
    <article className="series-page" data-series-id={series.id}>
      <header className="series-page-header">
        <p className="muted">
          A series by <Link href={buildLink('ShowUser', { username: series.creator.username }, ctx)}>{series.creator.name}</Link>
        </p>
        <h1 className="library-title">{series.title}</h1>
        {series.description ? <p className="series-page-description">{series.description}</p> : null}
        <p className="muted">
          {partsCount(series.parts.length)}
          {series.publishedAt === null ? ' · Draft: only you can see it' : ` · ${formatCount(series.followerCount)} following`}
        </p>
        <div className="series-page-actions">
          {series.viewerEdge.isCreator ? (
            <Link href={buildLink('ShowEditSequence', { sequenceSlug: series.slug }, ctx)} className="button button-outline button-small">
              Edit series
            </Link>
          ) : (
            <button type="button" className={series.viewerEdge.isFollowing ? 'button button-outline button-small' : 'button button-dark button-small'} onClick={() => void toggleFollow()} aria-pressed={series.viewerEdge.isFollowing}>
              {series.viewerEdge.isFollowing ? 'Following series' : 'Follow series'}
            </button>
          )}
          {series.parts[0] ? (
            <Link href={partHref(series.parts[0].id)} className="button button-outline button-small">
              Start reading
            </Link>
          ) : null}
        </div>
        {error ? <p role="alert" className="catalog-form-error">{error}</p> : null}
      </header>
      <ol className="series-parts" aria-label="Parts">
        {series.parts.map((part, index) => (
          <li key={part.id} className="series-part">
            <span className="muted series-part-number">Part {index + 1}</span>{' '}
            <Link href={partHref(part.id)} className="series-part-title">
              {part.title || 'Untitled'}
            </Link>
            {part.isLocked ? (
              <span className="muted">
                {' '}
                <MemberStar creatorId={series.creator.id} /> Member-only
              </span>
            ) : null}
            {part.isPublished ? null : <span className="muted"> · Draft</span>}
            <span className="muted"> · {formatReadingTime(part.readingTime)}</span>
            {part.subtitle ? <p className="muted">{part.subtitle}</p> : null}
          </li>
        ))}
      </ol>
      {series.parts.length === 0 ? <p className="muted">No parts yet.</p> : null}
    </article>
  );
}

export const seriesPage: PageDefinition<SeriesPageData> = {
  query: (params) => ({ query: SeriesPageQuery, variables: seriesVariables(params, false) }),
  status: (data) => (seriesOf(data) ? 200 : 404),
  title: (data, state) => `${seriesOf(data)?.title ?? 'Series'} – ${state.config.productName}`,
  Component: ({ data }) => {
    const series = seriesOf(data);
    return series ? <SeriesView key={series.id} initial={series} signedIn={Boolean(data.viewer)} /> : <NoSeries />;
  },
};

/** Title, address and description: the new-series form and the editor's details. */
function SeriesDetailsForm({ initial, submitLabel, onSubmit }: { initial?: Partial<SeriesData>; submitLabel: string; onSubmit(values: { title: string; slug: string; description: string }): Promise<string | null> }) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [slug, setSlug] = useState(initial?.slug ?? '');
  const [slugTouched, setSlugTouched] = useState(initial?.slug !== undefined);
  const [description, setDescription] = useState(initial?.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const suggested = (text: string) =>
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    void onSubmit({ title, slug, description })
      .then(setError)
      .finally(() => setBusy(false));
  };
  return (
    <form className="catalog-form series-form" onSubmit={submit} aria-label={submitLabel}>
      <label className="catalog-form-field">
        <span className="catalog-form-label">Title</span>
        <input
          type="text"
          value={title}
          maxLength={100}
          onChange={(e) => {
            setTitle(e.target.value);
            if (!slugTouched) setSlug(suggested(e.target.value));
          }}
          placeholder="Name your series"
        />
      </label>
      <label className="catalog-form-field">
        <span className="catalog-form-label">Address (/s/…)</span>
        <input
          type="text"
          value={slug}
          maxLength={60}
          onChange={(e) => {
            setSlugTouched(true);
            setSlug(e.target.value);
          }}
          placeholder="my-series"
        />
      </label>
      <label className="catalog-form-field">
        <span className="catalog-form-label">Description</span>
        <textarea value={description} maxLength={280} rows={2} onChange={(e) => setDescription(e.target.value)} placeholder="What is it about?" />
      </label>
      {error ? (
        <p className="catalog-form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button-dark button-small" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}

function NewSeries() {
  const ctx = useLinkContext();
  const { navigate } = useNavigation();
  const [, create] = useMutation<{ createSeries: SeriesResult }>(CreateSeries);
  return (
    <section className="series-editor">
      <h1 className="library-title">New series</h1>
      <p className="muted">Tell a story in parts: give it a title and an address, then add your stories in order.</p>
      <SeriesDetailsForm
        submitLabel="Create series"
        onSubmit={async (input) => {
          const answer = (await create({ input })).data?.createSeries;
          if (!answer) return SOMETHING_WRONG;
          if (answer.__typename !== 'Series') return answer.message;
          navigate(buildLink('ShowEditSequence', { sequenceSlug: (answer as SeriesData).slug }, ctx));
          return null;
        }}
      />
    </section>
  );
}

function SeriesEditor({ initial, stories }: { initial: SeriesData; stories: readonly { id: string; title: string }[] }) {
  const ctx = useLinkContext();
  const { navigate } = useNavigation();
  const [series, setSeries] = useState(initial);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [adding, setAdding] = useState('');
  const [, update] = useMutation<{ updateSeries: SeriesResult }>(UpdateSeries);
  const [, publish] = useMutation<{ publishSeries: SeriesResult }>(PublishSeries);
  const [, add] = useMutation<{ addSeriesPart: SeriesResult }>(AddSeriesPart);
  const [, remove] = useMutation<{ removeSeriesPart: SeriesResult }>(RemoveSeriesPart);
  const [, move] = useMutation<{ moveSeriesPart: SeriesResult }>(MoveSeriesPart);

  const take = (answer: SeriesResult | undefined, done: string): string | null => {
    if (!answer) {
      setMessage({ text: SOMETHING_WRONG, error: true });
      return SOMETHING_WRONG;
    }
    if (answer.__typename !== 'Series') {
      setMessage({ text: answer.message, error: true });
      return answer.message;
    }
    setSeries(answer as SeriesData);
    setMessage({ text: done, error: false });
    return null;
  };
  const inSeries = new Set(series.parts.map((p) => p.id));
  // The server offers only stories in no series (a story is a part of one series at most); those
  // added since the page opened leave the list here.
  const candidates = stories.filter((s) => !inSeries.has(s.id));

  return (
    <section className="series-editor" data-series-id={series.id}>
      <p className="muted">
        <Link href={buildLink('ShowSequence', { sequenceSlug: series.slug }, ctx)}>View series</Link>
        {series.publishedAt === null ? ' · Draft' : ' · Published'}
      </p>
      <h1 className="library-title">Edit series</h1>
      <SeriesDetailsForm
        initial={series}
        submitLabel="Save details"
        onSubmit={async (input) => {
          const answer = (await update({ seriesId: series.id, input })).data?.updateSeries;
          const error = take(answer, 'Details saved.');
          if (!error && answer && answer.__typename === 'Series' && (answer as SeriesData).slug !== initial.slug)
            navigate(buildLink('ShowEditSequence', { sequenceSlug: (answer as SeriesData).slug }, ctx));
          return error;
        }}
      />
      <h2 className="profile-section-heading">Parts</h2>
      <ol className="series-parts series-parts-editing" aria-label="Parts in order">
        {series.parts.map((part, index) => (
          <li key={part.id} className="series-part">
            <span className="series-part-title">
              Part {index + 1}: {part.title || 'Untitled'}
              {part.isPublished ? '' : ' (draft)'}
            </span>{' '}
            <button
              type="button"
              className="button button-outline button-small"
              disabled={index === 0}
              aria-label={`Move ${part.title || 'Untitled'} up`}
              onClick={async () => take((await move({ seriesId: series.id, postId: part.id, direction: 'UP' })).data?.moveSeriesPart, `${part.title} is now part ${index}.`)}
            >
              Move up
            </button>{' '}
            <button
              type="button"
              className="button button-outline button-small"
              disabled={index === series.parts.length - 1}
              aria-label={`Move ${part.title || 'Untitled'} down`}
              onClick={async () => take((await move({ seriesId: series.id, postId: part.id, direction: 'DOWN' })).data?.moveSeriesPart, `${part.title} is now part ${index + 2}.`)}
            >
              Move down
            </button>{' '}
            <button
              type="button"
              className="button button-outline button-small"
              aria-label={`Remove ${part.title || 'Untitled'} from the series`}
              onClick={async () => take((await remove({ seriesId: series.id, postId: part.id })).data?.removeSeriesPart, `${part.title} was taken out of the series.`)}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      {series.parts.length === 0 ? <p className="muted">No parts yet: add one of your stories.</p> : null}
      <form
        className="series-add"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!adding) return;
          const error = take((await add({ seriesId: series.id, postId: adding })).data?.addSeriesPart, 'Part added.');
          if (!error) setAdding('');
        }}
      >
        <label>
          <span className="catalog-form-label">Add a story</span>{' '}
          <select value={adding} onChange={(e) => setAdding(e.target.value)} aria-label="Add a story">
            <option value="">Choose one of your stories…</option>
            {candidates.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title || 'Untitled'}
              </option>
            ))}
          </select>
        </label>{' '}
        <button type="submit" className="button button-outline button-small" disabled={!adding}>
          Add part
        </button>{' '}
        <a href={buildLink('ShowNewPost', {}, ctx)} className="button button-outline button-small">
          Write a new part
        </a>
      </form>
      {series.publishedAt === null ? (
        <p>
          <button type="button" className="button button-dark" onClick={async () => take((await publish({ seriesId: series.id })).data?.publishSeries, 'Your series is published.')}>
            Publish series
          </button>
        </p>
      ) : null}
      <p role="status" className={message?.error ? 'catalog-form-error' : 'muted'} aria-live="polite">
        {message?.text ?? ''}
      </p>
    </section>
  );
}

export const newSeriesPage: PageDefinition<SeriesPageData> = {
  query: () => ({ query: SeriesPageQuery, variables: { id: '', slug: '', withStories: false } }),
  title: (_data, state) => `New series – ${state.config.productName}`,
  Component: ({ data }) => (data.viewer ? <NewSeries /> : <SignedOutNotice what="your series" />),
};

export const editSeriesPage: PageDefinition<SeriesPageData> = {
  query: (params) => ({ query: SeriesPageQuery, variables: seriesVariables(params, true) }),
  status: (data) => (data.viewer && !(seriesOf(data)?.viewerEdge.isCreator ?? false) ? 404 : 200),
  title: (data, state) => `Edit ${seriesOf(data)?.title ?? 'series'} – ${state.config.productName}`,
  Component: ({ data }) => {
    if (!data.viewer) return <SignedOutNotice what="your series" />;
    const series = seriesOf(data);
    if (!series || !series.viewerEdge.isCreator) return <NoSeries />;
    const stories = 'candidateStories' in series ? (series.candidateStories as readonly { id: string; title: string }[]) : [];
    return <SeriesEditor key={series.id} initial={series} stories={stories} />;
  },
};

const FILTERS: Record<string, 'ALL' | 'PUBLISHED' | 'DRAFTS'> = { drafts: 'DRAFTS', published: 'PUBLISHED', public: 'PUBLISHED' };

function YourSeries({ data, filterBy }: { data: YourSeriesPageData; filterBy: string }) {
  const ctx = useLinkContext();
  const list = (data.viewer?.series ?? []) as readonly SeriesData[];
  return (
    <section className="your-series">
      <h1 className="library-title">Your series</h1>
      <p>
        <Link href={buildLink('ShowNewSeries', {}, ctx)} className="button button-dark button-small">
          New series
        </Link>
      </p>
      <nav className="library-tabs" aria-label="Series">
        <Link href={buildLink('ShowYourSeriesIndex', {}, ctx)} aria-current={filterBy === '' ? 'page' : undefined}>All</Link>{' '}
        <Link href={buildLink('ShowYourSeries', { filterBy: 'drafts' }, ctx)} aria-current={filterBy === 'drafts' ? 'page' : undefined}>Drafts</Link>{' '}
        <Link href={buildLink('ShowYourSeries', { filterBy: 'published' }, ctx)} aria-current={filterBy === 'published' ? 'page' : undefined}>Published</Link>
      </nav>
      {list.length === 0 ? <p className="muted">No series here yet.</p> : null}
      <ul className="series-list">
        {list.map((s) => (
          <li key={s.id} className="series-list-item">
            <Link href={buildLink('ShowSequence', { sequenceSlug: s.slug }, ctx)} className="series-list-title">
              {s.title}
            </Link>
            <span className="muted">
              {' '}
              · {partsCount(s.parts.length)} · {s.publishedAt === null ? 'Draft' : 'Published'}
            </span>{' '}
            <Link href={buildLink('ShowEditSequence', { sequenceSlug: s.slug }, ctx)}>Edit</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const yourSeriesPage: PageDefinition<YourSeriesPageData> = {
  query: (params) => ({ query: YourSeriesPageQuery, variables: { filter: FILTERS[params.filterBy ?? ''] ?? 'ALL', withStats: false } }),
  title: (_data, state) => `Your series – ${state.config.productName}`,
  Component: ({ data, params }) => (data.viewer ? <YourSeries data={data} filterBy={params.filterBy ?? ''} /> : <SignedOutNotice what="your series" />),
};

/** /me/stats/series: each series' parts with their views and reads (docs/stats.md). */
export function SeriesStats({ data }: { data: YourSeriesPageData }) {
  const ctx = useLinkContext();
  const list = (data.viewer?.series ?? []) as readonly (SeriesData & { partStats?: readonly { post: { id: string; title: string }; views: number; reads: number }[] })[];
  return (
    <section className="stats-page" data-testid="stats-series">
      <h1>Series stats</h1>
      {list.length === 0 ? <p className="muted">You have no series yet. <Link href={buildLink('ShowNewSeries', {}, ctx)}>Start one</Link>.</p> : null}
      {list.map((s) => (
        <table key={s.id} className="stats-table">
          <caption>{s.title}</caption>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Views</th>
              <th scope="col">Reads</th>
            </tr>
          </thead>
          <tbody>
            {(s.partStats ?? []).map((p, i) => (
              <tr key={p.post.id}>
                <th scope="row">
                  {i + 1}. {p.post.title || 'Untitled'}
                </th>
                <td>{formatCount(p.views)}</td>
                <td>{formatCount(p.reads)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}

/** /@{username}/stats/series is its writer's alone: anyone else gets the 404 the other stats pages give. */
const othersStats = (data: YourSeriesPageData | undefined) => {
  const owner = data?.owner as { __typename: string; id?: string } | null | undefined;
  return owner !== undefined && (owner === null || owner.id !== data?.viewer?.id);
};

export const seriesStatsPage: PageDefinition<YourSeriesPageData> = {
  query: (params) => ({
    query: YourSeriesPageQuery,
    variables: { filter: 'ALL', withStats: true, username: params.username ?? null, forUser: params.username !== undefined },
  }),
  status: (data) => (data.viewer && othersStats(data) ? 404 : 200),
  title: (_data, state) => `Series stats – ${state.config.productName}`,
  Component: ({ data }) => {
    if (!data.viewer) return <SignedOutNotice what="your stats" />;
    if (othersStats(data)) return <NoSeries />;
    return <SeriesStats data={data} />;
  },
};
