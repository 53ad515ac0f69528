// What the highlights layer of the story page reads and writes
// (client/components/highlights/HighlightsLayer.tsx).
import { graphql, known, type ResultOf } from '../../app/graphql.ts';

export const Highlight_passage = known(graphql(`
  fragment Highlight_passage on Highlight {
    id
    kind
    paragraphName
    startOffset
    endOffset
    quote
    note
    forWriter
  }
`));

/** A note for the writer with who left it and its thread (docs/reader.md "Notes for the writer"). */
export const Highlight_thread = known(graphql(`
  fragment Highlight_thread on Highlight {
    id
    author {
      id
      name
    }
    replies {
      id
      body
      createdAt
      author {
        id
        name
      }
    }
  }
`));

export const StoryHighlightsQuery = known(graphql(`
  query StoryHighlightsQuery($postId: ID!) {
    post(id: $postId) {
      id
      creator {
        id
      }
      viewerHighlights {
        ...Highlight_passage
      }
      notesForWriter {
        ...Highlight_passage
        ...Highlight_thread
      }
      topHighlight {
        paragraphName
        startOffset
        endOffset
        quote
        count
      }
    }
  }
`, [Highlight_passage, Highlight_thread]));

export const HighlightTargetQuery = known(graphql(`
  query HighlightTargetQuery($id: ID!) {
    highlight(id: $id) {
      ...Highlight_passage
      ...Highlight_thread
      post {
        id
      }
    }
  }
`, [Highlight_passage, Highlight_thread]));

export const ReplyToNoteMutation = known(graphql(`
  mutation ReplyToNoteMutation($noteId: ID!, $body: String!) {
    replyToNote(noteId: $noteId, body: $body) {
      id
      body
      createdAt
      author {
        id
        name
      }
    }
  }
`));

export const DeleteHighlightMutation = known(graphql(`
  mutation DeleteHighlightMutation($id: ID!) {
    deleteHighlight(id: $id)
  }
`));

export type HighlightPassage = ResultOf<typeof Highlight_passage>;
export type StoryHighlightsData = ResultOf<typeof StoryHighlightsQuery>;
export type HighlightThread = ResultOf<typeof Highlight_thread>;
