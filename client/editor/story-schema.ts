// The editor's schema (Tiptap on ProseMirror; docs/adr/0065-editor-is-tiptap.md and docs/adr/0066-editor-document-mapping.md): only
// what structured content can hold (shared/editor/editor-document.ts maps it both ways), so the
// editor cannot make what the store cannot keep. Loaded only by the editor's chunk.
import { Extension, Node, mergeAttributes, textblockTypeInputRule } from '@tiptap/core';
import Heading from '@tiptap/extension-heading';
import StarterKit from '@tiptap/starter-kit';
import { IMAGE_LAYOUTS, type ImageLayout } from '../../shared/content.ts';
import { writerLink } from '../../shared/editor/story-content-rules.ts';
import { storyImageSrc } from './story-image-src.ts';

/** Blocks that carry a paragraph name (stable across saves: anchors and highlights use it). */
const NAMED_BLOCKS = ['paragraph', 'heading', 'codeBlock', 'horizontalRule', 'pullQuote', 'storyImage', 'storyEmbed'];

const ParagraphNames = Extension.create({
  name: 'paragraphNames',
  addGlobalAttributes() {
    return [
      {
        types: NAMED_BLOCKS,
        attributes: {
          name: { default: '', parseHTML: () => '', renderHTML: () => ({}), keepOnSplit: false },
        },
      },
    ];
  },
});

/** H3 and H4 (the story's title is its own field): "# " makes H3, "## " makes H4. */
const StoryHeading = Heading.extend({
  addInputRules() {
    return [
      textblockTypeInputRule({ find: /^#\s$/, type: this.type, getAttributes: { level: 3 } }),
      textblockTypeInputRule({ find: /^##\s$/, type: this.type, getAttributes: { level: 4 } }),
    ];
  },
}).configure({ levels: [3, 4] });

/** PQ: a pull quote, set large in the story. */
const PullQuote = Node.create({
  name: 'pullQuote',
  group: 'block',
  content: 'inline*',
  defining: true,
  parseHTML: () => [{ tag: 'p.pull-quote' }],
  renderHTML: ({ HTMLAttributes }) => ['p', mergeAttributes(HTMLAttributes, { class: 'pull-quote' }), 0],
  addInputRules() {
    // '" ' at the start of a paragraph.
    return [textblockTypeInputRule({ find: /^"\s$/, type: this.type })];
  },
});

/** IMG: an uploaded image with its caption and layout, edited in place. */
const StoryImage = Node.create({
  name: 'storyImage',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes: () => ({
    imageId: { default: '' },
    width: { default: 0 },
    height: { default: 0 },
    alt: { default: '' },
    caption: { default: '' },
    layout: { default: 'INSET_CENTER' },
  }),
  parseHTML: () => [{ tag: 'figure[data-image-id]' }],
  renderHTML: ({ node }) => ['figure', { 'data-image-id': node.attrs.imageId }],
  addNodeView() {
    return ({ node: initial, getPos, editor }) => {
      let node = initial;
      const dom = document.createElement('figure');
      dom.className = 'editor-image';
      const img = document.createElement('img');
      const caption = document.createElement('input');
      caption.className = 'editor-image-caption';
      caption.placeholder = 'Type caption for image (optional)';
      caption.setAttribute('aria-label', 'Image caption');
      const layouts = document.createElement('div');
      layouts.className = 'editor-image-layouts';
      const LABELS: Record<ImageLayout, string> = { INSET_CENTER: 'Inset', OUTSET_CENTER: 'Wide', FULL_WIDTH: 'Full width' };
      const buttons = IMAGE_LAYOUTS.map((layout) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = LABELS[layout];
        button.addEventListener('click', () => set({ layout }));
        layouts.append(button);
        return { layout, button };
      });
      dom.append(img, layouts, caption);
      const set = (attrs: Record<string, unknown>) => {
        const pos = typeof getPos === 'function' ? getPos() : undefined;
        if (typeof pos !== 'number') return;
        editor.view.dispatch(editor.view.state.tr.setNodeMarkup(pos, undefined, { ...node.attrs, ...attrs }));
      };
      caption.addEventListener('input', () => set({ caption: caption.value }));
      // Keys typed in the caption belong to the caption, not to the editor.
      caption.addEventListener('keydown', (event) => event.stopPropagation());
      const render = () => {
        img.src = storyImageSrc(String(node.attrs.imageId));
        img.alt = String(node.attrs.alt || node.attrs.caption || '');
        if (caption.value !== node.attrs.caption) caption.value = String(node.attrs.caption ?? '');
        dom.dataset.layout = String(node.attrs.layout);
        for (const { layout, button } of buttons) button.setAttribute('aria-pressed', String(node.attrs.layout === layout));
      };
      render();
      return {
        dom,
        update: (updated) => {
          if (updated.type !== node.type) return false;
          node = updated;
          render();
          return true;
        },
        stopEvent: (event) => event.target === caption || layouts.contains(event.target as globalThis.Node),
        ignoreMutation: () => true,
      };
    };
  },
});

/** IFRAME / MIXTAPE_EMBED: an embedded address, shown (and stored) as a link card. */
const StoryEmbed = Node.create({
  name: 'storyEmbed',
  group: 'block',
  atom: true,
  addAttributes: () => ({ kind: { default: 'MIXTAPE_EMBED' }, href: { default: '' }, title: { default: '' } }),
  parseHTML: () => [{ tag: 'div[data-embed]' }],
  renderHTML: ({ node }) => [
    'div',
    { 'data-embed': node.attrs.kind, class: 'editor-embed' },
    ['strong', {}, String(node.attrs.title || node.attrs.href)],
    ['span', {}, String(node.attrs.href)],
  ],
});

/** Every extension of the story editor. */
export function storyExtensions() {
  return [
    StarterKit.configure({
      heading: false,
      underline: false,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        protocols: ['mailto'],
        // The editor makes only links the store keeps (and the server checks again).
        isAllowedUri: (url) => writerLink(url) !== null,
        HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
      },
    }),
    StoryHeading,
    ParagraphNames,
    PullQuote,
    StoryImage,
    StoryEmbed,
  ];
}
