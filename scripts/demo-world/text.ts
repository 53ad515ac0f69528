// Sentence-level text: fills the vocabulary's templates with a topic's nouns.

import type { Random } from './random.ts';
import { ADJECTIVES, HEADINGS, PEOPLE, SENTENCES, TITLES, type Topic } from './vocabulary.ts';

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'but', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);
const SMALL_NUMBERS = [2, 3, 5, 7, 10, 12, 30];
const PLACEHOLDER = /\{([a-zA-Z]\d?)\}/g;
const LEADING_ARTICLE = /^(The|A|An) /;

/** Title case that leaves acronyms and inner capitals alone ("the GIL" → "The GIL"). */
export function titleCase(phrase: string): string {
  return phrase
    .split(' ')
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

type Piece = string | { key: string };
const compiled = new Map<string, Piece[]>();

/** Splits a template once into literal text and placeholders (templates are filled millions of times). */
function compile(template: string): Piece[] {
  let pieces = compiled.get(template);
  if (!pieces) {
    pieces = [];
    let last = 0;
    for (const match of template.matchAll(PLACEHOLDER)) {
      if (match.index > last) pieces.push(template.slice(last, match.index));
      pieces.push({ key: match[1] as string });
      last = match.index + match[0].length;
    }
    if (last < template.length) pieces.push(template.slice(last));
    compiled.set(template, pieces);
  }
  return pieces;
}

/** Fills {n} {m} (topic nouns), {a} adjective, {p} people, {d} number, {y} year; capitals give title case. */
export function fillTemplate(random: Random, template: string, topic: Topic, capitalizeFirst = true): string {
  const n = random.pick(topic.nouns);
  let m = random.pick(topic.nouns);
  if (m === n) m = topic.nouns[(topic.nouns.indexOf(n) + 1) % topic.nouns.length] as string;
  let filled = '';
  for (const piece of compile(template)) {
    if (typeof piece === 'string') {
      filled += piece;
      continue;
    }
    const value = placeholder(random, piece.key, n, m);
    // Inside a title a noun's leading article stays small: "Between the Printing Press".
    filled += filled === '' ? value : value.replace(LEADING_ARTICLE, (article) => article.toLowerCase());
  }
  return capitalizeFirst ? capitalize(filled) : filled;
}

function placeholder(random: Random, key: string, n: string, m: string): string {
  switch (key) {
    case 'n': return n;
    case 'm': return m;
    case 'N': return titleCase(n);
    case 'M': return titleCase(m);
    case 'a': return random.pick(ADJECTIVES);
    case 'A': return titleCase(random.pick(ADJECTIVES));
    case 'p': return random.pick(PEOPLE);
    case 'd': case 'D': return String(random.pick(SMALL_NUMBERS));
    case 'y': return String(random.int(2009, 2024));
    case 'w': return titleCase(n).replaceAll(' ', '_');
    case 's': return slugWords(n);
    case 'd5': return String(random.int(10000, 99999));
    default: return key;
  }
}

export function sentence(random: Random, topic: Topic): string {
  return fillTemplate(random, random.pick(SENTENCES), topic);
}

export function sentences(random: Random, topic: Topic, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(sentence(random, topic));
  return out.join(' ');
}

export function storyTitle(random: Random, topic: Topic): string {
  return fillTemplate(random, random.pick(TITLES), topic);
}

export function heading(random: Random, topic: Topic): string {
  return fillTemplate(random, random.pick(HEADINGS), topic);
}

export function linkTarget(random: Random, template: string, topic: Topic): string {
  return fillTemplate(random, template, topic, false);
}

function slugWords(phrase: string): string {
  return phrase.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
