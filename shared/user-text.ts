// The one rule for text a person writes and others read (issue 29 item 3): display names, bios,
// story titles and subtitles, story and response paragraphs, publication names and taglines,
// list names and descriptions, tags. Control characters (NUL, escape, C1 controls…) and the
// bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069) are
// removed: they let a name read as something it is not ("Vellum STAFF" written backwards) or
// break the pages and feeds that show it. Each write path calls one of these before its own
// length checks, so what is checked is what is stored.

/** Every character the rule removes, except the line feed and tab multi-line text keeps. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** Multi-line text: line breaks normalised to "\n" and kept, unsafe characters removed. */
export function cleanText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(UNSAFE, '');
}

/** One-line text (a name, a title): unsafe characters removed, runs of white space one space, trimmed. */
export function oneLine(text: string): string {
  return cleanText(text).replace(/\s+/g, ' ').trim();
}

/** Whether a text has a character the rule removes. */
export function hasUnsafeCharacters(text: string): boolean {
  // A fresh expression: the global one keeps its lastIndex between calls.
  return new RegExp(UNSAFE.source).test(text);
}
