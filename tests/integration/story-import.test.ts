// Importing a story (issue 12 item 6): Markdown and HTML files become drafts through a real
// parser; hostile markup — scripts, event handlers, javascript:/data: links, huge paragraphs,
// deeply nested lists — comes out as inert structured content.
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoryContent } from '../../shared/content.ts';
import { MAX_PARAGRAPH_LENGTH } from '../../shared/editor/story-content-rules.ts';
import { importStory } from '../../worker/stories/import/import-story.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';

const IMPORT = `mutation($fileName: String!, $text: String!) {
  importStory(fileName: $fileName, text: $text) { __typename ... on StoryImported { skippedMedia post { id title isPublished } } ... on BadRequest { message } }
}`;

let writer: Caller;
beforeAll(async () => {
  await seedWorld(testDb);
  writer = await signedIn(USERS.writer);
});

const stored = async (id: string) => JSON.parse((await testDb.prepare('SELECT content FROM posts WHERE id = ?').bind(id).first<{ content: string }>())!.content) as StoryContent;
const shape = (content: StoryContent) => content.paragraphs.map((p) => [p.type, p.text]);

describe('importStory', () => {
  it('makes a draft of a Markdown file: title, headings, lists, quotes, code, links and emphasis', async () => {
    const markdown = [
      '# Notes from the estuary',
      '',
      'Some **bold** and *italic* words with [a link](https://example.com/a) and `code`.',
      '',
      '## A section',
      '',
      '- one',
      '- two',
      '',
      '1. first',
      '',
      '> quoted',
      '',
      '```ts',
      'const a = 1;',
      '```',
      '',
      '---',
      '',
      '![a photo](https://example.com/p.png)',
    ].join('\n');
    const answer = (await writer.gql(IMPORT, { fileName: 'notes.md', text: markdown })).data!.importStory;
    expect(answer).toMatchObject({ __typename: 'StoryImported', skippedMedia: 1, post: { title: 'Notes from the estuary', isPublished: false } });
    const content = await stored(answer.post.id);
    expect(shape(content)).toEqual([
      ['P', 'Some bold and italic words with a link and code.'],
      ['H3', 'A section'],
      ['ULI', 'one'],
      ['ULI', 'two'],
      ['OLI', 'first'],
      ['BQ', 'quoted'],
      ['PRE', 'const a = 1;'],
      ['HR', ''],
    ]);
    expect(content.paragraphs[0]!.markups).toEqual(
      expect.arrayContaining([
        { type: 'STRONG', start: 5, end: 9 },
        { type: 'EM', start: 14, end: 20 },
        { type: 'A', start: 32, end: 38, href: 'https://example.com/a' },
        { type: 'CODE', start: 43, end: 47 },
      ]),
    );
    expect(content.paragraphs[6]!.codeLanguage).toBe('ts');
  });

  it('keeps only the text of hostile HTML: no script, handler or unsafe link survives', async () => {
    const html = `<h1 onclick="alert(0)">Title</h1>
      <script>alert(1)</script><style>body{display:none}</style>
      <p onmouseover="alert(2)">Hello <img src=x onerror="alert(3)"><a href="javascript:alert(4)">js link</a>
      <a href="data:text/html,&lt;script&gt;alert(5)&lt;/script&gt;">data link</a> <a href="JaVaScRiPt:alert(6)">mixed</a>
      <a href=" https://example.com/ok ">ok</a></p>
      <iframe src="https://evil.example"></iframe><svg><script>alert(7)</script></svg>
      <p>A &lt;script&gt; written as text stays text.</p>`;
    const answer = (await writer.gql(IMPORT, { fileName: 'page.html', text: html })).data!.importStory;
    expect(answer.__typename).toBe('StoryImported');
    const content = await stored(answer.post.id);
    const json = JSON.stringify(content);
    for (const bad of ['alert(', 'onerror', 'onmouseover', 'javascript:', 'data:text', '<img', 'display:none']) expect(json).not.toContain(bad);
    expect(shape(content)).toEqual([
      ['P', 'Hello js link data link mixed ok'],
      ['P', 'A <script> written as text stays text.'],
    ]);
    expect(content.paragraphs[0]!.markups).toEqual([{ type: 'A', start: 30, end: 32, href: 'https://example.com/ok' }]);
  });

  it('splits a huge paragraph and flattens deeply nested lists', async () => {
    const huge = 'word '.repeat(MAX_PARAGRAPH_LENGTH / 2);
    const deep = '<ul><li>x'.repeat(5000) + '</li></ul>'.repeat(5000);
    const story = await importStory('html', `<p>${huge}</p>${deep}`);
    expect(story.content.paragraphs.filter((p) => p.type === 'P').length).toBeGreaterThan(1);
    for (const p of story.content.paragraphs) expect(p.text.length).toBeLessThanOrEqual(MAX_PARAGRAPH_LENGTH);
    expect(story.content.paragraphs.some((p) => p.type === 'ULI')).toBe(true);
  });

  it('refuses other files, empty files, and signed-out callers', async () => {
    expect((await writer.gql(IMPORT, { fileName: 'story.docx', text: 'x' })).data!.importStory).toEqual({
      __typename: 'BadRequest',
      message: 'Import a Markdown (.md) or HTML (.html) file.',
    });
    expect((await writer.gql(IMPORT, { fileName: 'empty.html', text: '<script>only()</script>' })).data!.importStory.message).toBe('This file has no text to import.');
    expect((await loggedOut.gql(IMPORT, { fileName: 'a.md', text: 'x' })).errors?.[0]?.message).toBe('Sign in to import a story.');
  });
});
