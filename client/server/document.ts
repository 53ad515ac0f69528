// The HTML around the React stream: head with the start-up globals, the root element
// React renders into, and the after-paint script that loads the hashed client bundle and the page's
// chunk after the first paint (the asset manifest is written by scripts/build-client.mjs).
import type { PreloadedState } from '../../shared/preloaded-state.ts';
import type { HydrationState } from '../app/hydration-state.ts';
import { escapeHtml, jsonForScript } from '../../shared/html.ts';
import type { PageResolution } from '../../shared/routing/resolve-page.ts';
import type { RoutePaths } from '../../shared/routing/route-paths.ts';
import { pageHeadTags, type PageHead } from '../app/page-head.ts';
import { pageResolution, type NamedPageModule } from '../app/current-page.ts';
import manifest from '../../worker/generated/asset-manifest.json' with { type: 'json' };
import { firstScreenClasses, rulesFor } from './page-styles.ts';
import { FULL_STYLESHEET_ATTRIBUTE } from '../app/full-stylesheet.ts';

export const GRAPHQL_PATH = '/_/graphql';

export interface AssetManifest {
  /** The entry: the app shell. */
  js: string;
  css: string;
  /** Chunks the entry imports statically: loaded at start on every page. */
  preload: string[];
  /** Page chunk name (client/pages/registry.ts) → the chunk and the shared chunks it imports. */
  pages: Record<string, string[]>;
  /** A part a page declares at start only for some data (PageDefinition.startupParts) → its chunk and the shared chunks it imports. */
  parts?: Record<string, string[]>;
}

const assets: AssetManifest = manifest;

export interface DocumentParts {
  title: string;
  /** Description, canonical address, link-preview tags, JSON-LD. */
  head?: PageHead;
  faviconUrl: string;
  state: PreloadedState;
  apolloState: HydrationState;
  /**
   * The server's resolution of the path (window.__PAGE__): the browser hydrates from it
   * instead of resolving again, so the resolver is not part of its start-up.
   */
  resolution: PageResolution | null;
  /** The page's chunk (client/pages/registry.ts), preloaded so hydration need not wait for it. */
  pageChunk: string;
  /** The chunk's export that is the page (window.__PAGE_MODULE__: the browser imports just it). */
  pageExportName: string;
  /** The page is the not-found page. */
  isNotFound: boolean;
  /** Parts its data calls for at start (PageDefinition.startupParts): their chunks are start-up modules too. */
  startupParts?: readonly string[];
  /** The paths of the routes the markup links to (window.__ROUTE_PATHS__); null: the browser loads the table first. */
  routePaths: RoutePaths | null;
  /**
   * The rendered markup when it is known before the head is written: the head then inlines
   * only the rules its first screen can match. Without it (a streamed page) the head inlines every rule.
   */
  markup?: string;
}

/** The whole stylesheet's rules, for a streamed page (the same text every time). */
let everyRule: string | undefined;

/**
 * Every script file a page needs at start, each once, the entry first (the after-paint script imports
 * it): the shell's static chunks and the page's chunks. Empty when the build has no client.
 */
export function startupModules(pageChunk: string, startupParts: readonly string[] = []): string[] {
  const parts = startupParts.flatMap((part) => assets.parts?.[part] ?? []);
  return assets.js ? [...new Set([assets.js, ...assets.preload, ...(assets.pages[pageChunk] ?? []), ...parts])] : [];
}

/** `script`: the start-up script's text when the caller made it already (it also hashes it). */
export function documentHead(parts: DocumentParts, script: string = startupScript(parts)): string {
  const { title, head, faviconUrl, state, markup } = parts;
  const css = markup === undefined ? (everyRule ??= rulesFor(null)) : rulesFor(firstScreenClasses(markup));
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title>` +
    pageHeadTags(head) +
    `<link rel="icon" href="${escapeHtml(faviconUrl)}">` +
    // Browsers offer site search from the OpenSearch description (worker/search/opensearch.ts).
    `<link rel="search" type="application/opensearchdescription+xml" href="/osd.xml" title="${escapeHtml(state.config.productName)}">` +
    // Only the rules the first screen uses inline: nothing blocks the first paint
    // (docs/adr/0095-inline-the-rules-the-markup-uses.md, docs/adr/0218-the-first-screen-inline-the-rest-later.md);
    // the whole file comes after the markup.
    `<style>${css}</style>` +
    `<script>${script}</script>` +
    '</head><body><div id="root">'
  );
}

/**
 * The text of the page's one inline script, the start-up globals. The worker allows it in
 * the page's Content-Security-Policy by its hash (worker/hardening/security-headers.ts), so
 * it must be exactly the text documentHead writes.
 */
export function startupScript({
  state,
  apolloState,
  resolution,
  pageChunk,
  pageExportName,
  isNotFound,
  routePaths,
  startupParts,
}: Pick<DocumentParts, 'state' | 'apolloState' | 'resolution' | 'pageChunk' | 'pageExportName' | 'isNotFound' | 'routePaths' | 'startupParts'>): string {
  // The page's own chunk is the first of its files (scripts/build-client.mjs): the browser imports
  // it by this address, without the page registry (docs/adr/0221-the-page-module-named-by-the-document.md).
  const pageModule: NamedPageModule = { chunk: pageChunk, exportName: pageExportName, url: assets.pages[pageChunk]?.[0] ?? null, isNotFound };
  return (
    `window.__PRELOADED_STATE__=${jsonForScript(state)};` +
    `window.__GRAPHQL_URI__=${jsonForScript(GRAPHQL_PATH)};` +
    `window.__PAGE__=${jsonForScript(pageResolution(resolution))};` +
    `window.__PAGE_MODULE__=${jsonForScript(pageModule)};` +
    `window.__ROUTE_PATHS__=${jsonForScript(routePaths)};` +
    `window.__APOLLO_STATE__=${jsonForScript(apolloState)};` +
    `window.__START_MODULES__=${jsonForScript(startupModules(pageChunk, startupParts))};`
  );
}

/**
 * The page's second inline script, the same text on every page (its hash is in every page's
 * policy): once the browser reports the first contentful paint, it declares each start-up module
 * with a modulepreload (fetched side by side, none waiting for the entry to name it) and imports
 * the entry. The content paints before the scripts are fetched or run
 * (docs/adr/0229-the-first-paint-before-the-start-up-scripts.md). Where the browser has no paint
 * timing it waits for the frame after the document is parsed; a page still not painted after
 * five seconds (a tab opened in the background) starts anyway.
 */
export const AFTER_PAINT_SCRIPT = [
  '(function(){',
  'var modules=window.__START_MODULES__,started=false;',
  'if(!modules||!modules.length)return;',
  'function load(){',
  'if(started)return;started=true;',
  "modules.forEach(function(href){var link=document.createElement('link');link.rel='modulepreload';link.href=href;document.head.appendChild(link)});",
  'import(modules[0])}',
  // A streamed page can paint before the whole document is parsed: hydration needs all of it.
  "function whenParsed(){if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',load);else load()}",
  'var Observer=window.PerformanceObserver;',
  "if(Observer&&Observer.supportedEntryTypes&&Observer.supportedEntryTypes.indexOf('paint')>=0){",
  "new Observer(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();whenParsed()}}).observe({type:'paint',buffered:true});",
  'setTimeout(whenParsed,5000)}',
  // A task after the next frame's callbacks runs after that frame is drawn.
  "else document.addEventListener('DOMContentLoaded',function(){requestAnimationFrame(function(){setTimeout(load)})})",
  '})()',
].join('');

/**
 * The whole stylesheet, hashed and immutable, for what the markup does not show yet (menus,
 * dialogs, the next page). `media="print"` makes the browser fetch it at the lowest priority
 * without it blocking the first paint; the entry switches it on (applyFullStylesheet),
 * and without scripts the <noscript> copy applies it.
 */
export function documentTail(): string {
  const stylesheet = assets.css
    ? `<link rel="stylesheet" href="${assets.css}" media="print" ${FULL_STYLESHEET_ATTRIBUTE}>` +
      `<noscript><link rel="stylesheet" href="${assets.css}"></noscript>`
    : '';
  return `</div>${stylesheet}<script>${AFTER_PAINT_SCRIPT}</script></body></html>`;
}
