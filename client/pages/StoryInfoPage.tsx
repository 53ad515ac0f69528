// post-info (/p/{postId}/info and /p/{postId}/info/{order}/{filter}; docs/reader.md "Story
// details"): the author's page about one story — its state and numbers, the places to change it,
// and its responses as the author sees them, the hidden ones included, each of which can be shown
// again or hidden. {order} is newest or oldest, {filter} all, shown or hidden; anything else, and
// anyone but the author, gets the 404 page.
import { useState } from 'react';
import { useMutation } from 'urql';
import { formatDate } from '../../shared/format.ts';
import { buildLink } from '../../shared/routing/links.ts';
import { postIdFromParam } from '../../shared/routing/story-id.ts';
import { Link } from '../app/navigation.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { SignedOutNotice } from '../components/library/LibraryChrome.tsx';
import { PageNotFound } from '../components/PageNotFound.tsx';
import { HidePostResponseOnParentPost, UnhidePostResponseOnParentPost } from '../components/story/ResponsesSection.graphql.ts';
import type { PageDefinition } from '../app/page-definition.ts';
import { StoryInfoPageQuery, type StoryInfoPageData } from './StoryInfoPage.graphql.ts';

const ORDERS = ['newest', 'oldest'] as const;
const FILTERS = ['all', 'shown', 'hidden'] as const;
const FILTER_LABELS: Record<(typeof FILTERS)[number], string> = { all: 'All', shown: 'Shown', hidden: 'Hidden' };

type Story = NonNullable<StoryInfoPageData['post']>;
type AuthorResponse = NonNullable<Story['authorResponses']>[number];

function choice(params: Record<string, string>) {
  const order = params.order ?? 'newest';
  const filter = params.filter ?? 'all';
  const valid = (ORDERS as readonly string[]).includes(order) && (FILTERS as readonly string[]).includes(filter);
  return { order, filter, valid };
}

function stateOf(story: Story): string {
  if (!story.isPublished) return 'Draft';
  const where = story.visibility === 'UNLISTED' ? 'Unlisted' : story.visibility === 'LOCKED' ? 'Member-only' : 'Public';
  return `${where}, published ${formatDate(story.firstPublishedAt ?? story.updatedAt)}`;
}

function ResponseRow({ storyId, entry }: { storyId: string; entry: AuthorResponse }) {
  const [hidden, setHidden] = useState(entry.hidden);
  const [error, setError] = useState<string | null>(null);
  const [{ fetching: hiding }, hide] = useMutation(HidePostResponseOnParentPost);
  const [{ fetching: showing }, show] = useMutation(UnhidePostResponseOnParentPost);
  const response = entry.post;
  const text = response.previewContent.bodyModel.paragraphs.map((p) => p.text).join(' ');
  const toggle = async () => {
    const variables = { parentPostId: storyId, postResponseId: response.id };
    const result = hidden ? await show(variables) : await hide(variables);
    if (result.error) setError('That did not work. Please try again.');
    else {
      setError(null);
      setHidden(!hidden);
    }
  };
  return (
    <li className="story-info-response" data-response-id={response.id} data-hidden={hidden ? 'true' : 'false'}>
      <p className="story-info-response-meta">
        <Link href={`/@${response.creator.username}`}>{response.creator.name}</Link>
        <span className="muted">
          {' '}
          · {formatDate(response.firstPublishedAt ?? 0)} · {response.clapCount.toLocaleString('en-US')} {response.clapCount === 1 ? 'clap' : 'claps'}
        </span>
        {hidden ? <span className="subscriber-imported">Hidden</span> : null}
      </p>
      <p className="story-info-response-text">{text.length > 280 ? `${text.slice(0, 279)}…` : text}</p>
      <button type="button" className="button button-outline button-small" disabled={hiding || showing} onClick={() => void toggle()}>
        {hidden ? 'Show again' : 'Hide'}
      </button>
      {error ? (
        <p className="editor-alert" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

function StoryInfo({ story, order, filter }: { story: Story; order: string; filter: string }) {
  const ctx = useLinkContext();
  const base = `/p/${story.id}/info`;
  const responses = story.authorResponses ?? [];
  const publication = story.collection?.name ?? story.submittedCollection?.name ?? null;
  const pending = story.statusForCollection === 'PENDING' || story.submittedCollection !== null;
  // [term, value]; a fact that does not apply is null and left out.
  const facts = (
    [
      ['State', stateOf(story)],
      story.latestPublishedAt && story.latestPublishedAt !== story.firstPublishedAt ? ['Last published', formatDate(story.latestPublishedAt)] : null,
      ['Last saved', formatDate(story.updatedAt)],
      ['Reading time', `${Math.max(1, Math.ceil(story.readingTime))} min`],
      ['Claps', story.clapCount.toLocaleString('en-US')],
      ['Responses', `${story.responsesCount.toLocaleString('en-US')} shown${story.responsesLocked ? ', closed to new ones' : ''}`],
      ['Tags', story.tags.map((t) => t.displayTitle).join(', ') || 'None'],
      publication ? ['Publication', `${publication}${pending ? ' (waiting for its editors)' : ''}`] : null,
      story.canonicalUrl ? ['First published at', story.canonicalUrl] : null,
    ] satisfies ([string, string] | null)[]
  ).filter((fact) => fact !== null);
  return (
    <div className="editor-page story-info">
      <h1>Story details</h1>
      <p className="muted">{story.isPublished ? <a href={story.mediumUrl}>{story.title || 'Untitled story'}</a> : story.title || 'Untitled story'}</p>
      {story.isSuspended ? <p className="editor-alert">This story is under investigation: readers cannot see it.</p> : null}
      <dl className="story-info-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="muted">{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <nav className="story-info-actions" aria-label="This story">
        <a href={buildLink('ShowEditPost', { postId: story.id }, ctx)}>Edit</a>
        <Link href={buildLink('ShowPostSettings', { postId: story.id }, ctx)}>Settings</Link>
        {story.isPublished ? <Link href={buildLink('ShowStatsPost', { postId: story.id }, ctx)}>Stats</Link> : null}
        <Link href={buildLink('ShowPostDeltas', { postId: story.id }, ctx)}>History</Link>
        {story.isPublished ? <Link href={buildLink('ShowPostUpvotes', { postId: story.id }, ctx)}>Who clapped</Link> : null}
      </nav>
      <section aria-labelledby="story-info-responses">
        <h2 id="story-info-responses">Responses</h2>
        <nav className="customize-tabs" aria-label="Which responses">
          {FILTERS.map((f) => (
            <Link key={f} href={`${base}/${order}/${f}`} className={`customize-tab${f === filter ? ' is-active' : ''}`} aria-current={f === filter ? 'page' : undefined}>
              {FILTER_LABELS[f]}
            </Link>
          ))}
        </nav>
        <p className="muted">
          {order === 'newest' ? 'Newest first' : 'Oldest first'} ·{' '}
          <Link href={`${base}/${order === 'newest' ? 'oldest' : 'newest'}/${filter}`}>{order === 'newest' ? 'Oldest first' : 'Newest first'}</Link>
        </p>
        {responses.length === 0 ? (
          <p className="muted" data-testid="story-info-no-responses">
            {filter === 'hidden' ? 'You have hidden no response.' : 'No responses yet.'}
          </p>
        ) : (
          <ul className="story-info-responses" data-testid="story-info-responses">
            {responses.map((entry) => (
              <ResponseRow key={entry.post.id} storyId={story.id} entry={entry} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export const storyInfoPage: PageDefinition<StoryInfoPageData> = {
  query: (params) => {
    const { order, filter, valid } = choice(params);
    return {
      query: StoryInfoPageQuery,
      // An unknown order or filter asks for nothing (the 404 page).
      variables: { postId: valid ? (postIdFromParam(params.postId ?? '') ?? params.postId ?? '') : '', order, filter },
    };
  },
  status: (data) => (data.viewer && !data.post?.authorResponses ? 404 : 200),
  title: (data, state) => (data?.post?.authorResponses ? `Story details – ${state.config.productName}` : `Page not found | ${state.config.productName}`),
  Component: ({ data, params }) => {
    if (!data.viewer) return <SignedOutNotice what="your story's details" />;
    const story = data.post;
    if (!story?.authorResponses) return <PageNotFound />;
    const { order, filter } = choice(params);
    return <StoryInfo story={story} order={order} filter={filter} />;
  },
};
