// The page head builders (client/app/page-head.ts, client/pages/page-heads.ts): the tags each
// page kind gets, and that writer-controlled text cannot break out of an attribute or of the
// JSON-LD <script>.
import { describe, expect, it } from 'vitest';
import { pageHeadTags, summaryText, type PageHead } from '../../../client/app/page-head.ts';
import { jsonForScript } from '../../../shared/html.ts';
import { homeHead, PAYWALLED_CONTENT_CLASS, profileHead, publicationHead, storyHead, tagHead } from '../../../client/pages/page-heads.ts';
import type { FullPost } from '../../../client/pages/PostPage.graphql.ts';
import type { PreloadedState } from '../../../shared/preloaded-state.ts';

const state = {
  config: { productName: 'Vellum', environment: 'production', mainOrigin: 'https://vellum.example', statusSiteUrl: 'https://status.vellum.example' },
} as PreloadedState;

const HOSTILE = `</script><script>alert("x")</script> "quoted" & 'single' <b>bold</b>`;

/** A plain paragraph of text, as the story page's query returns it. */
function paragraph(name: string, text: string): FullPost['content']['bodyModel']['paragraphs'][number] {
  return { id: name, name, type: 'P', text, markups: [], href: null, codeLanguage: null, metadata: null, layout: null } as FullPost['content']['bodyModel']['paragraphs'][number];
}

function post(overrides: Partial<FullPost> = {}): FullPost {
  return {
    __typename: 'Post',
    id: 'abc123def456',
    title: 'On Reading Slowly',
    subtitle: 'Why the long way round is shorter',
    uniqueSlug: 'on-reading-slowly-abc123def456',
    isLocked: false,
    readingTime: 4,
    seriesPlace: null,
    firstPublishedAt: Date.UTC(2026, 0, 2, 3, 4, 5),
    latestPublishedAt: Date.UTC(2026, 1, 3, 4, 5, 6),
    updatedAt: Date.UTC(2026, 1, 3, 4, 5, 6),
    clapCount: 0,
    responsesCount: 0,
    previewImage: { id: 'img-1' },
    creator: { id: 'u1', name: 'Ada Writer', username: 'ada', imageId: null, bio: '', membershipPromotionEnabled: true, hasSubdomain: false, customDomainState: null, socialStats: { followerCount: 0 }, viewerEdge: { id: 'e', isFollowing: false }, customStyleSheet: { id: 'user:u1', isCustom: false, headerLayout: 'STANDARD', properties: [] } },
    collection: null,
    isPublished: true,
    isSuspended: false,
    mediumUrl: 'https://vellum.example/@ada/on-reading-slowly-abc123def456',
    responsesLocked: false,
    license: 'ALL_RIGHTS_RESERVED',
    tags: [],
    viewerEdge: { id: 'v', clapCount: 0, isBookmarked: false },
    inResponseToPost: null,
    content: { isLockedPreviewOnly: false, lockedPostReason: null, bodyModel: { paragraphs: [paragraph('a1', 'The first paragraph.')] } },
    postResponses: { count: 0 },
    ...overrides,
  };
}

/** The attributes of every <meta property|name> tag, unescaped. */
function metas(html: string): Record<string, string> {
  const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  const found: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)) found[match[1]!] = unescape(match[2]!);
  return found;
}

function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

describe('a story', () => {
  it('gets a description, canonical address, Open Graph, a large Twitter card and an Article', () => {
    const html = pageHeadTags(storyHead(post(), state));
    const url = 'https://vellum.example/@ada/on-reading-slowly-abc123def456';
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(metas(html)).toEqual({
      description: 'Why the long way round is shorter',
      'og:type': 'article',
      'og:site_name': 'Vellum',
      'og:title': 'On Reading Slowly',
      'og:description': 'Why the long way round is shorter',
      'og:url': url,
      'og:image': 'https://vellum.example/_/img/v2/resize:fit:1200/img-1',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'On Reading Slowly',
      'twitter:description': 'Why the long way round is shorter',
      'twitter:image': 'https://vellum.example/_/img/v2/resize:fit:1200/img-1',
    });
    expect(jsonLd(html)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: 'On Reading Slowly',
        description: 'Why the long way round is shorter',
        url,
        mainEntityOfPage: url,
        image: ['https://vellum.example/_/img/v2/resize:fit:1200/img-1'],
        datePublished: '2026-01-02T03:04:05.000Z',
        dateModified: '2026-02-03T04:05:06.000Z',
        author: [{ '@type': 'Person', name: 'Ada Writer', url: 'https://vellum.example/@ada' }],
        publisher: { '@type': 'Organization', name: 'Vellum', url: 'https://vellum.example/' },
      },
    ]);
  });

  it('without a picture: a summary card and no og:image', () => {
    const tags = metas(pageHeadTags(storyHead(post({ previewImage: null }), state)));
    expect(tags['twitter:card']).toBe('summary');
    expect(tags['og:image']).toBeUndefined();
    expect(jsonLd(pageHeadTags(storyHead(post({ previewImage: null }), state)))[0]!.image).toBeUndefined();
  });

  it('in a publication: the canonical address is under the publication, which publishes it', () => {
    const inPublication = post({
      collection: { id: 'c1', name: 'The Long Read', slug: 'the-long-read', description: '', domain: null, customDomainState: null, socialStats: { followerCount: 0 }, viewerEdge: { id: 'x', isFollowing: false }, customStyleSheet: { id: 'collection:c1', isCustom: false, headerLayout: 'STANDARD', properties: [] } },
    });
    const head = storyHead(inPublication, state);
    expect(head.canonicalUrl).toBe('https://vellum.example/the-long-read/on-reading-slowly-abc123def456');
    expect(jsonLd(pageHeadTags(head))[0]!.publisher).toEqual({ '@type': 'Organization', name: 'The Long Read', url: 'https://vellum.example/the-long-read' });
  });

  it("on a writer's own domain: the canonical address is there", () => {
    const head = storyHead(post({ creator: { ...post().creator, customDomainState: { live: { domain: 'ada.test' } } } }), state);
    expect(head.canonicalUrl).toBe('https://ada.test/on-reading-slowly-abc123def456');
  });

  it('member-only: not free, with the paywalled section named for crawlers', () => {
    const article = jsonLd(pageHeadTags(storyHead(post({ isLocked: true }), state)))[0]!;
    expect(article.isAccessibleForFree).toBe(false);
    expect(article.hasPart).toEqual({ '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: `.${PAYWALLED_CONTENT_CLASS}` });
  });

  it('without a subtitle: the description is the start of the first paragraph, cut at a word', () => {
    const long = 'word '.repeat(60).trim();
    const head = storyHead(post({ subtitle: '', content: { isLockedPreviewOnly: false, lockedPostReason: null, bodyModel: { paragraphs: [paragraph('a', long)] } } }), state);
    expect(head.description!.length).toBeLessThanOrEqual(160);
    expect(head.description).toMatch(/^word( word)+…$/);
  });

  it('a hostile title stays text: no tag breaks out of an attribute or of the JSON-LD script', () => {
    const html = pageHeadTags(storyHead(post({ title: HOSTILE, subtitle: HOSTILE }), state));
    // One script element (the JSON-LD), and no markup of the title's own.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<b>');
    expect(metas(html)['og:title']).toBe(HOSTILE);
    expect(metas(html).description).toBe(HOSTILE);
    expect(jsonLd(html)[0]!.headline).toBe(HOSTILE);
  });
});

describe('jsonForScript', () => {
  it('writes no character that could end a script or open a comment, and reads back the same', () => {
    const value = { text: '</script><!-- ]]> & \u2028\u2029' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
    // Each one as its \u escape, in one pass (the CSP hashes this exact text).
    expect(text).toBe('{"text":"\\u003c/script\\u003e\\u003c!-- ]]\\u003e \\u0026 \\u2028\\u2029"}');
  });
});

describe('other pages', () => {
  it('home: description, canonical root, website Open Graph', () => {
    const html = pageHeadTags(homeHead(state));
    expect(html).toContain('<link rel="canonical" href="https://vellum.example/">');
    expect(metas(html)['og:type']).toBe('website');
    expect(metas(html).description).toContain('Vellum');
  });

  it('profile: their bio, and their own site as canonical when they have one', () => {
    const user = { id: 'u1', name: 'Grace', username: 'grace', bio: 'Writes about ships.', hasSubdomain: true, customDomainState: null };
    const head = profileHead(user, state);
    expect(head.description).toBe('Writes about ships.');
    expect(head.canonicalUrl).toBe('https://grace.vellum.example/');
    expect(profileHead({ ...user, hasSubdomain: false, bio: '' }, state)).toMatchObject({
      canonicalUrl: 'https://vellum.example/@grace',
      description: 'Read writing from Grace on Vellum.',
    });
  });

  it('tag and publication: a description and the canonical address', () => {
    expect(tagHead({ slug: 'poetry', displayTitle: 'Poetry', description: '' }, state)).toMatchObject({
      canonicalUrl: 'https://vellum.example/tag/poetry',
      description: 'Read stories about Poetry on Vellum.',
    });
    const publication = { id: 'c1', name: 'Plain Data', slug: 'plain-data', description: 'Numbers, plainly.', domain: null, customDomainState: null };
    expect(publicationHead(publication, state)).toMatchObject({ canonicalUrl: 'https://vellum.example/plain-data', description: 'Numbers, plainly.' });
  });

  it('no head: no tags', () => {
    expect(pageHeadTags(undefined)).toBe('');
    expect(pageHeadTags({} as PageHead)).toBe('');
  });
});

describe('summaryText', () => {
  it('keeps short text and squeezes its white space', () => {
    expect(summaryText('  a\n b  ')).toBe('a b');
  });
  it('cuts long text at a word, within the limit', () => {
    expect(summaryText('alpha beta gamma delta', 15)).toBe('alpha beta…');
  });
});
