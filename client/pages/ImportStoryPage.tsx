// import-story (/p/import, /p/import-story; issue 12 item 6): the writer picks a Markdown or
// HTML file; the server reads it with a real parser into a draft (importStory), which opens in
// the editor.
import { useState, type ChangeEvent } from 'react';
import { useMutation } from 'urql';
import { buildLink } from '../../shared/routing/links.ts';
import { useLinkContext } from '../components/header/link-context.ts';
import { SignedOutNotice } from '../components/library/LibraryChrome.tsx';
import { NewStoryPageQuery, type NewStoryPageData } from './EditorPage.graphql.ts';
import type { PageDefinition } from '../app/page-definition.ts';
import { ImportStoryMutation } from './ImportStoryPage.graphql.ts';

/** Bigger files are refused before they are sent (the server refuses them too). */
const MAX_FILE_BYTES = 500_000;

function ImportForm() {
  const ctx = useLinkContext();
  const [, importStory] = useMutation(ImportStoryMutation);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setError('This file is too large to import.');
      return;
    }
    setBusy(true);
    setError(null);
    const outcome = (await importStory({ fileName: file.name, text: await file.text() })).data?.importStory;
    if (outcome?.__typename === 'StoryImported') {
      window.location.assign(buildLink('ShowEditPost', { postId: outcome.post.id }, ctx));
      return;
    }
    setBusy(false);
    setError(outcome?.__typename === 'BadRequest' ? outcome.message : 'The file could not be imported. Please try again.');
  };

  return (
    <div className="editor-page">
      <h1>Import a story</h1>
      <p className="muted">
        Pick a Markdown (.md) or HTML (.html) file. Its text, headings, lists, quotes, code and links become a draft you can edit before you
        publish. Images are left out: add them in the editor.
      </p>
      <label className="button button-outline">
        {busy ? 'Importing…' : 'Choose a file'}
        <input className="visually-hidden" type="file" accept=".md,.markdown,.txt,.html,.htm,text/markdown,text/html,text/plain" disabled={busy} onChange={(e) => void onFile(e)} />
      </label>
      {error ? (
        <p className="editor-alert" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const importStoryPage: PageDefinition<NewStoryPageData> = {
  query: () => ({ query: NewStoryPageQuery, variables: {} }),
  title: (_data, state) => `Import a story – ${state.config.productName}`,
  Component: ({ data }) => (data.viewer ? <ImportForm /> : <SignedOutNotice what="importing a story" />),
};
