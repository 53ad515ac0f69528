// The story body editor: Tiptap (ProseMirror) with the story schema (story-schema.ts). Its own
// chunk: the editor page loads it after hydration (EditorPage.tsx), so no reader ever downloads
// it. It speaks structured content's editor form (shared/editor/editor-document.ts): it opens a
// document and reports every change as one; it never produces HTML for anyone to store.
//
// Typing shortcuts (input rules): "# " H3, "## " H4, "> " quote, '" ' pull quote, "- "/"* "
// bullets, "1. " numbers, "```" code, "---" section break. Keys: Mod-B bold, Mod-I italic,
// Mod-E code, Mod-K link. Selecting text shows the inline toolbar. On an empty line a "+" opens
// the insert menu: an image from the computer, or from an address (/_/upload-url, fetched and
// checked by the worker like an upload).
import { Editor } from '@tiptap/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { EditorNode } from '../../shared/editor/editor-document.ts';
import { UNSAFE_LINK_MESSAGE } from '../../shared/editor/story-content-rules.ts';
import { linkFromPrompt } from './link-prompt.ts';
import { storyExtensions } from './story-schema.ts';

export interface UploadedImage {
  id: string;
  width: number;
  height: number;
}

export interface StoryEditorProps {
  initialDocument: EditorNode;
  onChange: (document: EditorNode) => void;
  /** The opened document as the schema normalised it: what "nothing changed" compares with. */
  onOpen: (document: EditorNode) => void;
  uploadImage: (file: File) => Promise<UploadedImage>;
  /** Stores the image at a remote address; rejects with the refusal's message. */
  uploadImageFromAddress: (address: string) => Promise<UploadedImage>;
  /** An image was refused (upload or paste): the image's own error, not the story's save state. */
  onImageError: (message: string) => void;
  /** Editable false: a refused save shows the text without letting it drift further. */
  editable: boolean;
}

interface Toolbar {
  top: number;
  left: number;
}

/** Where the insert menu's "+" sits: at the start of the empty line the caret is on. */
interface InsertPoint {
  top: number;
  pos: number;
}

type InsertMenu = { step: 'closed' } | { step: 'open' } | { step: 'address'; value: string; error: string | null; busy: boolean };

export default function StoryEditor({ initialDocument, onChange, onOpen, uploadImage, uploadImageFromAddress, onImageError, editable }: StoryEditorProps) {
  const mount = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [toolbar, setToolbar] = useState<Toolbar | null>(null);
  const [linkPrompt, setLinkPrompt] = useState<{ value: string; error: string | null } | null>(null);
  const [, rerender] = useState(0);
  const [insertPoint, setInsertPoint] = useState<InsertPoint | null>(null);
  const [insertMenu, setInsertMenu] = useState<InsertMenu>({ step: 'closed' });
  const filePicker = useRef<HTMLInputElement>(null);
  const insertImagesRef = useRef<(files: File[], at?: number) => void>(() => undefined);
  const callbacks = useRef({ onChange, uploadImage, uploadImageFromAddress, onImageError });
  callbacks.current = { onChange, uploadImage, uploadImageFromAddress, onImageError };

  useEffect(() => {
    const insertImages = (files: File[], at?: number) => {
      for (const file of files) {
        callbacks.current
          .uploadImage(file)
          .then((image) => insertImageNode(instance, image, at))
          .catch((error: unknown) => callbacks.current.onImageError(error instanceof Error ? error.message : String(error)));
      }
    };
    insertImagesRef.current = insertImages;
    const imageFiles = (list: FileList | null | undefined) => [...(list ?? [])].filter((f) => f.type.startsWith('image/') || f.type === '');
    const instance = new Editor({
      element: mount.current!,
      extensions: storyExtensions(),
      // ProseMirror's few required rules are in client/styles/editor.css: an injected <style>
      // element would need 'unsafe-inline' styles in the Content-Security-Policy.
      injectCSS: false,
      content: initialDocument,
      editorProps: {
        attributes: { class: 'editor-body story-body', 'aria-label': 'Story body', 'data-testid': 'story-editor', role: 'textbox', 'aria-multiline': 'true' },
        handlePaste: (_view, event) => {
          const files = imageFiles(event.clipboardData?.files);
          if (files.length === 0) return false;
          insertImages(files);
          return true;
        },
        handleDrop: (view, event) => {
          const files = imageFiles((event as DragEvent).dataTransfer?.files);
          if (files.length === 0) return false;
          const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
          insertImages(files, at);
          return true;
        },
      },
      onUpdate: ({ editor: e }) => callbacks.current.onChange(e.getJSON() as EditorNode),
      onSelectionUpdate: ({ editor: e }) => {
        const { from, to, empty, $from } = e.state.selection;
        // The "+" of the insert menu: an empty paragraph with the caret in it.
        if (empty && $from.parent.type.name === 'paragraph' && $from.parent.content.size === 0 && e.isEditable) {
          const line = e.view.coordsAtPos(from);
          setInsertPoint({ top: line.top - mount.current!.getBoundingClientRect().top, pos: from });
        } else {
          setInsertPoint(null);
          setInsertMenu({ step: 'closed' });
        }
        if (empty || e.isActive('storyImage')) {
          setToolbar(null);
          setLinkPrompt(null);
          return;
        }
        const start = e.view.coordsAtPos(from);
        const end = e.view.coordsAtPos(to);
        const box = mount.current!.getBoundingClientRect();
        // Above the selection, or below it when the first line leaves no room above.
        const above = Math.min(start.top, end.top) - box.top - 48;
        setToolbar({ top: above >= 0 ? above : Math.max(start.bottom, end.bottom) - box.top + 8, left: (start.left + end.left) / 2 - box.left });
      },
      onTransaction: () => rerender((n) => n + 1),
    });
    instance.setOptions({
      editorProps: {
        ...instance.options.editorProps,
        handleKeyDown: (_view, event) => {
          if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
            event.preventDefault();
            setLinkPrompt({ value: String(instance.getAttributes('link').href ?? ''), error: null });
            return true;
          }
          return false;
        },
      },
    });
    onOpen(instance.getJSON() as EditorNode);
    setEditor(instance);
    return () => instance.destroy();
    // The document is the editor's own from here on: initialDocument is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // No update event: switching editability changes nothing the writer wrote (Tiptap's default
  // would report the opened document as a change, and the page would call it unsaved).
  useEffect(() => {
    editor?.setEditable(editable, false);
  }, [editor, editable]);

  const applyLink = (event: FormEvent) => {
    event.preventDefault();
    if (!editor || !linkPrompt) return;
    if (linkPrompt.value.trim() === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setLinkPrompt(null);
      return;
    }
    const href = linkFromPrompt(linkPrompt.value);
    if (!href) {
      setLinkPrompt({ ...linkPrompt, error: UNSAFE_LINK_MESSAGE });
      return;
    }
    // Typing goes on after the link, not over it.
    editor.chain().focus().extendMarkRange('link').setLink({ href }).setTextSelection(editor.state.selection.to).unsetMark('link').run();
    setLinkPrompt(null);
  };

  const insertFromAddress = async (event: FormEvent) => {
    event.preventDefault();
    if (!editor || insertMenu.step !== 'address' || insertMenu.busy) return;
    const address = insertMenu.value.trim();
    if (address === '') return;
    setInsertMenu({ ...insertMenu, busy: true, error: null });
    try {
      const image = await callbacks.current.uploadImageFromAddress(address);
      insertImageNode(editor, image, insertPoint?.pos);
      setInsertMenu({ step: 'closed' });
    } catch (error) {
      setInsertMenu({ step: 'address', value: insertMenu.value, busy: false, error: error instanceof Error ? error.message : String(error) });
    }
  };

  const button = (label: string, active: boolean, run: () => void, text: string) => (
    <button
      type="button"
      className={active ? 'editor-tool is-active' : 'editor-tool'}
      aria-label={label}
      aria-pressed={active}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {text}
    </button>
  );

  return (
    <div className="editor-frame">
      {editor && (toolbar || linkPrompt) ? (
        <div className="editor-toolbar" role="toolbar" aria-label="Format text" data-top={toolbar?.top ?? 0} ref={(el) => positionToolbar(el, toolbar)}>
          {linkPrompt ? (
            <form className="editor-link-form" onSubmit={applyLink}>
              <input
                autoFocus
                type="text"
                aria-label="Link address"
                placeholder="Paste or type a link…"
                value={linkPrompt.value}
                onChange={(event) => setLinkPrompt({ value: event.target.value, error: null })}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') setLinkPrompt(null);
                }}
              />
              {linkPrompt.error ? (
                <span className="editor-link-error" role="alert">
                  {linkPrompt.error}
                </span>
              ) : null}
            </form>
          ) : (
            <>
              {button('Bold', editor.isActive('bold'), () => editor.chain().focus().toggleBold().run(), 'B')}
              {button('Italic', editor.isActive('italic'), () => editor.chain().focus().toggleItalic().run(), 'i')}
              {button('Link', editor.isActive('link'), () => setLinkPrompt({ value: String(editor.getAttributes('link').href ?? ''), error: null }), 'Link')}
              {button('Big heading', editor.isActive('heading', { level: 3 }), () => editor.chain().focus().toggleHeading({ level: 3 }).run(), 'T')}
              {button('Small heading', editor.isActive('heading', { level: 4 }), () => editor.chain().focus().toggleHeading({ level: 4 }).run(), 't')}
              {button('Quote', editor.isActive('blockquote'), () => editor.chain().focus().toggleBlockquote().run(), '❝')}
            </>
          )}
        </div>
      ) : null}
      {editor && insertPoint ? (
        <div className="editor-insert" ref={(el) => positionInsert(el, insertPoint)}>
          <button
            type="button"
            className="editor-insert-toggle"
            aria-label={insertMenu.step === 'closed' ? 'Add an image' : 'Close the menu'}
            aria-expanded={insertMenu.step !== 'closed'}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => setInsertMenu(insertMenu.step === 'closed' ? { step: 'open' } : { step: 'closed' })}
            data-testid="editor-insert"
          >
            {insertMenu.step === 'closed' ? '+' : '×'}
          </button>
          {insertMenu.step === 'open' ? (
            <span className="editor-insert-options">
              <button type="button" className="button button-outline button-small" onMouseDown={(event) => event.preventDefault()} onClick={() => filePicker.current?.click()}>
                Image from your computer
              </button>
              <button type="button" className="button button-outline button-small" onClick={() => setInsertMenu({ step: 'address', value: '', error: null, busy: false })}>
                Image from an address
              </button>
            </span>
          ) : null}
          {insertMenu.step === 'address' ? (
            <form className="editor-insert-address" onSubmit={(event) => void insertFromAddress(event)}>
              <input
                autoFocus
                type="url"
                aria-label="Image address"
                placeholder="Paste an image address (https://…) and press Enter"
                value={insertMenu.value}
                disabled={insertMenu.busy}
                onChange={(event) => setInsertMenu({ step: 'address', value: event.target.value, error: null, busy: false })}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') {
                    setInsertMenu({ step: 'closed' });
                    editor.commands.focus();
                  }
                }}
              />
              {insertMenu.busy ? <span className="muted" role="status">Fetching the image…</span> : null}
              {insertMenu.error ? (
                <span className="editor-link-error" role="alert">
                  {insertMenu.error}
                </span>
              ) : null}
            </form>
          ) : null}
          <input
            ref={filePicker}
            type="file"
            accept="image/*"
            hidden
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              setInsertMenu({ step: 'closed' });
              if (files.length > 0) insertImagesRef.current(files, insertPoint.pos);
            }}
          />
        </div>
      ) : null}
      <div ref={mount} />
    </div>
  );
}

/** Puts an uploaded image into the story, at `at` or where the caret is. */
function insertImageNode(editor: Editor, image: UploadedImage, at?: number): void {
  const node = { type: 'storyImage', attrs: { imageId: image.id, width: image.width, height: image.height, caption: '', alt: '' } };
  const chain = editor.chain().focus();
  (at !== undefined ? chain.insertContentAt(at, node) : chain.insertContent(node)).run();
}

/** The insert menu sits left of the empty line (through the CSSOM, as the toolbar: no inline styles under the CSP). */
function positionInsert(element: HTMLDivElement | null, point: InsertPoint | null): void {
  if (!element || !point) return;
  element.style.top = `${Math.max(0, point.top)}px`;
}

/**
 * The toolbar floats over the selection. Its place is set through the CSSOM (element.style),
 * which a Content-Security-Policy without 'unsafe-inline' styles allows, unlike a style
 * attribute in markup.
 */
function positionToolbar(element: HTMLDivElement | null, toolbar: Toolbar | null): void {
  if (!element || !toolbar) return;
  element.style.top = `${Math.max(0, toolbar.top)}px`;
  element.style.left = `${Math.max(0, toolbar.left)}px`;
}
