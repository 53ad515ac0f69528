// A StaticMarkup's content key is for hydration only (client/app/static-markup.tsx): the server
// renders the children without computing it, and with the same markup as before.
import { describe, expect, it } from 'vitest';
import { StaticMarkup } from '../../../client/app/static-markup.tsx';
import { renderMarkup } from '../../../client/server/render-markup.ts';

describe('StaticMarkup on the server', () => {
  it('renders its children and never reads its content for a key', () => {
    let read = 0;
    const content = {
      toJSON() {
        read += 1;
        return 'content';
      },
    };
    const markup = renderMarkup(<StaticMarkup className="story-body" content={content} render={() => <p id="a1">Hello</p>} />);
    expect(markup).toBe('<div class="story-body"><p id="a1">Hello</p></div>');
    expect(read).toBe(0);
  });
});
