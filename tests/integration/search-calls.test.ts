// The search calls (docs/product/1-product-screens-membership-header-search.md §7): SearchClickEvent,
// PublicationSearchQuery / PublicationNavigationContextQuery (domainOrSlug), UserSearchQuery,
// and /osd.xml on the main host and on a publication's domain.
import { XMLParser } from 'fast-xml-parser';
import { print } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { PublicationSearchQuery } from '../../client/pages/SearchPage.graphql.ts';
import { PublicationNavigationContextQuery, UserSearchQuery } from '../../client/components/search/search-context.graphql.ts';
import { SearchClickEvent } from '../../client/components/search/SearchBox.graphql.ts';
import { COLLECTIONS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testEnv, workerFetch } from './helpers/graphql-client.ts';
import { call, sessionOf } from './helpers/story.ts';

beforeAll(async () => {
  await seedWorld(testEnv.DB);
});

const QUERY_ID = '0123456789abcdef0123456789abcdef';

describe('SearchClickEvent', () => {
  it('records each clicked hit with its 1-based position and the viewer', async () => {
    const reader = await sessionOf('reader');
    const answer = await call(print(SearchClickEvent), { queryId: QUERY_ID, indexName: 'vellum_post', objectIds: ['ee0000000001', 'ee0000000002'], positions: [1, 3] }, { session: reader });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.searchClickEvent).toBe(true);
    const rows = await testEnv.DB.prepare('SELECT object_id, position, user_id, index_name FROM search_clicks WHERE query_id = ? ORDER BY position').bind(QUERY_ID).all();
    expect(rows.results).toEqual([
      { object_id: 'ee0000000001', position: 1, user_id: USERS.reader, index_name: 'vellum_post' },
      { object_id: 'ee0000000002', position: 3, user_id: USERS.reader, index_name: 'vellum_post' },
    ]);
  });

  it.each([
    ['a made-up query id', { queryId: 'nope', indexName: 'vellum_post', objectIds: ['a'], positions: [1] }],
    ['position 0', { queryId: QUERY_ID, indexName: 'vellum_post', objectIds: ['a'], positions: [0] }],
    ['positions that do not match the ids', { queryId: QUERY_ID, indexName: 'vellum_post', objectIds: ['a', 'b'], positions: [1] }],
    ['no ids', { queryId: QUERY_ID, indexName: 'vellum_post', objectIds: [], positions: [] }],
    ['too many ids', { queryId: QUERY_ID, indexName: 'vellum_post', objectIds: Array.from({ length: 21 }, (_, i) => `id${i}`), positions: Array.from({ length: 21 }, (_, i) => i + 1) }],
    ['a hostile id', { queryId: QUERY_ID, indexName: 'vellum_post', objectIds: ['<script>'], positions: [1] }],
  ])('refuses %s and records nothing', async (_label, variables) => {
    const before = await testEnv.DB.prepare('SELECT count(*) AS n FROM search_clicks').first<{ n: number }>();
    const answer = await call(print(SearchClickEvent), variables, {});
    expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    const after = await testEnv.DB.prepare('SELECT count(*) AS n FROM search_clicks').first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });
});

describe('the publication and user of a scoped search', () => {
  it('finds a publication by its slug or its live custom domain, not by a pending one', async () => {
    for (const domainOrSlug of ['the-quill', 'quill.test', 'THE-QUILL']) {
      const answer = await call(print(PublicationSearchQuery), { domainOrSlug });
      expect(answer.data.publicationByDomainOrSlug).toMatchObject({ id: COLLECTIONS.quill, name: 'The Quill', slug: 'the-quill' });
    }
    const context = await call(print(PublicationNavigationContextQuery), { domainOrSlug: 'daily-bytes' });
    expect(context.data.publicationByDomainOrSlug).toMatchObject({ id: COLLECTIONS.dailyBytes, domain: null });
    for (const domainOrSlug of ['pending.test', 'no-such-publication', '', 'x'.repeat(300)]) {
      expect((await call(print(PublicationSearchQuery), { domainOrSlug })).data.publicationByDomainOrSlug).toBeNull();
    }
  });

  it('UserSearchQuery reads a user by id or username', async () => {
    const byId = await call(print(UserSearchQuery), { id: USERS.writer });
    const username = byId.data.user.username as string;
    const byName = await call(print(UserSearchQuery), { username });
    expect(byName.data.user.id).toBe(USERS.writer);
  });
});

describe('/osd.xml', () => {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

  it('describes the main site search', async () => {
    const response = await workerFetch('http://localhost:8787/osd.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/opensearchdescription+xml');
    const doc = parser.parse(await response.text()).OpenSearchDescription;
    expect(doc.ShortName).toBe(testEnv.PRODUCT_NAME);
    expect(doc.Url[0]['@template']).toBe('http://localhost:8787/search?q={searchTerms}');
  });

  it('on a publication\'s domain, searches that publication', async () => {
    const response = await workerFetch('http://quill.test/osd.xml');
    expect(response.status).toBe(200);
    const doc = parser.parse(await response.text()).OpenSearchDescription;
    expect(doc.Url[0]['@template']).toBe('http://quill.test/search?q={searchTerms}');
  });

  it('pages link to it', async () => {
    const html = await (await workerFetch('http://localhost:8787/search?q=a')).text();
    expect(html).toContain('<link rel="search" type="application/opensearchdescription+xml" href="/osd.xml"');
  });
});
