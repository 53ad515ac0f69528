// The page of each post-retrieval outcome of docs/product/2-sign-in-notices-cache-routing.md §3
// that keeps a story from a reader. The heading is the data service's own message; each outcome has
// its kicker and advice.
import type { PostOutcome as Outcome } from './PostOutcome.graphql.ts';
import { Link, useNavigation } from '../../app/navigation.tsx';
import { useLinkContext } from '../header/link-context.ts';
import { signInUrl } from '../../../shared/urls/auth-urls.ts';
import { BlockButton } from '../blocks/BlockButton.tsx';
import { StoryCard, type StoryCardPost } from '../StoryCard.tsx';

export const OUTCOME_TEXT: Record<Outcome['__typename'], { kicker: string; advice: string }> = {
  NotFound: { kicker: 'PAGE NOT FOUND', advice: 'The address may be mistyped, or the story was never published.' },
  // An empty id finds nothing: the not-found page (docs/outcomes.md "GraphqlEmptyId").
  GraphqlEmptyId: { kicker: 'NO STORY NAMED', advice: 'This address names no story. Check the link you followed: it may have been cut short.' },
  RemovedByUser: { kicker: 'STORY REMOVED', advice: 'Its author has removed it, so it can no longer be read here.' },
  AccountDeleted: { kicker: 'ACCOUNT DELETED', advice: 'Stories of a deleted account are no longer available.' },
  AccountSuspended: { kicker: 'ACCOUNT SUSPENDED', advice: 'Stories of this account are unavailable while it is suspended.' },
  PostSuspended: { kicker: 'STORY SUSPENDED', advice: 'This story is unavailable while it is suspended.' },
  Blocked: { kicker: 'YOU ARE BLOCKED', advice: 'Its author has chosen not to share their stories with you, so you can’t read, clap for or respond to them.' },
  Blocking: { kicker: 'AUTHOR BLOCKED', advice: 'You blocked its author, so their stories are hidden from you. Unblock them to read this story.' },
  Unauthorized: { kicker: 'SIGN IN TO READ', advice: 'Its author shares this story with signed-in readers only.' },
  UnavailableForLegalReasons: { kicker: 'UNAVAILABLE FOR LEGAL REASONS', advice: 'We received a legal order about this story and it can no longer be shown.' },
  WithheldInCountry: { kicker: 'WITHHELD IN YOUR COUNTRY', advice: 'It can still be read elsewhere; it is not shown where the demand applies.' },
};

/** stories: on a story address that holds no story, what the 404 page offers instead (docs/adr/0138-stories-for-a-lost-reader.md). */
export function PostOutcomePage({ result, stories }: { result: Outcome; stories?: readonly StoryCardPost[] | undefined }) {
  const ctx = useLinkContext();
  const { location } = useNavigation();
  const text = OUTCOME_TEXT[result.__typename] ?? OUTCOME_TEXT.NotFound;
  return (
    <div className="error-page" data-outcome={result.__typename}>
      <p className="error-page-kicker">{text.kicker}</p>
      <h1 className="error-page-heading">{result.message}</h1>
      <p className="error-page-text">{text.advice}</p>
      {/* Unblocking refetches this page's query (it holds a User), which then shows the story. */}
      {result.__typename === 'Blocking' && result.user ? <BlockButton target={result.user} isBlocking /> : null}
      {result.__typename === 'Unauthorized' ? (
        <a href={signInUrl(ctx, { redirect: location.pathname + location.search })} className="button button-dark">
          Sign in
        </a>
      ) : null}
      <Link href="/" className="button button-outline">
        Home
      </Link>
      {stories?.length ? (
        <section className="error-page-stories" aria-label="Sample stories">
          {stories.map((post) => (
            <StoryCard key={post.id} post={post} />
          ))}
        </section>
      ) : null}
    </div>
  );
}
