// The writer's design editor (/me/design, /me/styles): their style sheet and its two changes.
import { graphql, known, type ResultOf } from '../app/graphql.ts';

export const UserDesign_sheet = known(graphql(`
  fragment UserDesign_sheet on CustomStyleSheet {
    id
    headingFont
    bodyFont
    accentColor
    headerLayout
    isCustom
  }
`));

export const UserDesignQuery = known(graphql(`
  query UserDesignQuery {
    viewer {
      id
      name
      username
      customStyleSheet {
        ...UserDesign_sheet
      }
    }
  }
`, [UserDesign_sheet]));

export const UpdateUserStyleSheet = known(graphql(`
  mutation UpdateUserStyleSheet($headingFont: FontSet!, $bodyFont: FontSet!, $accentColor: String, $headerLayout: ProfileHeaderLayout!) {
    updateUserStyleSheet(headingFont: $headingFont, bodyFont: $bodyFont, accentColor: $accentColor, headerLayout: $headerLayout) {
      __typename
      ... on CustomStyleSheet {
        ...UserDesign_sheet
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
    }
  }
`, [UserDesign_sheet]));

export const ResetUserStyleSheet = known(graphql(`
  mutation ResetUserStyleSheet {
    resetUserStyleSheet {
      ...UserDesign_sheet
    }
  }
`, [UserDesign_sheet]));

export type UserDesignData = ResultOf<typeof UserDesignQuery>;
export type UserDesignSheet = ResultOf<typeof UserDesign_sheet>;
