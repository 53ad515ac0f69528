// A note left for the writer and its thread of replies (docs/reader.md "Notes for the writer"),
// shown on the story opened at the note (/p/{postId}/notes/{noteId}, where /p/notereplies/{replyId}
// leads) to the note's author and the story's writer — the only two the server answers it to.
// Either may reply; the reply the address names (?reply=) is marked. Replies are plain text:
// React escapes them.
import { useEffect, useState } from 'react';
import { useMutation } from 'urql';
import { formatDate } from '../../../shared/format.ts';
import { ReplyToNoteMutation, type HighlightPassage, type HighlightThread } from './Highlights.graphql.ts';

const MAX_REPLY_LENGTH = 2000;

type Reply = HighlightThread['replies'][number];

export function NoteThread({ note, viewerId }: { note: HighlightPassage & HighlightThread; viewerId: string | null }) {
  const [, reply] = useMutation(ReplyToNoteMutation);
  const [added, setAdded] = useState<Reply[]>([]);
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [current, setCurrent] = useState<string | null>(null);

  useEffect(() => {
    setCurrent(new URLSearchParams(window.location.search).get('reply'));
  }, []);

  const replies = [...note.replies, ...added.filter((a) => !note.replies.some((r) => r.id === a.id))];
  const byViewer = note.author?.id === viewerId;

  return (
    <section className="note-thread" aria-label="Note for the writer" data-note-id={note.id}>
      <h2 className="story-highlights-heading">Note for the writer</h2>
      <blockquote className="note-thread-quote">“{note.quote}”</blockquote>
      <p className="note-thread-note">
        <strong>{byViewer ? 'You' : (note.author?.name ?? 'A reader')}:</strong> {note.note}
      </p>
      {replies.length ? (
        <ol className="note-thread-replies" aria-label="Replies">
          {replies.map((r) => (
            <li key={r.id} className="note-thread-reply" id={`reply-${r.id}`} data-current={r.id === current ? 'true' : undefined}>
              <strong>{r.author?.id === viewerId ? 'You' : (r.author?.name ?? 'Someone')}</strong>{' '}
              <span className="muted">{formatDate(r.createdAt)}</span>
              <p>{r.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">No replies yet.</p>
      )}
      <form
        className="note-thread-form"
        onSubmit={(event) => {
          event.preventDefault();
          const body = text.trim();
          if (!body) return;
          setFailure(null);
          void reply({ noteId: note.id, body }).then((result) => {
            const made = result.data?.replyToNote;
            if (!made) return setFailure(result.error?.graphQLErrors[0]?.message ?? 'That did not work. Please try again.');
            setAdded((list) => [...list, made]);
            setText('');
          });
        }}
      >
        <label>
          <span className="visually-hidden">Your reply</span>
          <textarea value={text} maxLength={MAX_REPLY_LENGTH} onChange={(e) => setText(e.target.value)} placeholder="Write a reply" />
        </label>
        <button type="submit" className="button button-dark button-small">
          Reply
        </button>
        {failure ? <p role="alert">{failure}</p> : null}
      </form>
    </section>
  );
}
