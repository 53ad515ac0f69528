// "Delete story" for the story's author (issue 6 item 12): asks once, then DeletePost moves
// the story to the trash and the MOVE_POST_TO_TRASH toast says it will be permanently
// deleted after 14 days, with Undo (UndeletePostMutation).
//   <DeleteStoryButton postId={post.id} title={post.title} onDeleted={…} onRestored={…} />
// The story page's menu and the your-stories page use it; the server refuses anyone but
// the author (NotFound), so showing it to others would only fail.
import { useState } from 'react';
import { useClient } from 'urql';
import { useToast } from '../toasts/ToastProvider.tsx';

export function DeleteStoryButton({
  postId,
  title,
  onDeleted,
  onRestored,
}: {
  postId: string;
  title: string;
  /** After the story went to the trash (e.g. take it off the page). */
  onDeleted?(): void;
  /** After Undo brought it back. */
  onRestored?(): void;
}) {
  const { showToast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const client = useClient();
  // The documents load with the first click: the story page ships this button to its
  // author only, and the library documents are a chunk of their own.
  const deletePost = async (variables: { targetPostId: string }) => {
    const { DeletePost } = await import('./DeleteStoryButton.graphql.ts');
    return client.mutation<{ deletePost: { __typename: string; message?: string } }>(DeletePost, variables).toPromise();
  };
  const undeletePost = async (variables: { targetPostId: string }) => {
    const { UndeletePostMutation } = await import('./DeleteStoryButton.graphql.ts');
    return client.mutation<{ undeletePost: { __typename: string; message?: string } }>(UndeletePostMutation, variables).toPromise();
  };

  const confirm = async () => {
    setBusy(true);
    const result = (await deletePost({ targetPostId: postId })).data?.deletePost;
    setBusy(false);
    setConfirming(false);
    if (result?.__typename !== 'TrashedPost') {
      showToast({ style: 'ERROR', message: result?.message ?? 'Something went wrong. Please try again.' });
      return;
    }
    onDeleted?.();
    showToast({
      style: 'MOVE_POST_TO_TRASH',
      extraParams: {
        postId,
        onUndo: async () => {
          const restored = (await undeletePost({ targetPostId: postId })).data?.undeletePost;
          if (restored?.__typename === 'Post') onRestored?.();
          else showToast({ style: 'ERROR', message: restored?.message ?? 'Something went wrong. Please try again.' });
        },
      },
    });
  };

  if (confirming) {
    return (
      <span className="delete-story-confirm" role="group" aria-label={`Delete ${title}`}>
        Delete this story? It goes to the trash for 14 days.{' '}
        <button type="button" className="button button-dark button-small" onClick={() => void confirm()} disabled={busy} data-testid="confirm-delete-story">
          Delete
        </button>{' '}
        <button type="button" className="button button-outline button-small" onClick={() => setConfirming(false)}>
          Cancel
        </button>
      </span>
    );
  }
  return (
    <button type="button" className="delete-story-button" onClick={() => setConfirming(true)} data-testid="delete-story">
      Delete story
    </button>
  );
}
