// A story's structured content as Markdown (the "Download my data" archive, docs/adr/0085-download-my-data.md):
// what a writer takes elsewhere. Text is escaped, so nothing of a story can turn into markup
// it did not have; links keep only http(s) and mailto targets.
import type { Markup, Paragraph, StoryContent } from '../../shared/content.ts';

const OPEN: Partial<Record<Markup['type'], string>> = { STRONG: '**', EM: '_', CODE: '`', STRIKE: '~~' };

/** Markdown's special characters escaped in running text. */
export function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_{}[\]<>()#+\-.!|~])/g, '\\$1');
}

function safeHref(href: string | undefined): string | null {
  if (!href) return null;
  try {
    const url = new URL(href);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href.replace(/[()\s]/g, (c) => encodeURIComponent(c)) : null;
  } catch {
    return null;
  }
}

/** A paragraph's text with its inline markups; ranges that cross each other are closed in order. */
function inlineText(paragraph: Paragraph): string {
  const text = paragraph.text;
  const opens = new Map<number, string[]>();
  const closes = new Map<number, string[]>();
  const add = (map: Map<number, string[]>, at: number, token: string, front = false) => {
    const list = map.get(at) ?? [];
    if (front) list.unshift(token);
    else list.push(token);
    map.set(at, list);
  };
  for (const markup of [...paragraph.markups].sort((a, b) => a.start - b.start || b.end - a.end)) {
    const start = Math.max(0, Math.min(markup.start, text.length));
    const end = Math.max(start, Math.min(markup.end, text.length));
    if (start === end) continue;
    if (markup.type === 'A') {
      const href = safeHref(markup.href);
      if (!href) continue;
      add(opens, start, '[');
      add(closes, end, `](${href})`, true);
    } else {
      const token = OPEN[markup.type];
      if (!token) continue;
      add(opens, start, token);
      add(closes, end, token, true);
    }
  }
  if (paragraph.type === 'PRE') return text;
  let out = '';
  for (let i = 0; i <= text.length; i++) {
    out += (closes.get(i) ?? []).join('') + (opens.get(i) ?? []).join('');
    if (i < text.length) out += escapeMarkdown(text[i]!);
  }
  return out;
}

function block(paragraph: Paragraph, imageUrl: (id: string) => string): string {
  const text = inlineText(paragraph);
  switch (paragraph.type) {
    case 'H1':
    case 'COVER_TITLE':
      return `# ${text}`;
    case 'H2':
      return `## ${text}`;
    case 'H3':
      return `### ${text}`;
    case 'H4':
    case 'SECTION_CAPTION':
      return `#### ${text}`;
    case 'BQ':
    case 'PQ':
      return `> ${text}`;
    case 'ULI':
      return `- ${text}`;
    case 'OLI':
      return `1. ${text}`;
    case 'HR':
      return '---';
    case 'PRE': {
      const fence = paragraph.text.includes('```') ? '~~~~' : '```';
      return `${fence}${paragraph.codeLanguage && /^[\w+-]+$/.test(paragraph.codeLanguage) ? paragraph.codeLanguage : ''}\n${paragraph.text}\n${fence}`;
    }
    case 'IMG': {
      const id = paragraph.metadata?.id;
      const alt = escapeMarkdown(paragraph.metadata?.alt ?? '');
      const image = id ? `![${alt}](${imageUrl(id)})` : '';
      return text ? `${image}\n\n_${text}_` : image;
    }
    case 'IFRAME':
    case 'MIXTAPE_EMBED': {
      const href = safeHref(paragraph.href);
      return href ? `[${text || escapeMarkdown(href)}](${href})` : text;
    }
    default:
      return text;
  }
}

/** The whole story: title, subtitle, then its paragraphs (list items kept together). */
export function storyMarkdown(story: { title: string; subtitle: string; content: StoryContent }, imageUrl: (id: string) => string): string {
  const parts: string[] = [];
  if (story.title) parts.push(`# ${escapeMarkdown(story.title)}`);
  if (story.subtitle) parts.push(`_${escapeMarkdown(story.subtitle)}_`);
  let previous: Paragraph['type'] | null = null;
  for (const paragraph of story.content.paragraphs ?? []) {
    const rendered = block(paragraph, imageUrl);
    const sameList = (paragraph.type === 'ULI' || paragraph.type === 'OLI') && paragraph.type === previous;
    if (sameList && parts.length > 0) parts[parts.length - 1] += `\n${rendered}`;
    else parts.push(rendered);
    previous = paragraph.type;
  }
  return parts.join('\n\n') + '\n';
}
