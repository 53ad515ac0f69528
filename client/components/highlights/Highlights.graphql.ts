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
  }
`));

export const StoryHighlightsQuery = known(graphql(`
  query StoryHighlightsQuery($postId: ID!) {
    post(id: $postId) {
      id
      viewerHighlights {
        ...Highlight_passage
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
`, [Highlight_passage]));

export const HighlightTargetQuery = known(graphql(`
  query HighlightTargetQuery($id: ID!) {
    highlight(id: $id) {
      ...Highlight_passage
      post {
        id
      }
    }
  }
`, [Highlight_passage]));

export const DeleteHighlightMutation = known(graphql(`
  mutation DeleteHighlightMutation($id: ID!) {
    deleteHighlight(id: $id)
  }
`));

export type HighlightPassage = ResultOf<typeof Highlight_passage>;
export type StoryHighlightsData = ResultOf<typeof StoryHighlightsQuery>;
