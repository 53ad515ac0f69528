// importStory (issue 12 item 6; /p/import): a Markdown or HTML file the writer picked becomes a
// new draft, through a real parser and the content rules (./import-story.ts). The draft opens in
// the editor; nothing is published.
import { StoryContentError } from '../../../shared/editor/story-content-rules.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { signInRequired } from '../../context/errors.ts';
import type { StoryNode } from '../content-gate.ts';
import { createDraft } from '../drafts.ts';
import { refused, type Refusal } from '../refusals.ts';
import { importFormat, importStory } from './import-story.ts';

export type ImportDraftOutcome = { __typename: 'StoryImported'; post: StoryNode | null; skippedMedia: number } | Refusal;

/** Makes a draft of a Markdown (.md, .markdown, .txt) or HTML (.html, .htm) file's text. */
export async function importDraft(ctx: RequestContext, fileName: string, text: string): Promise<ImportDraftOutcome> {
  if (!ctx.viewer.user) throw signInRequired('import a story');
  const format = importFormat(fileName);
  if (!format) return refused.badRequest('Import a Markdown (.md) or HTML (.html) file.');
  try {
    const story = await importStory(format, text);
    const title = story.title || fileName.replace(/\.[a-z]+$/i, '').slice(0, 200);
    const post = await createDraft(ctx, { title, subtitle: '', content: story.content, inResponseToPostId: null });
    return { __typename: 'StoryImported', post, skippedMedia: story.skippedMedia };
  } catch (error) {
    if (error instanceof StoryContentError) return refused.badRequest(error.message);
    throw error;
  }
}
