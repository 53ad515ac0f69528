// The head of a story page over HTTP (client/pages/page-heads.ts through the server render):
// description, canonical address by the spec's address rule, Open Graph, Twitter card and
// JSON-LD Article — read back with workerd's own HTML parser (HTMLRewriter), so escaping is
// judged the way a browser or crawler would parse the page.
import { env } from 'cloudflare:workers';
import type { HTMLRewriter as WorkersHTMLRewriter } from '@cloudflare/workers-types';
import { beforeAll, expect, it } from 'vitest';
import { POSTS, seedWorld } from './helpers/fixtures.ts';
import { page } from './helpers/story.ts';

const HOSTILE = `</script><script>alert("x")</script> "quoted" & 'single' <b>bold</b>`;

// A global of workerd; its types come from the Workers types package (see cloudflare-modules.d.ts).
const Rewriter = (globalThis as unknown as { HTMLRewriter: typeof WorkersHTMLRewriter }).HTMLRewriter;

interface Head {
  metas: Record<string, string>;
  canonical: string[];
  jsonLd: string[];
  /** Every <script> element of the document, by its type attribute ('' for classic scripts). */
  scripts: string[];
  bold: number;
}

async function headOf(html: string): Promise<Head> {
  const head: Head = { metas: {}, canonical: [], jsonLd: [], scripts: [], bold: 0 };
  let ld: string | null = null;
  await new Rewriter()
    .on('meta', {
      element(el) {
        const key = el.getAttribute('property') ?? el.getAttribute('name');
        if (key) head.metas[key] = el.getAttribute('content') ?? '';
      },
    })
    .on('link[rel="canonical"]', { element: (el) => void head.canonical.push(el.getAttribute('href') ?? '') })
    .on('b', { element: () => void head.bold++ })
    .on('script', {
      element(el) {
        const type = el.getAttribute('type') ?? '';
        head.scripts.push(type);
        if (type === 'application/ld+json') {
          ld = '';
          el.onEndTag(() => {
            head.jsonLd.push(ld!);
            ld = null;
          });
        }
      },
      text(chunk) {
        if (ld !== null) ld += chunk.text;
      },
    })
    .transform(new Response(html) as never)
    .text();
  return head;
}

/** HTMLRewriter hands attribute values over as written: decode the five escapes we write. */
const decoded = (text: string | undefined) => text?.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

beforeAll(async () => {
  await seedWorld(env.DB);
});

it('a member-only story: description, canonical on its publication’s domain, Open Graph, Twitter card, Article not free', async () => {
  const answer = await page(`/p/${POSTS.locked}`);
  expect(answer.status).toBe(200);
  const head = await headOf(answer.text);
  expect(head.canonical).toHaveLength(1);
  // The Quill is live on quill.test: its stories' canonical address is there (shared/urls/story-urls.ts),
  // named quill.test.localhost in development (docs/adr/0130-custom-domains-in-development.md).
  expect(head.canonical[0]).toMatch(new RegExp(`^http://quill\\.test\\.localhost:8787/[a-z0-9-]*${POSTS.locked}$`));
  expect(head.metas.description).toBeTruthy();
  expect(head.metas).toMatchObject({
    'og:type': 'article',
    'og:site_name': 'Vellum',
    'og:title': 'Members Story',
    'og:url': head.canonical[0],
    'twitter:title': 'Members Story',
  });
  expect(head.jsonLd).toHaveLength(1);
  const article = JSON.parse(head.jsonLd[0]!);
  expect(article).toMatchObject({
    '@type': 'Article',
    headline: 'Members Story',
    mainEntityOfPage: head.canonical[0],
    author: [{ '@type': 'Person' }],
    publisher: { '@type': 'Organization', name: 'The Quill' },
    isAccessibleForFree: false,
    hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false },
  });
  expect(article.datePublished).toMatch(/^\d{4}-\d\d-\d\dT/);
  expect(article.dateModified).toMatch(/^\d{4}-\d\d-\d\dT/);
  // The section the markup names is in the page.
  expect(answer.text).toContain(`class="${article.hasPart.cssSelector.slice(1)}"`);
});

it('a hostile story title stays text in every tag, and the JSON-LD reads back to it', async () => {
  await env.DB.prepare('UPDATE posts SET title = ?, subtitle = ? WHERE id = ?').bind(HOSTILE, HOSTILE, POSTS.open).run();
  const answer = await page(`/p/${POSTS.open}`);
  expect(answer.status).toBe(200);
  const head = await headOf(answer.text);
  // The same script elements as a story with a plain title (one of them the JSON-LD): none of the title's own.
  const plain = await headOf((await page(`/p/${POSTS.locked}`)).text);
  expect(head.scripts).toEqual(plain.scripts);
  expect(head.scripts.filter((type) => type === 'application/ld+json')).toHaveLength(1);
  expect(head.bold).toBe(0);
  expect(decoded(head.metas['og:title'])).toBe(HOSTILE);
  expect(decoded(head.metas.description)).toBe(HOSTILE);
  expect(decoded(head.metas['twitter:title'])).toBe(HOSTILE);
  expect(JSON.parse(head.jsonLd[0]!).headline).toBe(HOSTILE);
  // A story with a picture gets a large card.
  expect(head.metas['twitter:card']).toBe('summary_large_image');
  expect(head.metas['og:image']).toMatch(/^http:\/\/localhost:8787\/_\/img\/.+img-cover$/);
  expect(JSON.parse(head.jsonLd[0]!).isAccessibleForFree).toBeUndefined();
});

it('styles the first paint from the inline rules its markup uses, and loads the whole stylesheet after the markup without blocking', async () => {
  const answer = await page('/');
  expect(answer.status).toBe(200);
  const headHtml = answer.text.slice(0, answer.text.indexOf('</head>'));
  expect(headHtml).not.toMatch(/<link[^>]+rel="stylesheet"/);
  const inline = /<style>([^<]*)<\/style>/.exec(headHtml)?.[1] ?? '';
  expect(inline).toContain('.site-header{');
  // A banner's rule: the banners are drawn in the browser only, so the markup never has them.
  expect(inline).not.toContain('.membership-banner-dismiss{');
  // The whole stylesheet: hashed, after the markup, fetched without blocking the first paint
  // (media="print" until the entry applies it; docs/adr/0095-inline-the-rules-the-markup-uses.md).
  const body = answer.text.slice(answer.text.indexOf('<div id="root">'));
  const full = /<link rel="stylesheet" href="(\/assets\/app-[\w-]+\.css)" media="print" data-full-stylesheet>/.exec(body)?.[1];
  expect(full).toBeDefined();
  expect(body).toContain(`<noscript><link rel="stylesheet" href="${full}"></noscript>`);
});

it('the plans and search pages describe themselves (the search page with its query)', async () => {
  const plans = await headOf((await page('/plans')).text);
  expect(decoded(plans.metas.description)).toBe('Choose your Vellum membership: unlimited access to every story, and the writers you read get paid.');
  const search = await headOf((await page('/search?q=slow%20reading')).text);
  expect(decoded(search.metas.description)).toBe('Stories, people, publications, topics and lists on Vellum for “slow reading”.');
  const blank = await headOf((await page('/search')).text);
  expect(decoded(blank.metas.description)).toBe('Search stories, people, publications, topics and lists on Vellum.');
});
