// Paragraph-level content: builds stories and responses in the structured format of
// shared/content.ts (paragraphs with markup ranges), never HTML.

import type { Markup, Paragraph, ParagraphType } from '../../shared/content.ts';
import { slugify } from '../../shared/format.ts';
import type { Random } from './random.ts';
import { heading, linkTarget, sentence, sentences, storyTitle, fillTemplate } from './text.ts';
import {
  CODE_SNIPPETS, EMBED_DOMAINS, IMAGE_SCENES, IMAGE_SIZES, INLINE_CODE, LINK_TARGETS, LIST_ITEMS, REPLIES, RESPONSES,
  TECH_LANGUAGES_BY_TOPIC, type Topic,
} from './vocabulary.ts';

export interface Mentionable {
  id: string;
  name: string;
}

export interface WrittenContent {
  paragraphs: Paragraph[];
  /** Ids of users mentioned with USER anchors (they get MENTION notifications). */
  mentions: string[];
}

type MarkupFields = Omit<Markup, 'start' | 'end'>;

/** Text assembled piece by piece, so markups over the pieces get exact ranges. */
class MarkedText {
  text = '';
  markups: Markup[] = [];

  add(piece: string): this {
    this.text += piece;
    return this;
  }

  mark(piece: string, markup: MarkupFields): this {
    const start = this.text.length;
    this.text += piece;
    this.markups.push({ type: markup.type, start, end: this.text.length, ...withoutType(markup) });
    return this;
  }

  /** Marks 1–`maxWords` whole words somewhere not yet marked; gives up quietly if crowded. */
  markWords(random: Random, maxWords: number, markup: MarkupFields): boolean {
    const text = this.text;
    if (text.trim() === '') return false;
    for (let attempt = 0; attempt < 6; attempt++) {
      // Land anywhere, back up to the start of that word, then take whole words forward.
      let start = random.int(0, text.length - 1);
      while (start > 0 && !isSpace(text.charCodeAt(start - 1))) start--;
      while (start < text.length && isSpace(text.charCodeAt(start))) start++;
      let end = start;
      for (let words = random.int(1, maxWords); words > 0 && end < text.length; words--) {
        while (end < text.length && !isSpace(text.charCodeAt(end))) end++;
        if (words > 1) while (end < text.length && isSpace(text.charCodeAt(end))) end++;
      }
      while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
      // Punctuation stays outside the markup: "the hard way." styles "the hard way".
      while (end > start && EDGE_PUNCTUATION.includes(text.charAt(end - 1))) end--;
      while (start < end && EDGE_PUNCTUATION.includes(text.charAt(start))) start++;
      if (end <= start) continue;
      if (this.markups.some((m) => m.start < end && start < m.end)) continue;
      this.markups.push({ type: markup.type, start, end, ...withoutType(markup) });
      return true;
    }
    return false;
  }

  sortedMarkups(): Markup[] {
    return this.markups.sort((a, b) => a.start - b.start || a.end - b.end);
  }
}

const EDGE_PUNCTUATION = '.,;:!?()"\'“”‘’';

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 9;
}

function withoutType(markup: MarkupFields): Omit<MarkupFields, 'type'> {
  const { type: _type, ...rest } = markup;
  return rest;
}

const CODE_LEADS = ['The fix was a single call to ', 'I ended up reaching for ', 'Everything changed once I learned ', 'If in doubt, start with '];
const CODE_TAILS = ['.', ' more often than I expected.', ' and moved on.', ', which nobody had mentioned.'];
const MENTION_FRAMES: readonly (readonly [string, string])[] = [
  [' ', ' made a similar point last year.'],
  [' I first heard this from ', '.'],
  [' (Thanks to ', ' for reading a draft of this.)'],
  [' As ', ' likes to say, the details matter.'],
];

/** Picks someone to mention, never the author of the post being written. */
export type MentionPicker = (authorId: string) => Mentionable | null;

/** Writes stories and responses; one instance per world, sharing the world's PRNG. */
export class ContentWriter {
  private readonly random: Random;
  private readonly mentionPicker: MentionPicker;
  private readonly photographerNames: readonly string[];
  private names = new Set<string>();
  private mentions: string[] = [];
  private authorId = '';

  constructor(random: Random, mentionPicker: MentionPicker, photographerNames: readonly string[]) {
    this.random = random;
    this.mentionPicker = mentionPicker;
    this.photographerNames = photographerNames;
  }

  story(authorId: string, topic: Topic, title: string): WrittenContent {
    const r = this.random;
    this.begin(authorId);
    const out: Paragraph[] = [];
    const tech = topic.slug in TECH_LANGUAGES_BY_TOPIC;
    if (r.chance(0.006)) out.push(this.plain('COVER_TITLE', title));
    for (let i = r.int(1, 3); i > 0; i--) out.push(this.prose(topic, tech));
    const longRead = r.chance(0.1);
    const sectionCount = longRead ? r.int(6, 9) : r.int(2, 6);
    const headingType: ParagraphType = r.chance(0.03) ? 'H2' : 'H3';
    for (let s = 0; s < sectionCount; s++) {
      if (s > 0 && r.chance(0.12)) out.push(this.plain('HR', ''));
      if (r.chance(0.006)) out.push(this.plain('SECTION_CAPTION', `Part ${s + 1}`));
      out.push(this.plain(s === 0 && r.chance(0.01) ? 'H1' : headingType, heading(r, topic)));
      if (r.chance(0.15)) out.push(this.plain('H4', sentence(r, topic).replace(/\.$/, '')));
      for (let b = r.int(2, 6); b > 0; b--) out.push(...this.block(topic, tech));
    }
    out.push(this.prose(topic, tech));
    return { paragraphs: out, mentions: this.mentions };
  }

  /** One story that holds every paragraph and markup type: the renderer's test page. */
  showcase(authorId: string, topic: Topic, title: string): WrittenContent {
    const r = this.random;
    this.begin(authorId);
    const intro = new MarkedText()
      .add('This story shows everything a story can hold: ')
      .mark('emphasis', { type: 'EM' })
      .add(', ')
      .mark('strong words', { type: 'STRONG' })
      .add(', ')
      .mark('a link', { type: 'A', href: 'https://en.wikipedia.org/wiki/Typography' })
      .add(', ')
      .mark('inline code', { type: 'CODE' })
      .add(', ')
      .mark('a highlight', { type: 'HIGHLIGHT' })
      .add(', ')
      .mark('a quotation', { type: 'QUOTE' })
      .add(' and ')
      .mark('a correction', { type: 'STRIKE' })
      .add('.');
    const mentioned = this.pickMention();
    if (mentioned) {
      this.mentions.push(mentioned.id);
      intro.add(' It also mentions ').mark(mentioned.name, mentionMarkup(mentioned)).add('.');
    }
    const out: Paragraph[] = [
      this.plain('COVER_TITLE', title),
      this.paragraph('P', intro),
      this.plain('SECTION_CAPTION', 'Part one: headings'),
      this.plain('H1', 'A first-level heading'),
      this.plain('H2', 'A second-level heading'),
      this.plain('H3', 'A section heading'),
      this.plain('H4', 'A quieter subheading'),
      this.prose(topic, false),
      this.plain('BQ', sentence(r, topic)),
      this.plain('PQ', 'Good writing is rewriting, and good rewriting is mostly cutting.'),
      { name: this.name(), type: 'PRE', text: (CODE_SNIPPETS['typescript'] as readonly string[])[0] as string, markups: [], codeLanguage: 'typescript' },
      ...['Bullet points for things in no order', 'A second bullet', 'A third, for luck'].map((t) => this.plain('ULI', t)),
      ...['Numbered steps come in order', 'Then the second step', 'And the last one'].map((t) => this.plain('OLI', t)),
      this.image(topic, true),
      this.plain('HR', ''),
      { name: this.name(), type: 'MIXTAPE_EMBED', text: 'A linked story, shown as a card', markups: [], href: 'https://example.com/essays/a-linked-story' },
      { name: this.name(), type: 'IFRAME', text: 'An embedded video', markups: [], href: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      this.prose(topic, false),
    ];
    return { paragraphs: out, mentions: this.mentions };
  }

  /** A response: one to three short paragraphs, no title. */
  response(authorId: string, topic: Topic, isReply: boolean): WrittenContent {
    const r = this.random;
    this.begin(authorId);
    const first = new MarkedText().add(fillTemplate(r, r.pick(isReply ? REPLIES : RESPONSES), topic));
    if (r.chance(0.15)) first.markWords(r, 2, { type: r.chance(0.5) ? 'EM' : 'STRONG' });
    const out: Paragraph[] = [this.paragraph('P', first)];
    for (let i = isReply ? r.skewed(0, 1, 3) : r.skewed(0, 2, 2); i > 0; i--) {
      out.push(this.plain('P', sentences(r, topic, r.int(1, 3))));
    }
    return { paragraphs: out, mentions: this.mentions };
  }

  private begin(authorId: string): void {
    this.names = new Set();
    this.mentions = [];
    this.authorId = authorId;
  }

  private pickMention(): Mentionable | null {
    return this.mentionPicker(this.authorId);
  }

  /** A fresh 4-hex paragraph name, unique within the story. */
  private name(): string {
    for (;;) {
      const name = this.random.hex(4);
      if (!this.names.has(name)) {
        this.names.add(name);
        return name;
      }
    }
  }

  private plain(type: ParagraphType, text: string): Paragraph {
    return { name: this.name(), type, text, markups: [] };
  }

  private paragraph(type: ParagraphType, text: MarkedText): Paragraph {
    return { name: this.name(), type, text: text.text, markups: text.sortedMarkups() };
  }

  private block(topic: Topic, tech: boolean): Paragraph[] {
    const r = this.random;
    const roll = r.float();
    if (roll < 0.66) return [this.prose(topic, tech)];
    if (roll < 0.74) return [this.image(topic, false)];
    if (roll < 0.78) return [this.blockquote(topic)];
    if (roll < 0.805) return [this.plain('PQ', sentence(r, topic))];
    if (roll < 0.855) {
      const type: ParagraphType = r.chance(0.5) ? 'ULI' : 'OLI';
      return r.sample(LIST_ITEMS, r.int(3, 5)).map((item) => this.plain(type, fillTemplate(r, item, topic)));
    }
    if (roll < 0.875) {
      const title = storyTitle(r, topic);
      return [{ name: this.name(), type: 'MIXTAPE_EMBED', text: title, markups: [], href: `https://${r.pick(EMBED_DOMAINS)}/${slugify(title)}` }];
    }
    if (roll < 0.89) {
      const href = r.chance(0.7) ? `https://www.youtube.com/watch?v=${r.alphanumeric(11)}` : `https://vimeo.com/${r.int(100000000, 999999999)}`;
      return [{ name: this.name(), type: 'IFRAME', text: storyTitle(r, topic), markups: [], href }];
    }
    if (tech && roll < 0.96) {
      const language = r.pick(TECH_LANGUAGES_BY_TOPIC[topic.slug] as readonly string[]);
      const code = r.pick(CODE_SNIPPETS[language] as readonly string[]);
      return [{ name: this.name(), type: 'PRE', text: code, markups: [], codeLanguage: language }];
    }
    return [this.prose(topic, tech)];
  }

  /** A P paragraph of two to five sentences, sometimes styled, linked or mentioning someone. */
  private prose(topic: Topic, tech: boolean): Paragraph {
    const r = this.random;
    const text = new MarkedText().add(sentences(r, topic, r.int(2, 5)));
    if (tech && r.chance(0.3)) {
      text.add(' ' + r.pick(CODE_LEADS)).mark(r.pick(INLINE_CODE), { type: 'CODE' }).add(r.pick(CODE_TAILS));
    }
    if (r.chance(0.02)) {
      const mentioned = this.pickMention();
      if (mentioned) {
        const [before, after] = r.pick(MENTION_FRAMES);
        text.add(before).mark(mentioned.name, mentionMarkup(mentioned)).add(after);
        this.mentions.push(mentioned.id);
      }
    }
    if (r.chance(0.2)) text.markWords(r, 4, { type: 'A', href: linkTarget(r, r.pick(LINK_TARGETS), topic) });
    if (r.chance(0.35)) text.markWords(r, 3, { type: r.chance(0.5) ? 'EM' : 'STRONG' });
    if (r.chance(0.03)) text.markWords(r, 6, { type: 'HIGHLIGHT' });
    if (r.chance(0.02)) text.markWords(r, 4, { type: 'QUOTE' });
    if (r.chance(0.02)) text.markWords(r, 2, { type: 'STRIKE' });
    return this.paragraph('P', text);
  }

  private blockquote(topic: Topic): Paragraph {
    const r = this.random;
    const text = new MarkedText().add(sentences(r, topic, r.int(1, 2)));
    if (r.chance(0.2)) text.markWords(r, 2, { type: 'EM' });
    return this.paragraph('BQ', text);
  }

  /** IMG: caption as text (sometimes empty, sometimes a photo credit with a link). */
  private image(topic: Topic, withCredit: boolean): Paragraph {
    const r = this.random;
    const scene = r.pick(IMAGE_SCENES);
    const [width, height] = r.pick(IMAGE_SIZES);
    const caption = new MarkedText();
    const roll = withCredit ? 0 : r.float();
    if (roll < 0.45 && this.photographerNames.length > 0) {
      caption.add(`Photo by ${r.pick(this.photographerNames)} on `).mark('Unsplash', { type: 'A', href: 'https://unsplash.com' });
    } else if (roll < 0.8) {
      caption.add(`${scene.charAt(0).toUpperCase()}${scene.slice(1)}, a reminder of ${r.pick(topic.nouns)}.`);
    }
    return {
      name: this.name(),
      type: 'IMG',
      text: caption.text,
      markups: caption.sortedMarkups(),
      metadata: { id: `${r.hex(16)}.jpeg`, originalWidth: width, originalHeight: height, alt: `Photo of ${scene}` },
    };
  }
}

/**
 * A USER anchor: Medium-style `/u/{id}` address; renderers should link by userId, so the
 * host here is only a placeholder.
 */
function mentionMarkup(user: Mentionable): MarkupFields {
  return { type: 'A', href: `https://vellum.test/u/${user.id}`, anchorType: 'USER', userId: user.id };
}
