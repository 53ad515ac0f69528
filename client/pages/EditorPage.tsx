// The editor (pages new-story and edit-story; issue 12 items 1, 3, 4): /new-story,
// /p/new-post, /{collectionSlug}/new-story, /p/{inResponseToPostId}/responses/new,
// /new-story/repost/{repostId}, /p/{postId}/edit, /{collectionSlug}/{postId}/edit,
// /@{username}/{postId}/edit and /p/{postId}/revert/{versionId}/{baseRev}.
//
// The page renders its frame on the server (title, status, publish button); the body editor
// (client/editor/StoryEditor.tsx, Tiptap) is loaded after hydration as a chunk of its own,
// through a browser-only loader so the worker bundle never carries it (story-editor-loader.ts).
// Autosave: a change waits AUTOSAVE_DELAY_MS of quiet, then saveDraft sends the whole story
// based on the revision the writer started from; "Saving…" then "Saved". A refused stale save
// (another tab saved since) stops autosaving and keeps the writer's text on screen with the
// message. Publishing opens the publish step (PublishPanel).
// "Unsaved changes" means the story differs from what was last opened or saved, compared after
// the editor's own normalisation (docs/adr/0136-editor-save-state.md): opening a story and typing
// nothing saves nothing. A refused image is the image's error, shown apart from the save state.
//
// The same screen is the mobile web editor (mobile-web-editor-redirect: /m-write and
// /m-write/{postId}; docs/adr/0145-mobile-web-editor.md): made for a phone (a bar that stays in
// reach, the text at reading size), saving and publishing through the same calls, and it keeps
// the writer at /m-write/{postId} once the draft exists.
// A publication's editor opens a contributor's story here too (worker/stories/story-editors.ts):
// the bar says whose story it is, and publishing keeps it in its publication.
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMutation } from 'urql';
import type { StoryContent } from '../../shared/content.ts';
import { fromEditorDocument, toEditorDocument, type EditorNode } from '../../shared/editor/editor-document.ts';
import { postIdFromParam } from '../../shared/routing/story-id.ts';
import { buildLink } from '../../shared/routing/links.ts';
import { useAppState } from '../app/app-state.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { useViewerSession } from '../components/header/viewer-session.tsx';
import { SignedOutNotice } from '../components/library/LibraryChrome.tsx';
import type { UploadedImage } from '../editor/StoryEditor.tsx';
import { uploadImageFile, uploadImageFromAddress } from '../app/upload-image.ts';
import { StoryEditor } from '../editor/story-editor-loader.ts';
import { NO_DEFAULTS, PublishPanel, type PublishDefaults } from './PublishPanel.tsx';
import {
  EditStoryPageQuery,
  NewStoryPageQuery,
  SaveDraftMutation,
  type EditStoryPageData,
  type NewStoryPageData,
} from './EditorPage.graphql.ts';
import type { PageDefinition } from '../app/page-definition.ts';

export const AUTOSAVE_DELAY_MS = 1200;

type Viewer = NonNullable<NewStoryPageData['viewer']>;
type SaveState = { kind: 'idle' } | { kind: 'dirty' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string } | { kind: 'stale'; message: string };

interface OpenedStory {
  postId: string | null;
  rev: number;
  title: string;
  subtitle: string;
  content: StoryContent;
  isPublished: boolean;
  /** Opened from an earlier revision (revert): save it as the newest at once. */
  restoring: boolean;
  publishDefaults: PublishDefaults;
}

/**
 * What a save would send, for "did anything change?". Paragraph names are left out: the editor
 * names blocks that have none afresh on every reading (nameParagraphs), and a name alone is
 * nothing the writer changed.
 */
export function storyKey(title: string, subtitle: string, content: StoryContent): string {
  return JSON.stringify([title, subtitle, content.paragraphs.map(({ name: _name, ...rest }) => rest)]);
}

function statusText(state: SaveState, isPublished: boolean): string {
  switch (state.kind) {
    case 'saving':
      return 'Saving…';
    case 'saved':
      return 'Saved';
    case 'dirty':
      return isPublished ? 'Unsaved changes' : 'Draft';
    case 'error':
    case 'stale':
      return 'Not saved';
    default:
      return isPublished ? 'Published' : 'Draft';
  }
}

/** The full editor, or the mobile web editor (/m-write). */
export type EditorVariant = 'full' | 'mobile';

interface TitleFieldProps {
  multiline: boolean;
  className: string;
  label: string;
  placeholder: string;
  value: string;
  maxLength: number;
  readOnly: boolean;
  onChange: (value: string) => void;
}

/** The title or subtitle: one line of text, in a field that wraps on a phone. */
function TitleField({ multiline, label, onChange, ...field }: TitleFieldProps) {
  if (!multiline) return <input {...field} aria-label={label} onChange={(event) => onChange(event.target.value)} />;
  return (
    <textarea
      {...field}
      aria-label={label}
      rows={1}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
      onChange={(event) => onChange(event.target.value.replace(/[\r\n]+/g, ' '))}
    />
  );
}

interface EditorScreenProps {
  viewer: Viewer;
  variant: EditorVariant;
  /** Someone else's story, opened by an editor of its publication: whose it is. */
  writerName?: string | null;
  opened: OpenedStory;
  inResponseToPostId: string | null;
  hasUnpublishedChanges: boolean;
  /** The story is suspended: its author is told (docs/product/2-sign-in-notices-cache-routing.md §4.4). */
  isSuspended?: boolean;
}

function EditorScreen({ viewer, variant, writerName = null, opened, inResponseToPostId, hasUnpublishedChanges, isSuspended = false }: EditorScreenProps) {
  const ctx = useLinkContext();
  const productName = useAppState().config.productName;
  const { xsrf } = useViewerSession();
  const [, saveDraft] = useMutation(SaveDraftMutation);
  const [title, setTitle] = useState(opened.title);
  const [subtitle, setSubtitle] = useState(opened.subtitle);
  const [state, setState] = useState<SaveState>(opened.restoring ? { kind: 'dirty' } : { kind: 'idle' });
  const [mounted, setMounted] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [unpublished, setUnpublished] = useState(hasUnpublishedChanges);
  const story = useRef({ postId: opened.postId, rev: opened.rev, title: opened.title, subtitle: opened.subtitle, content: opened.content });
  const initialDocument = useMemo(() => toEditorDocument(opened.content), [opened.content]);
  // The story as last opened or saved; replaced by the editor's normalised reading once it opens.
  const savedKey = useRef(storyKey(opened.title, opened.subtitle, fromEditorDocument(initialDocument)));
  const everSaved = useRef(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const pending = useRef(opened.restoring);
  const stale = state.kind === 'stale';

  useEffect(() => setMounted(true), []);

  const save = useCallback(async (): Promise<boolean> => {
    if (inFlight.current) await inFlight.current;
    if (!pending.current) return true;
    pending.current = false;
    const run = (async () => {
      setState({ kind: 'saving' });
      const s = story.current;
      const sentKey = storyKey(s.title, s.subtitle, s.content);
      const result = await saveDraft({
        postId: s.postId,
        baseRev: s.rev,
        title: s.title,
        subtitle: s.subtitle,
        contentJson: JSON.stringify(s.content),
        inResponseToPostId: s.postId ? null : inResponseToPostId,
      });
      const outcome = result.data?.saveDraft;
      if (outcome?.__typename === 'DraftSaved') {
        const created = s.postId === null;
        s.rev = outcome.rev;
        s.postId = outcome.post.id;
        if (created) {
          const address = variant === 'mobile' ? buildLink('ShowMobileWebEditorRedirectEditStory', { postId: outcome.post.id }, ctx) : buildLink('ShowEditPost', { postId: outcome.post.id }, ctx);
          window.history.replaceState(window.history.state, '', address);
        }
        if (opened.isPublished) setUnpublished(true);
        savedKey.current = sentKey;
        everSaved.current = true;
        setState(pending.current ? { kind: 'dirty' } : { kind: 'saved' });
        return true;
      }
      pending.current = true;
      if (outcome?.__typename === 'Conflict') setState({ kind: 'stale', message: outcome.message });
      else setState({ kind: 'error', message: outcome && 'message' in outcome ? outcome.message : 'Your story could not be saved. Check your connection; it is saved again with your next change.' });
      return false;
    })();
    inFlight.current = run;
    try {
      return await run;
    } finally {
      inFlight.current = null;
    }
  }, [saveDraft, inResponseToPostId, ctx, opened.isPublished, variant]);

  const changed = useCallback(() => {
    const s = story.current;
    if (!inFlight.current && storyKey(s.title, s.subtitle, s.content) === savedKey.current) {
      // Back to (or still at) what is stored: nothing to save, nothing to warn about.
      pending.current = false;
      if (timer.current) clearTimeout(timer.current);
      setState((current) => (current.kind === 'stale' ? current : { kind: everSaved.current ? 'saved' : 'idle' }));
      return;
    }
    pending.current = true;
    setState((current) => (current.kind === 'stale' ? current : { kind: 'dirty' }));
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (story.current.content.paragraphs.length === 0 && story.current.title === '' && story.current.postId === null) return;
      void save();
    }, AUTOSAVE_DELAY_MS);
  }, [save]);

  // A revert saves the restored revision as the newest right away.
  useEffect(() => {
    if (opened.restoring) void save();
  }, [opened.restoring, save]);

  // Leaving with unsaved text asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (pending.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const onDocument = useCallback(
    (doc: EditorNode) => {
      if (stale) return;
      story.current.content = fromEditorDocument(doc);
      setImageError(null);
      changed();
    },
    [changed, stale],
  );

  // The editor's reading of the opened story (its schema may drop or reshape what it cannot
  // show) is the baseline, unless the writer already changed something or a revert is saving.
  const onOpen = useCallback((doc: EditorNode) => {
    if (pending.current || everSaved.current) return;
    const s = story.current;
    savedKey.current = storyKey(s.title, s.subtitle, fromEditorDocument(doc));
  }, []);

  const openPublish = async () => {
    if (timer.current) clearTimeout(timer.current);
    if (!(await save())) return;
    if (!story.current.postId) {
      setState({ kind: 'error', message: 'Write something before you publish.' });
      return;
    }
    setPublishing(true);
  };

  const message = state.kind === 'stale' || state.kind === 'error' ? state.message : null;
  return (
    <div className={variant === 'mobile' ? 'editor-page editor-page-mobile' : 'editor-page'} data-editor={variant}>
      <div className="editor-bar">
        {/* The editor's page has no site header (basic layout): the wordmark is the way back. A full
            navigation, so leaving with unsaved text asks first (the beforeunload below). */}
        <a href={buildLink('ShowHome', {}, ctx)} className="wordmark editor-wordmark" aria-label={`${productName} home`}>
          {productName}
        </a>
        <span className="editor-status muted" role="status" aria-live="polite" data-testid="save-status">
          {statusText(state, opened.isPublished)}
        </span>
        <button type="button" className="button button-primary button-small" onClick={() => void openPublish()} disabled={stale || state.kind === 'saving'}>
          {opened.isPublished ? (unpublished ? 'Save and publish' : 'Publish settings') : 'Publish'}
        </button>
      </div>
      {writerName ? (
        <p className="editor-note muted" data-testid="editing-for">
          {`You are editing ${writerName}’s story as an editor of its publication. Your changes are in its history under your name.`}
        </p>
      ) : null}
      {isSuspended ? (
        <p className="editor-alert" data-testid="suspended-notice">
          {`This story is under investigation or was found in violation of the ${productName} Rules.`}
        </p>
      ) : null}
      {message ? (
        <p className="editor-alert" role="alert" data-testid="save-alert">
          {message}
        </p>
      ) : null}

      {/* On a phone the title and subtitle wrap (a one-line field would hide a long title's end);
          they stay one line of text: Enter moves on instead of breaking the line. */}
      <TitleField
        multiline={variant === 'mobile'}
        className="editor-title"
        label="Title"
        placeholder="Title"
        value={title}
        maxLength={200}
        readOnly={stale}
        onChange={(value) => {
          setTitle(value);
          story.current.title = value;
          changed();
        }}
      />
      <TitleField
        multiline={variant === 'mobile'}
        className="editor-subtitle"
        label="Subtitle"
        placeholder="Subtitle (optional)"
        value={subtitle}
        maxLength={300}
        readOnly={stale}
        onChange={(value) => {
          setSubtitle(value);
          story.current.subtitle = value;
          changed();
        }}
      />
      {mounted ? (
        <Suspense fallback={<div className="editor-body editor-loading muted">Loading the editor…</div>}>
          <StoryEditor
            initialDocument={initialDocument}
            onChange={onDocument}
            onOpen={onOpen}
            uploadImage={(file) => uploadImageFile<UploadedImage>(file, xsrf)}
            uploadImageFromAddress={(address) => uploadImageFromAddress<UploadedImage>(address, xsrf)}
            onImageError={setImageError}
            editable={!stale}
          />
        </Suspense>
      ) : (
        <div className="editor-body editor-loading muted">Tell your story…</div>
      )}
      {/* After the body and sticky at the window's foot: the writer sees it where the image went. */}
      {imageError ? (
        <p className="editor-alert editor-image-alert" role="alert" data-testid="image-alert">
          <span>{`The image was not added: ${imageError}`}</span>
          <button type="button" className="button button-outline button-small" onClick={() => setImageError(null)}>
            Dismiss
          </button>
        </p>
      ) : null}
      {publishing && story.current.postId ? (
        <PublishPanel
          viewer={viewer}
          postId={story.current.postId}
          title={story.current.title}
          subtitle={story.current.subtitle}
          content={story.current.content}
          isResponse={inResponseToPostId !== null}
          defaults={opened.publishDefaults}
          writerName={writerName}
          onClose={() => setPublishing(false)}
        />
      ) : null}
    </div>
  );
}

const EMPTY: StoryContent = { paragraphs: [] };

function NewStory({ data, params, variant }: { data: NewStoryPageData; params: Record<string, string>; variant: EditorVariant }) {
    if (!data.viewer) return <SignedOutNotice what="writing" />;
    // /{collectionSlug}/new-story: the publication is chosen in the publish step already.
    const publication = params.collectionSlug ? data.viewer.writablePublications?.find((p) => p.collection.slug.toLowerCase() === params.collectionSlug!.toLowerCase()) : undefined;
    const publishDefaults = publication ? { ...NO_DEFAULTS, collectionId: publication.collection.id } : NO_DEFAULTS;
    const opened: OpenedStory = { postId: null, rev: 0, title: '', subtitle: '', content: EMPTY, isPublished: false, restoring: false, publishDefaults };
    const inResponseTo = params.inResponseToPostId ? postIdFromParam(params.inResponseToPostId) : null;
    return <EditorScreen viewer={data.viewer} variant={variant} opened={opened} inResponseToPostId={inResponseTo} hasUnpublishedChanges={false} />;
}

export const newStoryPage: PageDefinition<NewStoryPageData> = {
  query: () => ({ query: NewStoryPageQuery, variables: {} }),
  title: (_data, state) => `New story – ${state.config.productName}`,
  Component: ({ data, params }) => <NewStory data={data} params={params} variant="full" />,
};

function editVariables(params: Record<string, string>) {
  const postId = postIdFromParam(params.postId ?? '') ?? params.postId ?? '';
  const rev = params.versionId && /^\d{1,9}$/.test(params.versionId) ? Number(params.versionId) : null;
  return { postId, rev };
}

function EditStory({ data, params, variant }: { data: EditStoryPageData; params: Record<string, string>; variant: EditorVariant }) {
    if (!data.viewer) return <SignedOutNotice what="your story" />;
    const post = data.post;
    const draft = post?.draft;
    if (!post || !draft) {
      return (
        <div className="editor-page">
          <h1>Story not found</h1>
          <p className="muted">This story does not exist, or it is not yours to edit.</p>
        </div>
      );
    }
    const restoring = params.versionId !== undefined;
    const baseRev = restoring && /^\d{1,9}$/.test(params.baseRev ?? '') ? Number(params.baseRev) : draft.rev;
    let content: StoryContent = EMPTY;
    try {
      content = JSON.parse(draft.contentJson) as StoryContent;
    } catch {
      // An unreadable revision opens empty rather than not at all; the server never stores one.
    }
    const publishDefaults: PublishDefaults = {
      tags: post.tags.map((t) => t.displayTitle),
      memberOnly: post.visibility === 'LOCKED',
      unlisted: post.visibility === 'UNLISTED',
      collectionId: post.collection?.id ?? post.submittedCollection?.id ?? null,
    };
    const opened: OpenedStory = { postId: post.id, rev: baseRev, title: draft.title, subtitle: draft.subtitle, content, isPublished: post.isPublished, restoring, publishDefaults };
    return (
      <EditorScreen
        key={`${post.id}:${params.versionId ?? ''}`}
        viewer={data.viewer}
        variant={variant}
        writerName={post.viewerEditorRole === 'PUBLICATION_EDITOR' ? (post.creator?.name ?? null) : null}
        opened={opened}
        inResponseToPostId={post.inResponseToPost?.id ?? null}
        hasUnpublishedChanges={draft.hasUnpublishedChanges}
        isSuspended={post.isSuspended}
      />
    );
}

const editStatus = (data: EditStoryPageData) => (data.viewer && (!data.post || !data.post.draft) ? 404 : 200);
const editTitle = (data: EditStoryPageData | undefined, productName: string) => `${data?.post?.draft?.title || 'Edit story'} – ${productName}`;

export const editStoryPage: PageDefinition<EditStoryPageData> = {
  query: (params) => ({ query: EditStoryPageQuery, variables: editVariables(params) }),
  status: editStatus,
  title: (data, state) => editTitle(data, state.config.productName),
  Component: ({ data, params }) => <EditStory data={data} params={params} variant="full" />,
};

type MobileEditorData = NewStoryPageData | EditStoryPageData;
const isEdit = (data: MobileEditorData | undefined): data is EditStoryPageData => !!data && 'post' in data;

/**
 * mobile-web-editor-redirect (/m-write, /m-write/{postId}): the editor made for a phone, on the
 * same queries and calls as the full editor (docs/adr/0145-mobile-web-editor.md).
 */
export const mobileEditorPage: PageDefinition<MobileEditorData> = {
  query: (params) => (params.postId ? { query: EditStoryPageQuery, variables: editVariables(params) } : { query: NewStoryPageQuery, variables: {} }),
  status: (data) => (isEdit(data) ? editStatus(data) : 200),
  title: (data, state) => (isEdit(data) ? editTitle(data, state.config.productName) : `New story – ${state.config.productName}`),
  Component: ({ data, params }) =>
    isEdit(data) ? <EditStory data={data} params={params} variant="mobile" /> : <NewStory data={data} params={params} variant="mobile" />,
};
