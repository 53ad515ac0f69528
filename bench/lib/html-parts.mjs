// A page's HTML by part (issue 25, point 1; docs/web-quality.md "Light HTML"): the inline rules,
// the start-up state, and the markup, itself split into the site header, the story's text and the
// story cards. `bench/foundation.bench.mjs` prints it for every page it measures; on a started
// site, `node bench/lib/html-parts.mjs http://localhost:PORT /path …` prints it without the bench.

const bytes = (text) => Buffer.byteLength(text);

/** The element that opens at `start` (its tag name at `start + 1`), up to its matching close tag. */
function elementAt(html, start) {
  const name = /^<([a-z0-9]+)/.exec(html.slice(start, start + 20))?.[1];
  if (!name) return '';
  const tag = new RegExp(`<(/?)${name}[\\s>]`, 'g');
  tag.lastIndex = start + 1;
  let depth = 1;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, html.indexOf('>', m.index) + 1);
  }
  return html.slice(start);
}

/** The bytes of every element whose opening tag starts with `opening`. */
function elementsBytes(html, opening) {
  let sum = 0;
  for (let at = html.indexOf(opening); at !== -1; at = html.indexOf(opening, at + 1)) sum += bytes(elementAt(html, at));
  return sum;
}

/** A document's bytes: in all, its inline <style>s, its inline <script>s (the start-up state), the markup and three parts of it. */
export function htmlParts(html) {
  const style = [...html.matchAll(/<style[^>]*>[\s\S]*?<\/style>/g)].reduce((sum, m) => sum + bytes(m[0]), 0);
  const script = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>[\s\S]*?<\/script>/g)].reduce((sum, m) => sum + bytes(m[0]), 0);
  const total = bytes(html);
  return {
    total,
    style,
    script,
    rest: total - style - script,
    header: elementsBytes(html, '<header class="site-header"'),
    storyText: elementsBytes(html, '<div class="story-body"'),
    cards: elementsBytes(html, '<article class="story-card"'),
  };
}

/** One line: `62.7 KiB (style 6.0, state 12.4, markup 31.7: header 2.8, story text 19.2, cards 3.8)`. */
export function describeHtmlParts(parts) {
  const kib = (n) => (n / 1024).toFixed(1);
  const inMarkup = [
    ['header', parts.header],
    ['story text', parts.storyText],
    ['cards', parts.cards],
  ]
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${name} ${kib(n)}`);
  return `${kib(parts.total)} KiB (style ${kib(parts.style)}, state ${kib(parts.script)}, markup ${kib(parts.rest)}${inMarkup.length ? `: ${inMarkup.join(', ')}` : ''})`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, ...paths] = process.argv.slice(2);
  if (!base || paths.length === 0) throw new Error('usage: node bench/lib/html-parts.mjs http://localhost:PORT /path …');
  // A reader's browser: a bot's user agent gets a fresh render with other start-up state.
  const headers = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36' };
  for (const path of paths) console.log(`${path}: ${describeHtmlParts(htmlParts(await fetch(base + path, { headers }).then((r) => r.text())))}`);
}
