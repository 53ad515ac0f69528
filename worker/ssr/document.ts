// The HTML around the React stream: head with the start-up globals, the root element
// React renders into, and the hashed client bundle.
import type { SSRData } from 'urql';
import type { PreloadedState } from '../../shared/preloaded-state.ts';
import { pageHeadTags, type PageHead } from '../../client/app/page-head.ts';
import manifest from '../generated/asset-manifest.json' with { type: 'json' };
import inlineCss from '../generated/inline-css.json' with { type: 'json' };

export const GRAPHQL_PATH = '/_/graphql';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/** JSON that is safe inside <script>: no "</script>", no HTML comment openers, no line separators. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface DocumentParts {
  title: string;
  /** Description, canonical address, link-preview tags, JSON-LD. */
  head?: PageHead;
  faviconUrl: string;
  state: PreloadedState;
  apolloState: SSRData;
}

export function documentHead({ title, head, faviconUrl, state, apolloState }: DocumentParts): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title>` +
    pageHeadTags(head) +
    `<link rel="icon" href="${escapeHtml(faviconUrl)}">` +
    // The whole stylesheet inline: nothing blocks the first paint (docs/web-quality.md).
    `<style>${inlineCss.cssText}</style>` +
    (manifest.js ? `<link rel="modulepreload" href="${manifest.js}">` : '') +
    manifest.preload.map((href: string) => `<link rel="modulepreload" href="${href}">`).join('') +
    '<script>' +
    `window.__PRELOADED_STATE__=${scriptJson(state)};` +
    `window.__GRAPHQL_URI__=${scriptJson(GRAPHQL_PATH)};` +
    `window.__APOLLO_STATE__=${scriptJson(apolloState)};` +
    '</script></head><body><div id="root">'
  );
}

export function documentTail(): string {
  return `</div>${manifest.js ? `<script type="module" src="${manifest.js}"></script>` : ''}</body></html>`;
}
