// A visitor's navigation reads the next page's data from the page's own document
// (docs/adr/0223-a-visitors-navigation-data-from-the-edge-cached-page.md): the same address, a
// plain GET, which the edge cache answers under its existing rules (worker/pipeline/edge-cache.ts)
// — usually a HIT, with no query run. The document's start-up script holds the page query's
// results (client/server/document.ts: startupScript), the story's text left out and restored
// from that document's markup exactly as the entry does it at start-up (./hydration-state.ts).
// Anything that is not such a page (a redirect, an error, another kind of answer, a script
// this build cannot read) is no document: the navigation then asks GraphQL, as before.
import type { SSRData } from 'urql';
import { restoreWithheldText } from './hydration-state.ts';
import { readStartupGlobals, type StartupGlobals } from './startup-globals.ts';

/** The start of the document's start-up script (client/server/document.ts: startupScript). */
const STARTUP_SCRIPT_START = 'window.__PRELOADED_STATE__=';
/** An assignment of the start-up script: `window.__NAME__=` and a JSON value, then `;`. */
const ASSIGNMENT = /window\.(__[A-Z_]+__)=/y;

/**
 * The index just after the JSON value that starts at `start` (a `;` must follow it). JSON has
 * no `;` outside its strings, so the first one outside a string at depth 0 ends the value.
 */
function endOfJson(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let at = start; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (inString) {
      if (char === 0x5c /* \ */) at++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b /* { */ || char === 0x5b /* [ */) depth++;
    else if (char === 0x7d /* } */ || char === 0x5d /* ] */) depth--;
    else if (char === 0x3b /* ; */ && depth === 0) return at;
  }
  throw new Error('The start-up script ends inside a value.');
}

/**
 * The start-up script's assignments (`window.__NAME__=<json>;`, nothing else) as a scope of
 * values by name: what the script would have set on `window`, without running it.
 */
export function readStartupScript(script: string): Record<string, unknown> {
  const scope: Record<string, unknown> = {};
  let at = 0;
  while (at < script.length) {
    ASSIGNMENT.lastIndex = at;
    const assignment = ASSIGNMENT.exec(script);
    if (!assignment) throw new Error('The start-up script has something other than assignments.');
    const start = at + assignment[0].length;
    const end = endOfJson(script, start);
    scope[assignment[1]!] = JSON.parse(script.slice(start, end));
    at = end + 1;
  }
  return scope;
}

/**
 * The start-up script's text in a document: the server writes JSON for scripts (shared/html.ts:
 * jsonForScript), in which "<" is escaped, so the script ends at the first `</script>`.
 */
export function startupScriptOf(html: string): string | null {
  const start = html.indexOf(STARTUP_SCRIPT_START);
  if (start < 0) return null;
  const end = html.indexOf('</script>', start);
  return end < 0 ? null : html.slice(start, end);
}

export interface DocumentData {
  /** The document's start-up globals: its viewer, its page's resolution. */
  globals: StartupGlobals;
  /** The page's results in urql's form, the withheld text restored (as the entry restores its own). */
  results: SSRData;
}

/**
 * Reads a page's data out of its HTML. `elementText(html)` gives the text of an element of that
 * document by id (the browser's HTML parser: the same text the entry reads from its own DOM);
 * it is called only when the results withheld some text. Null: no start-up script this build can read.
 */
export function readDocumentData(html: string, elementText: (html: string) => (id: string) => string | null): DocumentData | null {
  const script = startupScriptOf(html);
  if (script === null) return null;
  let globals: StartupGlobals;
  try {
    globals = readStartupGlobals(readStartupScript(script));
  } catch {
    return null;
  }
  let textOf: ((id: string) => string | null) | null = null;
  const results = restoreWithheldText(globals.apolloState, (name) => (textOf ??= elementText(html))(name));
  return { globals, results };
}

/** The browser's parse of a fetched document, read by id (scripts in it never run). */
function parsedText(html: string): (id: string) => string | null {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  return (id) => parsed.getElementById(id)?.textContent ?? null;
}

export interface PageDocument extends DocumentData {
  /** The cache's word on the answer (worker/cache/headers.ts: x-cache-status); DYNAMIC: rendered for this request alone. */
  cacheStatus: string | null;
}

/**
 * Fetches the page at `address` (path and query, this origin) as a full load would, and reads
 * its data. Null for anything that is not a page of the app answered as it is (not 200, a
 * redirect, not HTML, no readable start-up script) or a failed request.
 */
export async function fetchPageDocument(address: string): Promise<PageDocument | null> {
  let response: Response;
  try {
    // The same request the edge cache answers for a full load (no new key, no new header the
    // cache would have to consider): GET, the visitor's own cookies, HTML asked for. A redirect
    // is not followed: the navigation leaves it to the browser (docs/adr/0037-navigation-without-a-blank-frame.md).
    response = await fetch(address, { credentials: 'same-origin', redirect: 'manual', headers: { accept: 'text/html' } });
  } catch {
    return null;
  }
  if (response.status !== 200 || response.type !== 'basic' || response.redirected || !(response.headers.get('content-type') ?? '').includes('text/html')) {
    void response.body?.cancel().catch(() => undefined);
    return null;
  }
  let html: string;
  try {
    html = await response.text();
  } catch {
    return null;
  }
  const data = readDocumentData(html, parsedText);
  return data && { ...data, cacheStatus: response.headers.get('x-cache-status') };
}
