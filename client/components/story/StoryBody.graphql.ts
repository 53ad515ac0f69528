import { graphql, known } from '../../app/graphql.ts';

/** A paragraph with everything StoryBody draws (stories and responses alike). */
export const StoryBody_paragraph = known(graphql(`
  fragment StoryBody_paragraph on Paragraph {
    id
    name
    type
    text
    href
    codeLanguage
    markups {
      type
      start
      end
      href
      anchorType
      userId
    }
    metadata {
      id
      originalWidth
      originalHeight
      alt
    }
  }
`));
