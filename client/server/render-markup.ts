// A React tree to HTML for the server render: one string when nothing suspends (the usual
// case), a stream otherwise (docs/adr/0035-render-to-string.md).
import type { ReactNode } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server';

/** React's marker of a Suspense boundary that renderToString left for the client to render. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * The tree's markup as one string, or null when some part of it suspended. A page's data
 * is fetched before React renders, so nothing suspends on the pages we have, and
 * renderToString costs a fraction of the CPU of a streaming render (which encodes every
 * piece of markup into the stream's buffers). A boundary that did suspend would reach the
 * browser unrendered: the caller renders that tree again with renderStream, which waits
 * for it.
 */
export function renderMarkup(tree: ReactNode): string | null {
  const markup = renderToString(tree);
  return markup.includes(CLIENT_RENDERED_BOUNDARY) ? null : markup;
}

/**
 * The tree as a stream, once every Suspense boundary has resolved. Waiting for allReady
 * means React writes each boundary in place, without the inline scripts it streams to swap
 * late boundaries in: the page then runs no inline script but the start-up globals, which
 * its Content-Security-Policy allows by hash (docs/adr/0052-page-content-security-policy.md).
 *
 * An error inside a boundary is the page's render error, as it is outside one: React would
 * leave that boundary for the browser to render and answer the rest, so the reader would get a
 * page with a hole where the error page belongs (the regions of docs/adr/0220-regions-hydrated-in-slices.md
 * hold every page's body). The first such error is thrown once the render has settled.
 */
export async function renderStream(tree: ReactNode): Promise<ReadableStream<Uint8Array>> {
  const errors: unknown[] = [];
  const stream = await renderToReadableStream(tree, {
    onError(error) {
      errors.push(error);
    },
  });
  await stream.allReady;
  if (errors.length > 0) {
    await stream.cancel();
    throw errors[0];
  }
  return stream;
}
