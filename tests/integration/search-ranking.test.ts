// Relevance of the predictive popover's story query (docs/search.md, "Ranking"): a predictive
// query (a few hits of a first page) matches stories by title, subtitle, topics, writer and
// publication, not by the words of their opening, so the story titled with the reader's word
// comes first even when a far more popular story only mentions it in its text. The search
// pages (more hits a page) still find the story by its opening.
import { beforeAll, describe, expect, it } from 'vitest';
import { rebuildSearchIndex } from '../../worker/search/indexing.ts';
import { seedWorld, type World } from './helpers/fixtures.ts';
import { testEnv } from './helpers/graphql-client.ts';
import { indexName, searchClient } from './helpers/search-client.ts';

type Hit = Record<string, any> & { objectID: string };

let world: World;
let titled: string;
let mentioned: string;

/** A story body of one heading and paragraphs with these texts (the stored content's shape). */
function content(heading: string, texts: string[]): string {
  const paragraphs = [heading, ...texts].map((text, i) => ({ name: i.toString(16).padStart(4, '0'), type: i === 0 ? 'H3' : 'P', text, markups: [] }));
  return JSON.stringify({ paragraphs });
}

beforeAll(async () => {
  world = await seedWorld(testEnv.DB);
  [titled, mentioned] = [world.bulk[0]!.id, world.bulk[1]!.id];
  await testEnv.DB.batch([
    // The best title match: an unpopular story named for the word.
    testEnv.DB.prepare('UPDATE posts SET title = ?, subtitle = ?, content = ?, clap_count = 0 WHERE id = ?').bind(
      'Lighthouse Keepers',
      'Nights on the rock',
      content('Lighthouse Keepers', ['Paragraph one of the keepers.', 'Paragraph two of the keepers.']),
      titled,
    ),
    // A far more popular story that only mentions the word in its opening, many times.
    testEnv.DB.prepare('UPDATE posts SET title = ?, subtitle = ?, content = ?, clap_count = 100000 WHERE id = ?').bind(
      'Coastal Walks',
      'Where the path goes',
      content('Coastal Walks', ['The lighthouse, the lighthouse and another lighthouse.', 'Every lighthouse on the coast.']),
      mentioned,
    ),
  ]);
  await rebuildSearchIndex(testEnv);
});

async function postHits(query: string, hitsPerPage: number): Promise<Hit[]> {
  const { results } = await searchClient().search<Hit>({ requests: [{ indexName: indexName('post'), query, hitsPerPage }] });
  return (results[0] as { hits: Hit[] }).hits;
}

describe('predictive story queries', () => {
  it('rank the best title match first as the reader types, ahead of a more popular story that only mentions the word', async () => {
    for (const typed of ['lig', 'lighth', 'lighthouse', 'lighthouse kee']) {
      const hits = await postHits(typed, 3);
      expect(hits[0]?.objectID, typed).toBe(titled);
      expect(hits.map((h) => h.objectID), typed).not.toContain(mentioned);
    }
  });

  it('still match by writer and publication names', async () => {
    const writer = (await testEnv.DB.prepare('SELECT u.name FROM posts p JOIN users u ON u.id = p.creator_id WHERE p.id = ?').bind(titled).first<{ name: string }>())!.name;
    const hits = await postHits(`lighthouse ${writer.split(' ')[0]}`, 3);
    expect(hits[0]?.objectID).toBe(titled);
  });

  it('leave the search pages (more hits a page) matching the opening too, the title match still first', async () => {
    const hits = (await postHits('lighthouse', 20)).map((h) => h.objectID);
    expect(hits[0]).toBe(titled);
    expect(hits).toContain(mentioned);
  });
});
