// Writing a response (or a reply) to a story or to a list: plain text, sent as is; the
// server splits it into paragraphs on blank lines. A visitor sees the prompt box, which asks
// them to sign up.
import { useState } from 'react';
import { useMutation } from 'urql';
import { PublishPostThreadedResponse } from './ResponseEditor.graphql.ts';
import { PublishCatalogResponse } from '../lists/CatalogResponses.graphql.ts';
import { useSignInPrompt } from '../header/sign-in-prompt.tsx';
import { useViewerSession } from '../header/viewer-session.tsx';
import { Avatar } from '../Avatar.tsx';
import { buildLink } from '../../../shared/routing/links.ts';
import { useLinkContext } from '../header/link-context.ts';
import { useToast } from '../toasts/ToastProvider.tsx';

export interface ResponseEditorProps {
  /** What the response answers: a story or a response (post), or a list (catalog). */
  parent: { kind: 'post' | 'catalog'; id: string };
  placeholder?: string;
  /** Replies get a Cancel button that closes the editor. */
  onCancel?: () => void;
  onPublished?: (responseId: string) => void;
  autoFocus?: boolean;
}

export function ResponseEditor({ parent, placeholder = 'What are your thoughts?', onCancel, onPublished, autoFocus }: ResponseEditorProps) {
  const { isLoggedIn, viewer } = useViewerSession();
  const openSignIn = useSignInPrompt();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [{ fetching: publishingToPost }, publishToPost] = useMutation<{ publishPostThreadedResponse: { id: string } }>(PublishPostThreadedResponse);
  const [{ fetching: publishingToList }, publishToList] = useMutation<{ publishCatalogResponse: { id: string } }>(PublishCatalogResponse);
  const fetching = publishingToPost || publishingToList;
  const { showToast } = useToast();
  const linkContext = useLinkContext();

  if (!isLoggedIn || !viewer) {
    return (
      <button type="button" className="response-editor response-editor-prompt" onClick={() => openSignIn({ operation: 'register', susiEntry: 'respond' })}>
        {placeholder}
      </button>
    );
  }

  const submit = async () => {
    setError(null);
    // A new list response is a Post; naming Catalog makes urql refetch the list page even
    // when it showed no Post yet (an empty list with no responses).
    const result =
      parent.kind === 'catalog'
        ? await publishToList({ catalogId: parent.id, text }, { additionalTypenames: ['Catalog'] })
        : await publishToPost({ inResponseToPostId: parent.id, text });
    const created = result.data && ('publishCatalogResponse' in result.data ? result.data.publishCatalogResponse : result.data.publishPostThreadedResponse);
    if (!created) {
      setError(result.error?.graphQLErrors[0]?.message ?? 'Your response could not be saved. Please try again.');
      return;
    }
    setText('');
    // A response is a story of its own (docs/product/2-sign-in-notices-cache-routing.md §4.4 PUBLISH_RESPONSE).
    showToast({ style: 'PUBLISH_RESPONSE', extraParams: { href: buildLink('ShowPost', { postId: created.id }, linkContext) } });
    onPublished?.(created.id);
  };

  return (
    <form
      className="response-editor"
      aria-label="Write a response"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="response-editor-author">
        <Avatar name={viewer.name} imageId={viewer.imageId} size={32} />
        <span>{viewer.name}</span>
      </div>
      <textarea
        className="response-editor-text"
        name="response"
        value={text}
        placeholder={placeholder}
        aria-label={placeholder}
        rows={4}
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
      />
      {error ? (
        <p className="response-editor-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="response-editor-actions">
        {onCancel ? (
          <button type="button" className="button button-text" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="button button-dark button-small" disabled={fetching || text.trim() === ''}>
          Respond
        </button>
      </div>
    </form>
  );
}
