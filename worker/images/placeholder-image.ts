// Local stand-in for the image CDN: answers the CDN's path format of shared/urls/image-urls.ts
// (/_/img/v2/resize:fit:{w}/…/{id}, resize:fill:{w}:{h}, resize:pad:{w}:{h}) with a generated
// SVG whose colours derive from the image id, so demo stories have stable pictures
// without any network. A deployment points the image origin at the real CDN instead.

import { decodeSegment } from '../../shared/routing/pattern.ts';

const SIZE = /^resize:(fit|fill|pad):(\d{1,4})(?::(\d{1,4}))?$/;
/** Operations the placeholder accepts and ignores (it has no pixels to blur or re-encode). */
const IGNORED = /^(blur|darken|quality):\d{1,3}$|^format:webp$/;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** `path` is what follows /_/img/v2/: operations, then the image id. */
export function placeholderImage(path: string): Response {
  const segments = path.split('/');
  const id = decodeSegment(segments.pop() ?? '') ?? '';
  const sizeSpec = segments.shift() ?? '';
  const match = SIZE.exec(sizeSpec);
  if (!match || !segments.every((op) => IGNORED.test(op)) || !/^[\w.*-]{1,80}$/.test(id)) {
    return new Response('Not found', { status: 404 });
  }
  const width = Math.min(4000, Math.max(1, Number(match[2]) || 680));
  const height = match[3] && match[3] !== '0' ? Math.min(4000, Math.max(1, Number(match[3]))) : Math.round(width * 0.6);
  const h = hash(id);
  const hue = h % 360;
  const hue2 = (hue + 40 + (h >> 9) % 80) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},45%,78%)"/><stop offset="1" stop-color="hsl(${hue2},50%,52%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${(h % 70) + 15}%" cy="${((h >> 5) % 50) + 25}%" r="${Math.round(Math.min(width, height) / 5)}" fill="hsla(${hue2},60%,95%,0.35)"/></svg>`;
  return new Response(svg, {
    headers: {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=31536000, immutable',
      // SVG from our own generator, but never let an image run script.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
