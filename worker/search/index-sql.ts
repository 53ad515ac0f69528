// The search index, written in SQL from the tables (docs/search.md, "What is indexed").
//
// One set of statements per index, each with a filter that picks the objects to refresh:
// every object (a seed or `npm run search:reindex`), one object (a write), or every story of
// a writer or publication (their name is part of their stories' records). A refresh deletes
// the objects' records and FTS rows, then inserts those still eligible, so a story that was
// drafted, deleted or suspended simply stays out. Because the statements read the tables
// themselves, the seed script, the rebuild and the worker's writes cannot disagree about what
// a record holds.
//
// Member-only stories (visibility LOCKED) are indexed by title, subtitle, topics, writer,
// publication and their free preview (the first preview_paragraph_count paragraphs that
// every visitor reads): locked text never enters a record or an FTS row.

/** A statement with its bound values (`?1`, `?2`…). */
export interface IndexStatement {
  sql: string;
  params: (string | number)[];
}

export type IndexKind = 'post' | 'user' | 'collection' | 'tag' | 'catalog' | 'series';
export const INDEX_KINDS: readonly IndexKind[] = ['post', 'user', 'collection', 'tag', 'catalog', 'series'];

/** The FTS5 table of an index (migrations/0012_search.sql). */
export const FTS_TABLE: Record<IndexKind, string> = {
  post: 'search_post_fts',
  user: 'search_user_fts',
  collection: 'search_collection_fts',
  tag: 'search_tag_fts',
  catalog: 'search_catalog_fts',
  // migrations/0083_search_series.sql
  series: 'search_series_fts',
};

/** Paragraphs of a public story that are indexed: its opening, not the whole text (docs/search.md). */
export const PUBLIC_STORY_OPENING_PARAGRAPHS = 6;
/** A story is "high quality" from this many words (docs/search.md, "High quality"). */
export const HIGH_QUALITY_MIN_WORDS = 100;

/** A live custom domain as the data contract's customDomainState ({live: {domain}}), or null. */
const liveDomain = (state: string, domain: string) =>
  `json(CASE WHEN ${state} = 'LIVE' AND ${domain} IS NOT NULL THEN json_object('live', json_object('domain', ${domain})) END)`;

/** Writer in good standing: not suspended, not deleted. */
const GOOD_WRITER = `u.is_suspended = 0 AND u.deleted_at IS NULL`;

/** A story anyone may find: published, listed (public or member-only), not a response, not trashed or suspended. */
const FINDABLE_POST = `p.status = 'PUBLISHED' AND p.visibility IN ('PUBLIC', 'LOCKED') AND p.in_response_to_post_id IS NULL
  AND p.in_response_to_catalog_id IS NULL AND p.deleted_at IS NULL AND p.is_suspended = 0 AND ${GOOD_WRITER}`;

const POST_TOPICS = `(SELECT group_concat(t.display_title, ' ') FROM post_tags pt JOIN tags t ON t.slug = pt.tag_slug WHERE pt.post_id = p.id)`;

/** The free part of a story: its preview for a member-only story, its opening otherwise. */
const POST_OPENING = `(SELECT group_concat(json_extract(para.value, '$.text'), ' ') FROM json_each(p.content, '$.paragraphs') AS para
  WHERE para.key < CASE WHEN p.visibility = 'LOCKED' THEN p.preview_paragraph_count ELSE ${PUBLIC_STORY_OPENING_PARAGRAPHS} END)`;

const POST_RECORD = `json_object(
  'objectID', p.id, 'postId', p.id, 'title', p.title, 'subtitle', p.subtitle, 'slug', p.slug,
  'latestPublishedAt', p.latest_published_at, 'firstPublishedAt', p.first_published_at,
  'readingTime', p.reading_time, 'clapCount', p.clap_count, 'isLocked', json(CASE WHEN p.visibility = 'LOCKED' THEN 'true' ELSE 'false' END),
  'previewImageId', p.preview_image_id,
  'creator', json_object('id', u.id, 'name', u.name, 'username', u.username, 'imageId', u.image_id,
    'hasSubdomain', json(CASE WHEN u.has_subdomain = 1 THEN 'true' ELSE 'false' END), 'customDomainState', ${liveDomain('u.custom_domain_state', 'u.custom_domain')}),
  'collection', json(CASE WHEN c.id IS NOT NULL THEN json_object('id', c.id, 'name', c.name, 'slug', c.slug, 'domain', c.domain,
    'customDomainState', ${liveDomain('c.custom_domain_state', 'c.domain')}) END),
  'tags', json(coalesce((SELECT json_group_array(json_object('slug', t.slug, 'name', t.display_title))
    FROM post_tags pt JOIN tags t ON t.slug = pt.tag_slug WHERE pt.post_id = p.id), '[]'))
)`;

const USER_RECORD = `json_object(
  'objectID', u.id, 'userId', u.id, 'username', u.username, 'name', u.name, 'imageId', u.image_id, 'bio', u.bio,
  'hasSubdomain', json(CASE WHEN u.has_subdomain = 1 THEN 'true' ELSE 'false' END),
  'customDomainState', ${liveDomain('u.custom_domain_state', 'u.custom_domain')}, 'followerCount', u.follower_count
)`;

/** People worth suggesting: a published story or a follower (docs/search.md, "High quality"). */
const USER_HIGH_QUALITY = `(u.follower_count > 0 OR EXISTS (SELECT 1 FROM posts p WHERE p.creator_id = u.id AND p.status = 'PUBLISHED' AND p.deleted_at IS NULL))`;

const COLLECTION_RECORD = `json_object(
  'objectID', c.id, 'collectionId', c.id, 'name', c.name, 'slug', c.slug, 'imageId', c.avatar_id, 'description', c.description,
  'domain', c.domain, 'customDomainState', ${liveDomain('c.custom_domain_state', 'c.domain')}, 'followerCount', c.follower_count
)`;

const TAG_RECORD = `json_object('objectID', t.slug, 'tagId', t.id, 'tagSlug', t.slug, 'displayText', t.display_title, 'postCount', t.post_count, 'followerCount', t.follower_count)`;

/** A list's hit: what the Lists tab shows and its address needs (shared/urls/list-urls.ts). */
const CATALOG_RECORD = `json_object(
  'objectID', k.id, 'catalogId', k.id, 'name', k.name, 'description', k.description, 'itemCount', k.item_count,
  'followerCount', (SELECT count(*) FROM follows f WHERE f.target_type = 'CATALOG' AND f.target_id = k.id),
  'creator', json_object('id', u.id, 'name', u.name, 'username', u.username, 'imageId', u.image_id,
    'hasSubdomain', json(CASE WHEN u.has_subdomain = 1 THEN 'true' ELSE 'false' END), 'customDomainState', ${liveDomain('u.custom_domain_state', 'u.custom_domain')})
)`;

/** A published series (docs/adr/0181-series-in-search.md): its parts and followers are counts. */
const SERIES_RECORD = `json_object(
  'objectID', s.id, 'seriesId', s.id, 'title', s.title, 'description', s.description, 'slug', s.slug,
  'publishedAt', s.published_at, 'updatedAt', s.updated_at,
  'partCount', (SELECT count(*) FROM series_parts sp WHERE sp.series_id = s.id),
  'followerCount', (SELECT count(*) FROM series_follows f WHERE f.series_id = s.id),
  'creator', json_object('id', u.id, 'name', u.name, 'username', u.username, 'imageId', u.image_id,
    'hasSubdomain', json(CASE WHEN u.has_subdomain = 1 THEN 'true' ELSE 'false' END), 'customDomainState', ${liveDomain('u.custom_domain_state', 'u.custom_domain')})
)`;

interface IndexSource {
  /** FROM … with the aliases the record, eligibility and filter use. */
  from: string;
  /** The object id column. */
  id: string;
  eligible: string;
  record: string;
  popularity: string;
  highQuality: string;
  ownerId: string;
  collectionId: string;
  /** The FTS columns, in the order of the FTS table's declaration. */
  text: string[];
}

const SOURCES: Record<IndexKind, IndexSource> = {
  post: {
    from: 'posts p JOIN users u ON u.id = p.creator_id LEFT JOIN collections c ON c.id = p.collection_id',
    id: 'p.id',
    eligible: FINDABLE_POST,
    record: POST_RECORD,
    popularity: 'p.clap_count',
    highQuality: `CASE WHEN p.word_count >= ${HIGH_QUALITY_MIN_WORDS} AND p.title <> '' THEN 1 ELSE 0 END`,
    ownerId: 'p.creator_id',
    collectionId: 'p.collection_id',
    text: ['p.title', 'p.subtitle', `coalesce(${POST_TOPICS}, '')`, `u.name || ' ' || u.username`, `coalesce(c.name, '')`, `coalesce(${POST_OPENING}, '')`],
  },
  user: {
    from: 'users u',
    id: 'u.id',
    eligible: GOOD_WRITER,
    record: USER_RECORD,
    popularity: 'u.follower_count',
    highQuality: `CASE WHEN ${USER_HIGH_QUALITY} THEN 1 ELSE 0 END`,
    ownerId: 'NULL',
    collectionId: 'NULL',
    text: ['u.name', 'u.username', 'u.bio'],
  },
  collection: {
    from: 'collections c JOIN users u ON u.id = c.creator_id',
    id: 'c.id',
    eligible: GOOD_WRITER,
    record: COLLECTION_RECORD,
    popularity: 'c.follower_count',
    highQuality: '1',
    ownerId: 'NULL',
    collectionId: 'c.id',
    text: ['c.name', 'c.slug', 'c.description'],
  },
  tag: {
    from: 'tags t',
    id: 't.slug',
    // docs/product/3-routes-data-calls-constants.md §5: only tags with postCount at least 1.
    eligible: 't.post_count >= 1',
    record: TAG_RECORD,
    popularity: 't.post_count',
    highQuality: '1',
    ownerId: 'NULL',
    collectionId: 'NULL',
    text: ['t.display_title', "replace(t.slug, '-', ' ')", 't.description'],
  },
  catalog: {
    from: 'catalogs k JOIN users u ON u.id = k.creator_id',
    id: 'k.id',
    // Public lists a reader made (not the predefined Reading list), with at least one story, by
    // a creator in good standing (docs/search.md, "What is indexed"). Private lists never enter.
    eligible: `k.type = 'LISTS' AND k.visibility = 'PUBLIC' AND k.item_count >= 1 AND ${GOOD_WRITER}`,
    record: CATALOG_RECORD,
    popularity: `(SELECT count(*) FROM follows f WHERE f.target_type = 'CATALOG' AND f.target_id = k.id) * 1000 + k.item_count`,
    highQuality: '1',
    ownerId: 'k.creator_id',
    collectionId: 'NULL',
    text: ['k.name', 'k.description', `u.name || ' ' || u.username`],
  },
  series: {
    from: 'series s JOIN users u ON u.id = s.creator_id',
    id: 's.id',
    // Published series by a writer in good standing; a draft series (published_at unset) never enters.
    eligible: `s.published_at IS NOT NULL AND ${GOOD_WRITER}`,
    record: SERIES_RECORD,
    popularity: '(SELECT count(*) FROM series_follows f WHERE f.series_id = s.id) * 1000 + (SELECT count(*) FROM series_parts sp WHERE sp.series_id = s.id)',
    highQuality: '1',
    ownerId: 's.creator_id',
    collectionId: 'NULL',
    text: ['s.title', 's.description', `u.name || ' ' || u.username`],
  },
};

/**
 * Statements that refresh the records of `kind` whose source rows match `filter` (SQL over
 * the source aliases, with `?1`… bound to params). Run them in one batch (a transaction).
 */
export function refreshStatements(kind: IndexKind, filter: string, params: (string | number)[] = []): IndexStatement[] {
  const source = SOURCES[kind];
  const fts = FTS_TABLE[kind];
  const targets = `SELECT ${source.id} FROM ${source.from} WHERE ${filter}`;
  const kindLiteral = `'${kind}'`;
  return [
    {
      sql: `DELETE FROM ${fts} WHERE rowid IN (SELECT id FROM search_records WHERE index_kind = ${kindLiteral} AND object_id IN (${targets}))`,
      params,
    },
    { sql: `DELETE FROM search_records WHERE index_kind = ${kindLiteral} AND object_id IN (${targets})`, params },
    {
      sql: `INSERT INTO search_records (index_kind, object_id, record, popularity, high_quality, owner_id, collection_id)
        SELECT ${kindLiteral}, ${source.id}, ${source.record}, ${source.popularity}, ${source.highQuality}, ${source.ownerId}, ${source.collectionId}
        FROM ${source.from} WHERE (${source.eligible}) AND (${filter})
        ORDER BY ${source.popularity} DESC`,
      params,
    },
    {
      sql: `INSERT INTO ${fts} (rowid, ${ftsColumns(kind).join(', ')})
        SELECT r.id, ${source.text.join(', ')}
        FROM ${source.from} JOIN search_records r ON r.index_kind = ${kindLiteral} AND r.object_id = ${source.id}
        WHERE (${filter})`,
      params,
    },
  ];
}

/** The FTS columns of each index (migrations/0012_search.sql). */
export function ftsColumns(kind: IndexKind): string[] {
  return {
    post: ['title', 'subtitle', 'topics', 'writer', 'publication', 'opening'],
    user: ['name', 'username', 'bio'],
    collection: ['name', 'slug', 'description'],
    tag: ['name', 'slug', 'description'],
    catalog: ['name', 'description', 'creator'],
    series: ['title', 'description', 'writer'],
  }[kind];
}

/**
 * Statements that remove one object's record and FTS row whatever its source row holds now:
 * for objects deleted outright (a list), whose filter would no longer select anything.
 */
export function removeStatements(kind: IndexKind, objectId: string): IndexStatement[] {
  return [
    { sql: `DELETE FROM ${FTS_TABLE[kind]} WHERE rowid IN (SELECT id FROM search_records WHERE index_kind = '${kind}' AND object_id = ?1)`, params: [objectId] },
    { sql: `DELETE FROM search_records WHERE index_kind = '${kind}' AND object_id = ?1`, params: [objectId] },
  ];
}

/** Every index from scratch: what the seed appends and `npm run search:reindex` runs. */
export function rebuildStatements(): IndexStatement[] {
  const statements: IndexStatement[] = [];
  for (const kind of INDEX_KINDS) {
    statements.push({ sql: `DELETE FROM ${FTS_TABLE[kind]}`, params: [] });
  }
  statements.push({ sql: 'DELETE FROM search_records', params: [] });
  for (const kind of INDEX_KINDS) statements.push(...refreshStatements(kind, '1').slice(2));
  // Compacts each FTS index after the bulk insert (fewer segments, faster first queries).
  for (const kind of INDEX_KINDS) statements.push({ sql: `INSERT INTO ${FTS_TABLE[kind]}(${FTS_TABLE[kind]}) VALUES ('optimize')`, params: [] });
  return statements;
}

/** Filters of the refreshes that writes need. */
export const POST_BY_ID = 'p.id = ?1';
export const POSTS_BY_WRITER = 'p.creator_id = ?1';
export const POSTS_BY_COLLECTION = 'p.collection_id = ?1';
export const USER_BY_ID = 'u.id = ?1';
export const WRITER_OF_POST = 'u.id = (SELECT creator_id FROM posts WHERE id = ?1)';
export const COLLECTION_BY_ID = 'c.id = ?1';
export const TAG_BY_SLUG = 't.slug = ?1';
export const CATALOG_BY_ID = 'k.id = ?1';
export const CATALOGS_BY_CREATOR = 'k.creator_id = ?1';
export const SERIES_BY_ID = 's.id = ?1';
export const SERIES_BY_CREATOR = 's.creator_id = ?1';
export const TAGS_OF_POST = 't.slug IN (SELECT tag_slug FROM post_tags WHERE post_id = ?1)';
