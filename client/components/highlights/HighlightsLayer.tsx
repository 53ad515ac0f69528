// The story page's highlights (docs/reader.md, "Highlights, quotes and notes"), loaded after
// hydration as a chunk of its own (so the story's first paint and its cached copy are the same
// for everyone):
//   - a signed-in reader selects words in one paragraph and gets Highlight and Private note
//     buttons; POST /_/p/{postId}/quotes/create keeps them (worker/endpoints/highlights.ts);
//   - their highlights and notes are painted (CSS Custom Highlight API: React's DOM is never
//     touched) and listed under the story, each with Remove;
//   - the most highlighted passage is underlined;
//   - /p/{postId}/quotes/{quoteId} and /notes/{noteId} scroll to that passage and mark it;
//     /p/{postId}/quotes to the most highlighted one;
//   - a note may be left for the writer; the writer sees the notes left on their story, and a
//     note for the writer opened at its address shows its thread (NoteThread.tsx).
// Visitors fetch nothing unless the address names a passage.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useViewerSession } from '../header/viewer-session.tsx';
import { DeleteHighlightMutation, HighlightTargetQuery, StoryHighlightsQuery, type HighlightPassage } from './Highlights.graphql.ts';
import { paint, passageRange, selectedPassage, type PassageRef } from './paint.ts';
import { NoteThread } from './NoteThread.tsx';

export interface HighlightTarget {
  /** A highlight's or note's id from the address. */
  id: string | null;
  /** /p/{postId}/quotes: the most highlighted passage. */
  showTop: boolean;
}

function scrollTo(passage: PassageRef) {
  const range = passageRange(passage);
  const element = document.getElementById(passage.paragraphName);
  if (!range || !element) return;
  element.scrollIntoView({ block: 'center' });
  paint('vellum-target', [passage]);
  element.dataset.highlightTarget = 'true';
}

export default function HighlightsLayer({ postId, target }: { postId: string; target: HighlightTarget }) {
  const { isLoggedIn, xsrf, viewer } = useViewerSession();
  const [story] = useQuery({ query: StoryHighlightsQuery, variables: { postId }, pause: !isLoggedIn && !target.showTop, requestPolicy: 'cache-and-network' });
  const [targetResult] = useQuery({ query: HighlightTargetQuery, variables: { id: target.id ?? '' }, pause: !target.id });
  const [, deleteHighlight] = useMutation(DeleteHighlightMutation);
  const [added, setAdded] = useState<HighlightPassage[]>([]);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [selection, setSelection] = useState<(PassageRef & { quote: string; top: number; left: number }) | null>(null);
  const [noteText, setNoteText] = useState<string | null>(null);
  const [forWriter, setForWriter] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const scrolled = useRef(false);

  const own = [...(story.data?.post?.viewerHighlights ?? []), ...added.filter((a) => !story.data?.post?.viewerHighlights.some((h) => h.id === a.id))].filter(
    (h) => !removed.has(h.id),
  );
  const top = story.data?.post?.topHighlight ?? null;
  const isWriter = Boolean(viewer && story.data?.post?.creator?.id === viewer.id);
  const notesForWriter = story.data?.post?.notesForWriter ?? [];
  const targetNote = targetResult.data?.highlight;
  const thread = targetNote && targetNote.kind === 'NOTE' && targetNote.forWriter && targetNote.post?.id === postId ? targetNote : null;

  useEffect(() => {
    const count = paint('vellum-highlight', own);
    document.documentElement.dataset.highlights = String(count);
    paint('vellum-top-highlight', top ? [top] : []);
  });

  useEffect(() => {
    if (scrolled.current) return;
    const passage = target.id ? targetResult.data?.highlight : target.showTop ? top : null;
    if (passage && (!('post' in passage) || passage.post?.id === postId)) {
      scrolled.current = true;
      scrollTo(passage);
    }
  }, [target, targetResult.data, top, postId]);

  // A selection inside one paragraph of the story offers the buttons, near the words.
  useEffect(() => {
    if (!isLoggedIn) return;
    const onSelect = () => {
      const storyElement = document.querySelector('article.story .story-body') ?? document.querySelector('article.story');
      const passage = storyElement ? selectedPassage(window.getSelection(), storyElement) : null;
      if (!passage) return setSelection((current) => (current && noteText !== null ? current : null));
      const rect = window.getSelection()!.getRangeAt(0).getBoundingClientRect();
      setSelection({ ...passage, top: rect.top + window.scrollY - 48, left: rect.left + window.scrollX });
    };
    document.addEventListener('mouseup', onSelect);
    document.addEventListener('keyup', onSelect);
    return () => {
      document.removeEventListener('mouseup', onSelect);
      document.removeEventListener('keyup', onSelect);
    };
  }, [isLoggedIn, noteText]);

  const create = useCallback(
    async (note: string | null) => {
      if (!selection) return;
      setFailure(null);
      const response = await fetch(`/_/p/${postId}/quotes/create`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf ?? '' },
        body: JSON.stringify({
          paragraphName: selection.paragraphName,
          startOffset: selection.startOffset,
          endOffset: selection.endOffset,
          ...(note ? { note, ...(forWriter ? { forWriter: true } : {}) } : {}),
        }),
      }).catch(() => null);
      if (!response || !response.ok) {
        const answer = response ? ((await response.json().catch(() => null)) as { error?: string } | null) : null;
        setFailure(answer?.error ?? 'That did not work. Please try again.');
        return;
      }
      const highlight = (await response.json()) as HighlightPassage;
      setAdded((list) => [...list, highlight]);
      setSelection(null);
      setNoteText(null);
      setForWriter(false);
      window.getSelection()?.removeAllRanges();
    },
    [selection, postId, xsrf, forWriter],
  );

  const remove = useCallback(
    async (id: string) => {
      const result = await deleteHighlight({ id });
      if (!result.error) setRemoved((set) => new Set([...set, id]));
    },
    [deleteHighlight],
  );

  return (
    <>
      {selection ? (
        <div className="highlight-toolbar" role="toolbar" aria-label="Highlight the selected words" style={{ top: selection.top, left: selection.left }}>
          {noteText === null ? (
            <>
              <button type="button" className="button button-dark button-small" onMouseDown={(e) => e.preventDefault()} onClick={() => void create(null)}>
                Highlight
              </button>
              <button type="button" className="button button-outline button-small" onMouseDown={(e) => e.preventDefault()} onClick={() => setNoteText('')}>
                Private note
              </button>
            </>
          ) : (
            <form
              className="highlight-note-form"
              onSubmit={(event) => {
                event.preventDefault();
                if (noteText.trim()) void create(noteText.trim());
              }}
            >
              <label>
                <span className="visually-hidden">Your private note</span>
                <textarea
                  value={noteText}
                  maxLength={2000}
                  onChange={(e) => setNoteText(e.target.value)}
                  placeholder={forWriter ? 'A note only you and the writer can see' : 'A note only you can see'}
                />
              </label>
              {isWriter ? null : (
                <label className="highlight-note-for-writer">
                  <input type="checkbox" checked={forWriter} onChange={(e) => setForWriter(e.target.checked)} /> Leave it for the writer
                </label>
              )}
              <button type="submit" className="button button-dark button-small">
                Save note
              </button>
            </form>
          )}
          {failure ? <p role="alert">{failure}</p> : null}
        </div>
      ) : null}
      {own.length ? (
        <section className="story-highlights" aria-label="Your highlights">
          <h2 className="story-highlights-heading">Your highlights</h2>
          <ul>
            {own.map((h) => (
              <li key={h.id} className="story-highlight" data-highlight-id={h.id}>
                <a href={`#${h.paragraphName}`} className="story-highlight-quote">
                  “{h.quote}”
                </a>
                {h.kind === 'NOTE' ? <p className="story-highlight-note">Note: {h.note}</p> : null}
                <button type="button" className="button button-outline button-small" onClick={() => void remove(h.id)}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {thread ? <NoteThread note={thread} viewerId={viewer?.id ?? null} /> : null}
      {notesForWriter.length ? (
        <section className="story-highlights" aria-label="Notes from readers">
          <h2 className="story-highlights-heading">Notes from readers</h2>
          <ul>
            {notesForWriter.map((n) => (
              <li key={n.id} className="story-highlight" data-note-id={n.id}>
                <a href={`/p/${postId}/notes/${n.id}`} className="story-highlight-quote">
                  “{n.quote}”
                </a>
                <p className="story-highlight-note">
                  {n.author?.name ?? 'A reader'}: {n.note} · {n.replies.length === 1 ? '1 reply' : `${n.replies.length} replies`}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {top && top.count > 1 ? (
        <p className="story-top-highlight muted">
          Most highlighted: “{top.quote}” ({top.count} readers)
        </p>
      ) : null}
    </>
  );
}
