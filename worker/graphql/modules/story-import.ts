// importStory (issue 12 item 6; /p/import): a Markdown or HTML file the writer picked becomes a
// new draft, through a real parser and the content rules (worker/stories/import/). The draft
// opens in the editor; nothing is published.
import { StoryContentError } from '../../../shared/editor/story-content-rules.ts';
import { importFormat, importStory } from '../../stories/import/import-story.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { signInRequired } from '../../context/errors.ts';
import { createDraft } from './drafts.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  type StoryImported {
    post: Post!
    "Images and embedded media the file had, left out (images are added in the editor)."
    skippedMedia: Int!
  }

  union ImportStoryResult = StoryImported | BadRequest

  type Mutation {
    "Makes a draft of a Markdown (.md, .markdown, .txt) or HTML (.html, .htm) file's text."
    importStory(fileName: String!, text: String!): ImportStoryResult!
  }
`;

async function importStoryResolver(_root: unknown, args: { fileName: string; text: string }, ctx: RequestContext) {
  if (!ctx.viewer.user) throw signInRequired('import a story');
  const format = importFormat(args.fileName);
  if (!format) return { __typename: 'BadRequest', message: 'Import a Markdown (.md) or HTML (.html) file.' };
  try {
    const story = importStory(format, args.text);
    const title = story.title || args.fileName.replace(/\.[a-z]+$/i, '').slice(0, 200);
    const post = await createDraft(ctx, { title, subtitle: '', content: story.content, inResponseToPostId: null });
    return { __typename: 'StoryImported', post, skippedMedia: story.skippedMedia };
  } catch (error) {
    if (error instanceof StoryContentError) return { __typename: 'BadRequest', message: error.message };
    throw error;
  }
}

export const storyImportModule: SchemaModule = {
  typeDefs,
  resolvers: {
    ImportStoryResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    Mutation: { importStory: importStoryResolver },
  },
};
