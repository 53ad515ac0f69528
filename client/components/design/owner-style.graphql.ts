// What an owner's pages read of its style sheet (owner-style.ts): the custom properties the
// server built from the checked values (worker/graphql/modules/custom-style-sheets.ts).
import { graphql, known, type ResultOf } from '../../app/graphql.ts';

export const OwnerStyle_sheet = known(graphql(`
  fragment OwnerStyle_sheet on CustomStyleSheet {
    id
    isCustom
    headerLayout
    properties {
      name
      value
    }
  }
`));

export type OwnerStyleSheet = ResultOf<typeof OwnerStyle_sheet>;
