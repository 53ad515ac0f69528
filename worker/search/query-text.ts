// What a reader typed, turned into an FTS5 match expression that can only mean "these words"
// (docs/search.md, "Queries are text"). FTS5 has its own syntax (quotes, *, NEAR, -, OR, AND,
// NOT, column filters, parentheses); none of it may reach the engine. The query is cut to
// words the way the index's unicode61 tokenizer cuts text (letters and digits; everything
// else separates), each word is quoted, and the last one matches as a prefix so results
// follow the reader's typing. Words are also what highlighting marks.

/** Characters of a query that are read; the rest is dropped (Algolia's own limit is 512 bytes). */
export const MAX_QUERY_LENGTH = 512;
/** Words of a query that are matched; more add nothing to a title search but cost. */
export const MAX_QUERY_WORDS = 12;

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** The query's words, lower-cased and diacritics folded, at most MAX_QUERY_WORDS. */
export function queryWords(query: string): string[] {
  const text = query.slice(0, MAX_QUERY_LENGTH);
  const words: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = foldWord(match[0]);
    if (word) words.push(word);
    if (words.length >= MAX_QUERY_WORDS) break;
  }
  return words;
}

/** Lower case without diacritics, as unicode61 remove_diacritics 2 folds a token. */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/**
 * The FTS5 MATCH expression: every word required, the last as a prefix. null when the
 * query has no words (only punctuation, emoji or spaces).
 */
export function matchExpression(words: readonly string[]): string | null {
  if (words.length === 0) return null;
  // A word holds only letters, digits and marks, so quoting it cannot be escaped.
  return words.map((word, i) => `"${word}"${i === words.length - 1 ? ' *' : ''}`).join(' ');
}

export interface HighlightResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  fullyHighlighted?: boolean;
  matchedWords: string[];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The provider's _highlightResult for one attribute: the value HTML-escaped, with the words
 * that match a query word (the last as a prefix) between <em> and </em>.
 */
export function highlight(value: string, words: readonly string[]): HighlightResult {
  const matched = new Set<string>();
  let out = '';
  let last = 0;
  for (const match of value.matchAll(WORD)) {
    const token = foldWord(match[0]);
    const hit = words.find((word, i) => (i === words.length - 1 ? token.startsWith(word) : token === word));
    if (hit === undefined) continue;
    matched.add(hit);
    const index = match.index ?? 0;
    out += escapeHtml(value.slice(last, index)) + '<em>' + escapeHtml(match[0]) + '</em>';
    last = index + match[0].length;
  }
  out += escapeHtml(value.slice(last));
  const matchLevel = matched.size === 0 ? 'none' : matched.size === new Set(words).size ? 'full' : 'partial';
  return { value: out, matchLevel, matchedWords: [...matched], ...(matchLevel === 'full' ? { fullyHighlighted: false } : {}) };
}
