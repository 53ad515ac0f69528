// post-upvotes (/p/{postId}/upvotes): who clapped for a story, most recent clap first, each with
// their claps and a follow button, paged with "Show more". Public like the clap count itself;
// a story the viewer cannot open (a draft, someone else's unlisted id typed wrong, a deleted
// one) is a 404.
import { formatCount } from '../../shared/format.ts';
import { postIdFromParam } from '../../shared/routing/story-id.ts';
import { storyIdUrl } from '../../shared/urls/story-urls.ts';
import { Link } from '../app/navigation.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import type { PersonPreview } from '../components/profiles/PersonRow.graphql.ts';
import { PersonRow } from '../components/profiles/PersonRow.tsx';
import { ShowMoreButton } from '../components/profiles/ShowMoreButton.tsx';
import { useMorePages, type ListPage } from '../components/profiles/use-more-pages.ts';
import type { PageDefinition } from '../app/page-definition.ts';
import { StoryClapsPageQuery, type StoryClapsPageData } from './StoryClapsPage.graphql.ts';

const CLAPPERS_PAGE_SIZE = 20;

type Clapper = PersonPreview & { clapCount: number };

function clappersOf(data: StoryClapsPageData): ListPage<Clapper> | null {
  const connection = data.post?.clappersConnection;
  if (!connection) return null;
  return { items: connection.claps.map((clap) => ({ ...clap.user, clapCount: clap.clapCount })), pagingInfo: connection.pagingInfo };
}

const clapsWord = (count: number) => `${formatCount(count)} ${count === 1 ? 'clap' : 'claps'}`;
/** The page's own heading gives the exact number ("1,275 claps"); rows use the short form. */
const exactClaps = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'clap' : 'claps'}`;

function Clappers({ post, first }: { post: NonNullable<StoryClapsPageData['post']>; first: ListPage<Clapper> }) {
  const ctx = useLinkContext();
  const pages = useMorePages(first, StoryClapsPageQuery, { postId: post.id, paging: { limit: CLAPPERS_PAGE_SIZE } }, clappersOf);
  return (
    <section className="people story-claps" aria-label="Claps">
      <h1 className="story-claps-heading">{exactClaps(post.clapCount)}</h1>
      <p className="story-claps-story">
        for <Link href={storyIdUrl(post.id, ctx)}>{post.title || 'Untitled story'}</Link>
      </p>
      {pages.items.length === 0 ? <p className="profile-empty muted">No one has clapped for this story yet.</p> : null}
      <ul className="people-list" data-testid="clappers">
        {pages.items.map((person) => (
          <PersonRow key={person.id} person={person} detail={clapsWord(person.clapCount)} />
        ))}
      </ul>
      <ShowMoreButton pages={pages} />
    </section>
  );
}

export const storyClapsPage: PageDefinition<StoryClapsPageData> = {
  query: (params) => ({
    query: StoryClapsPageQuery,
    variables: { postId: postIdFromParam(params.postId ?? '') ?? params.postId ?? '', paging: { limit: CLAPPERS_PAGE_SIZE } },
  }),
  status: (data) => (data.post?.isPublished ? 200 : 404),
  title: (data, state) => (data?.post?.isPublished ? `Claps for ${data.post.title || 'Untitled story'} – ${state.config.productName}` : `Page not found | ${state.config.productName}`),
  Component: ({ data }) => {
    const first = clappersOf(data);
    if (!data.post?.isPublished || !first) {
      return (
        <div className="people">
          <h1 className="people-heading">Story not found</h1>
          <p className="muted">This story does not exist, or it is not published.</p>
        </div>
      );
    }
    return <Clappers post={data.post} first={first} />;
  },
};
