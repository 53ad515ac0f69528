// The story body editor: Tiptap (ProseMirror) with the story schema (story-schema.ts). Its own
// chunk: the editor page loads it after hydration (EditorPage.tsx), so no reader ever downloads
// it. It speaks structured content's editor form (shared/editor/editor-document.ts): it opens a
// document and reports every change as one; it never produces HTML for anyone to store.
//
// Typing shortcuts (input rules): "# " H3, "## " H4, "> " quote, '" ' pull quote, "- "/"* "
// bullets, "1. " numbers, "```" code, "---" section break. Keys: Mod-B bold, Mod-I italic,
// Mod-E code, Mod-K link. Selecting text shows the inline toolbar.
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
  uploadImage: (file: File) => Promise<UploadedImage>;
  onError: (message: string) => void;
  /** Editable false: a refused save shows the text without letting it drift further. */
  editable: boolean;
}

interface Toolbar {
  top: number;
  left: number;
}

export default function StoryEditor({ initialDocument, onChange, uploadImage, onError, editable }: StoryEditorProps) {
  const mount = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [toolbar, setToolbar] = useState<Toolbar | null>(null);
  const [linkPrompt, setLinkPrompt] = useState<{ value: string; error: string | null } | null>(null);
  const [, rerender] = useState(0);
  const callbacks = useRef({ onChange, uploadImage, onError });
  callbacks.current = { onChange, uploadImage, onError };

  useEffect(() => {
    const insertImages = (files: File[], at?: number) => {
      for (const file of files) {
        callbacks.current
          .uploadImage(file)
          .then((image) => {
            const node = { type: 'storyImage', attrs: { imageId: image.id, width: image.width, height: image.height, caption: '', alt: '' } };
            const chain = instance.chain().focus();
            (at !== undefined ? chain.insertContentAt(at, node) : chain.insertContent(node)).run();
          })
          .catch((error: unknown) => callbacks.current.onError(error instanceof Error ? error.message : String(error)));
      }
    };
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
        const { from, to, empty } = e.state.selection;
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
    setEditor(instance);
    return () => instance.destroy();
    // The document is the editor's own from here on: initialDocument is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    editor?.setEditable(editable);
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
      <div ref={mount} />
    </div>
  );
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
