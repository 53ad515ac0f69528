const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML text and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/**
 * JSON that is safe as the text of a <script> element (start-up globals, JSON-LD): "<" ">"
 * "&" and the two line separators are written as \u escapes, so no "</script>", "<!--" or
 * "]]>" can appear, and JSON parsers read the same value back.
 */
export function jsonForScript(value: unknown): string {
  // One pass over the text (a page's state is tens of KB, written on every render), not one per escaped character.
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => SCRIPT_ESCAPES[ch]!);
}

const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };
