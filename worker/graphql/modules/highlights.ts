// Highlights and private notes in GraphQL (worker/highlights/highlights.ts holds the rules):
// the viewer's own on a story, the story's most highlighted passage, one highlight or note by
// id (a note only for its writer), a person's public highlights, and removing one's own; notes
// left for the writer, their threads and answering them (worker/highlights/note-replies.ts).
// Creating one is POST /_/p/{postId}/quotes/create (worker/endpoints/highlights.ts).
import type { RequestContext } from '../../context/request-context.ts';
import type { PagingOptions } from '../../context/paging.ts';
import type { StoryNode } from '../../stories/content-gate.ts';
import { visibleStory } from '../../stories/story-access.ts';
import { deleteHighlight, highlightById, highlightsOf, notesForWriter, topHighlight, viewerHighlights } from '../../highlights/highlights.ts';
import { noteReplyById, repliesOf, replyToNote, type HighlightRow, type NoteReplyRow } from '../../highlights/note-replies.ts';
import type { SchemaModule } from './schema-module.ts';

export const highlightsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    enum HighlightKind {
      HIGHLIGHT
      NOTE
    }

    "A passage of one paragraph a reader highlighted, or wrote a private note on."
    type Highlight {
      id: ID!
      kind: HighlightKind!
      post: Post
      "The paragraph's stable name."
      paragraphName: String!
      "Where the passage is in the paragraph's text now (UTF-16 offsets)."
      startOffset: Int!
      endOffset: Int!
      quote: String!
      "The note's words (NOTE only)."
      note: String
      createdAt: Long!
      "NOTE only: its author left it for the story's writer, who sees it and may answer (docs/reader.md)."
      forWriter: Boolean!
      "Who wrote it: the viewer, or for the story's writer, the reader who left the note."
      author: User
      "A note for the writer: its thread of replies, oldest first; empty otherwise."
      replies: [NoteReply!]!
    }

    "An answer in the thread of a note left for the writer: by the writer or the note's author."
    type NoteReply {
      id: ID!
      "As written; plain text."
      body: String!
      createdAt: Long!
      author: User
      note: Highlight
    }

    "The passage most readers highlighted."
    type TopHighlight {
      paragraphName: String!
      startOffset: Int!
      endOffset: Int!
      quote: String!
      count: Int!
    }

    type HighlightConnection {
      highlights: [Highlight!]!
      pagingInfo: PagingInfo!
    }

    type Post {
      "The viewer's own highlights and notes on this story, in reading order (empty logged out)."
      viewerHighlights: [Highlight!]!
      "The passage most highlighted by readers, or null."
      topHighlight: TopHighlight
      "The story's writer only: the notes readers left for them, newest first (empty for anyone else)."
      notesForWriter: [Highlight!]!
    }

    type User {
      "This person's highlights (never their notes), newest first; passages since edited away are left out."
      highlightsConnection(paging: PagingOptions): HighlightConnection!
    }

    type Query {
      "A highlight, or a note for its author (and the story's writer when left for them); null when unknown, private or its passage is gone."
      highlight(id: ID!): Highlight
      "A reply in a note's thread, for the note's author or the story's writer; null for anyone else."
      noteReply(id: ID!): NoteReply
    }

    type Mutation {
      "Removes one of the viewer's own highlights or notes; false when there was none."
      deleteHighlight(id: ID!): Boolean!
      "Answers a note left for the writer (the writer or the note's author; 1 to 2000 characters); the other side is notified."
      replyToNote(noteId: ID!, body: String!): NoteReply!
    }
  `,
  resolvers: {
    Highlight: {
      post: (row: { postId: string }, _args: unknown, ctx: RequestContext) => visibleStory(ctx, row.postId),
      forWriter: (row: HighlightRow) => row.forWriter === 1,
      author: (row: HighlightRow, _args: unknown, ctx: RequestContext) => ctx.loaders.userById.load(row.userId),
      replies: (row: HighlightRow, _args: unknown, ctx: RequestContext) => repliesOf(ctx, row),
    },
    NoteReply: {
      author: (row: NoteReplyRow, _args: unknown, ctx: RequestContext) => ctx.loaders.userById.load(row.authorId),
      note: (row: NoteReplyRow, _args: unknown, ctx: RequestContext) => highlightById(ctx, row.noteId),
    },
    Post: {
      notesForWriter: (post: StoryNode, _args: unknown, ctx: RequestContext) => notesForWriter(ctx, post),
      viewerHighlights: (post: StoryNode, _args: unknown, ctx: RequestContext) => viewerHighlights(ctx, post),
      topHighlight: (post: StoryNode, _args: unknown, ctx: RequestContext) => topHighlight(ctx, post),
    },
    User: {
      highlightsConnection: async (user: { id: string }, args: { paging?: PagingOptions | null }, ctx: RequestContext) => {
        const page = await highlightsOf(ctx, user.id, args.paging);
        return { highlights: page.items, pagingInfo: page.pagingInfo };
      },
    },
    Query: {
      highlight: (_root: unknown, args: { id: string }, ctx: RequestContext) => highlightById(ctx, args.id),
      noteReply: async (_root: unknown, args: { id: string }, ctx: RequestContext) => (ctx.viewer.user ? ((await noteReplyById(ctx, args.id))?.reply ?? null) : null),
    },
    Mutation: {
      deleteHighlight: (_root: unknown, args: { id: string }, ctx: RequestContext) => deleteHighlight(ctx, args.id),
      replyToNote: (_root: unknown, args: { noteId: string; body: string }, ctx: RequestContext) => replyToNote(ctx, args.noteId, args.body),
    },
  },
};
