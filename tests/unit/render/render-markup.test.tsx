// The server render's markup (client/server/render-markup.ts): one string when nothing
// suspends, the same markup a streaming render gives; a tree that suspends is refused as a
// string, so the page is streamed and the suspended part is not left for the client; an error
// inside a boundary is thrown, not left for the client either.
import { lazy, Suspense, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { renderMarkup, renderStream } from '../../../client/server/render-markup.ts';

function Story({ title }: { title: string }) {
  return (
    <article>
      <h1 className="title">{title}</h1>
      <Suspense fallback={<p>loading</p>}>
        <p data-kind="body">
          A <em>short</em> body &amp; more
        </p>
      </Suspense>
    </article>
  );
}

describe('renderMarkup', () => {
  it('answers the same markup as the streaming render when nothing suspends', async () => {
    const tree = <Story title={'Quotes " and <tags>'} />;
    const markup = renderMarkup(tree);
    expect(markup).toContain('<h1 class="title">Quotes &quot; and &lt;tags&gt;</h1>');
    expect(markup).toBe(await new Response(await renderStream(tree)).text());
  });

  it('refuses a tree that suspends, and the stream renders the suspended part', async () => {
    let resolveBody!: (module: { default: ComponentType }) => void;
    const Body = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (resolveBody = resolve)));
    const tree = (
      <Suspense fallback={<p>loading</p>}>
        <Body />
      </Suspense>
    );
    expect(renderMarkup(tree)).toBeNull();
    const streamed = renderStream(tree);
    resolveBody({ default: () => <p>the body</p> });
    expect(await new Response(await streamed).text()).toContain('<p>the body</p>');
  });

  it('throws an error raised inside a boundary, as one raised outside: the page is a render error, not a page with a hole', async () => {
    function Broken(): never {
      throw new Error('the page broke');
    }
    const tree = (
      <main>
        <Suspense fallback={null}>
          <Broken />
        </Suspense>
      </main>
    );
    expect(renderMarkup(tree)).toBeNull();
    await expect(renderStream(tree)).rejects.toThrow('the page broke');
  });
});
