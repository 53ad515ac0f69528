// importStory (issue 12 item 6; /p/import): a Markdown or HTML file the writer picked becomes a
// new draft (worker/stories/import/import-draft.ts). The draft opens in the editor; nothing is
// published.
import type { RequestContext } from '../../context/request-context.ts';
import { importDraft } from '../../stories/import/import-draft.ts';
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

export const storyImportModule: SchemaModule = {
  typeDefs,
  resolvers: {
    ImportStoryResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    Mutation: {
      importStory: (_root: unknown, args: { fileName: string; text: string }, ctx: RequestContext) => importDraft(ctx, args.fileName, args.text),
    },
  },
};
