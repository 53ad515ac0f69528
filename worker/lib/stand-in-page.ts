// The frame every development stand-in's page shares (the local identity provider's authorize
// page, the local Mastodon instance, the local registrar, the local payment provider's checkout
// and approval pages): one document head, kept out of search, with the badge that says it is a
// test. Each stand-in brings its own body and the look of the service it stands in for.
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

/** The badge's rule ("LOCAL IDENTITY PROVIDER", "TEST MODE": `<span class="test">`). */
const BADGE_STYLE =
  '.test { display: inline-block; background: #ffde92; color: #8a4a00; font-size: 12px; font-weight: 600; border-radius: 4px; padding: 2px 6px; }';

/** A stand-in's whole page: its title (escaped), its own style sheet and its body. */
export function standInPage(title: string, style: string, body: HtmlEscapedString | Promise<HtmlEscapedString>): HtmlEscapedString | Promise<HtmlEscapedString> {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <link rel="icon" href="data:," />
    <title>${title}</title>
    <style>
      ${raw(BADGE_STYLE)}
${raw(style)}
    </style>
  </head>
  <body>
${body}
  </body>
</html>`;
}
