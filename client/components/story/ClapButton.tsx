// The clap button of a story or response. The count moves on every click
// (docs/product/3-routes-data-calls-constants.md §3 `multiVote`, multi-vote.ts); clicks made close
// together go to the server as one ClapMutation(numClaps), and the count settles with the server's
// answer. A visitor is asked to sign up; the writer of the story cannot clap for it. The same
// button claps a list on the list page (issue 27 point 6; docs/adr/0213-list-claps.md): given a
// catalogId instead of a postId it sends ClapCatalogMutation, and its count opens no page.
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef } from 'react';
import type { Dispatch, ReactNode } from 'react';
import { useMutation } from 'urql';
import { formatCount } from '../../../shared/format.ts';
import { buildLink } from '../../../shared/routing/links.ts';
import { Link } from '../../app/navigation.tsx';
import { useLinkContext } from '../header/link-context.ts';
import { ClapCatalogMutation, ClapMutation } from './ClapButton.graphql.ts';
import { useSignInPrompt } from '../header/sign-in-prompt.tsx';
import { useViewerSession } from '../header/viewer-session.tsx';
import { ClapIcon } from '../icons.tsx';
import { useToast } from '../toasts/ToastProvider.tsx';
import {
  clapsLeft,
  clapsShown,
  initialMultiVoteState,
  multiVoteReducer,
  settledClaps,
  withOneMoreClap,
  withoutClaps,
  type MultiVoteAction,
  type MultiVoteState,
} from './multi-vote.ts';

/** Clicks within this pause are sent together (one request for a burst of claps). */
export const CLAP_BATCH_DELAY_MS = 600;

const MultiVoteContext = createContext<{ state: MultiVoteState; dispatch: Dispatch<MultiVoteAction> } | null>(null);

/** Holds `multiVote` for one page (never module state: the server renders many pages). */
export function MultiVoteProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(multiVoteReducer, initialMultiVoteState);
  const value = useMemo(() => ({ state, dispatch }), [state]);
  return <MultiVoteContext.Provider value={value}>{children}</MultiVoteContext.Provider>;
}

function useMultiVote() {
  const value = useContext(MultiVoteContext);
  if (!value) throw new Error('useMultiVote must be used inside MultiVoteProvider');
  return value;
}

/** What is clapped: a story (or response) or a list. */
export type ClapTarget = { postId: string; catalogId?: undefined } | { catalogId: string; postId?: undefined };

export type ClapButtonProps = ClapTarget & {
  creatorId: string;
  /** The fetched counts. */
  clapCount: number;
  viewerClapCount: number;
  size?: 'default' | 'small';
};

/** The multiVote key: a story's id, or the list's id marked as such (ids of both kinds may meet on one page). */
function clapKey(target: ClapTarget): string {
  return target.catalogId !== undefined ? `catalog:${target.catalogId}` : target.postId;
}

export function ClapButton({ creatorId, clapCount, viewerClapCount, size = 'default', ...target }: ClapButtonProps) {
  const { state, dispatch } = useMultiVote();
  const { isLoggedIn, viewer } = useViewerSession();
  const openSignIn = useSignInPrompt();
  const { showToast } = useToast();
  const [, clapStory] = useMutation(ClapMutation);
  const [, clapList] = useMutation(ClapCatalogMutation);
  const { postId, catalogId } = target;
  const isList = catalogId !== undefined;
  // The state key (the name postId is the spec's clapsPerPost's).
  const key = clapKey(target);
  const shown = clapsShown(state, key, { clapCount, viewerClapCount });
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const pending = useRef(0);
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const isOwnStory = viewer?.id === creatorId;

  const flush = useCallback(async () => {
    timer.current = null;
    if (inFlight.current || pending.current === 0) return;
    const numClaps = pending.current;
    pending.current = 0;
    inFlight.current = true;
    const result = catalogId !== undefined ? await clapList({ catalogId, numClaps }) : await clapStory({ targetPostId: postId, numClaps });
    inFlight.current = false;
    const answer = result.data && ('clapCatalog' in result.data ? result.data.clapCatalog : result.data.clap);
    if (answer) {
      dispatch({ type: 'set', postId: key, claps: settledClaps({ clapCount: answer.clapCount, viewerClapCount: answer.viewerEdge.clapCount }, pending.current) });
    } else {
      dispatch({ type: 'set', postId: key, claps: withoutClaps(shownRef.current, numClaps) });
      const refusal = result.error?.graphQLErrors[0]?.message;
      // A refusal says why; a call that did not arrive may work again (RETRYABLE_ERROR,
      // docs/product/2-sign-in-notices-cache-routing.md §4.4).
      showToast(refusal ? { style: 'ERROR', message: refusal } : { style: 'RETRYABLE_ERROR', message: 'Your claps could not be saved. Please try again.' });
    }
    if (pending.current > 0) void flush();
  }, [clapList, clapStory, catalogId, dispatch, key, postId, showToast]);

  // Fresh data for the post (a refetch): it shows as fetched, unless claps are on their way. Only
  // new counts are fresh data: a button mounted later for the same post (the story's end, hydrated
  // once its chunk is in: docs/adr/0232-the-story-end-hydrated-after-start-up.md) must not wipe
  // the claps the reader just made with the other.
  const fetched = useRef({ key, clapCount, viewerClapCount });
  useEffect(() => {
    const previous = fetched.current;
    if (previous.key === key && previous.clapCount === clapCount && previous.viewerClapCount === viewerClapCount) return;
    fetched.current = { key, clapCount, viewerClapCount };
    if (pending.current === 0 && !inFlight.current) dispatch({ type: 'remove', postId: key });
  }, [clapCount, viewerClapCount, dispatch, key]);

  // Leaving the page sends what is waiting at once.
  useEffect(() => {
    const sendNow = () => {
      if (timer.current) clearTimeout(timer.current);
      void flush();
    };
    window.addEventListener('pagehide', sendNow);
    return () => {
      window.removeEventListener('pagehide', sendNow);
      sendNow();
    };
  }, [flush]);

  const onClick = () => {
    if (!isLoggedIn) {
      openSignIn({ operation: 'register', susiEntry: 'clap' });
      return;
    }
    if (isOwnStory || clapsLeft(shownRef.current) === 0) return;
    const next = withOneMoreClap(shownRef.current);
    shownRef.current = next;
    dispatch({ type: 'set', postId: key, claps: next });
    pending.current += 1;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), CLAP_BATCH_DELAY_MS);
  };

  const atCeiling = clapsLeft(shown) === 0;
  const linkContext = useLinkContext();
  const ownLabel = isList ? 'You cannot clap for your own list' : 'You cannot clap for your own story';
  return (
    <span className={`clap${size === 'small' ? ' clap-small' : ''}`} data-testid="clap" data-post-id={postId} data-catalog-id={catalogId}>
      <button
        type="button"
        className={`clap-button${shown.viewerClapCount > 0 ? ' clap-button-clapped' : ''}`}
        onClick={onClick}
        aria-label={isOwnStory ? ownLabel : atCeiling ? 'You have clapped 50 times' : 'Clap'}
        title={isOwnStory ? ownLabel : undefined}
        aria-disabled={isOwnStory || atCeiling}
      >
        <ClapIcon size={size === 'small' ? 18 : 22} />
      </button>
      {shown.clapCount > 0 && postId !== undefined ? (
        // The count opens who clapped (/p/{postId}/upvotes).
        <Link href={buildLink('ShowPostUpvotes', { postId }, linkContext)} className="clap-count clap-count-link" aria-label={`${shown.clapCount} claps`} title="See who clapped">
          {formatCount(shown.clapCount)}
        </Link>
      ) : (
        <span className="clap-count" aria-label={`${shown.clapCount} claps`}>
          {formatCount(shown.clapCount)}
        </span>
      )}
      {shown.viewerClapCount > 0 ? (
        <span className="clap-viewer muted" data-testid="viewer-claps">
          +{shown.viewerClapCount}
        </span>
      ) : null}
    </span>
  );
}
