// Checked by `npm run typecheck`, never run: client documents are checked against the schema
// by the type checker (client/app/graphql.ts). Each `@ts-expect-error` below fails the
// type check if the document it marks stops being an error, so these lines prove the check
// still refuses a misspelt field and a fragment spread without its fragment.
import { graphql, known, type ResultOf } from '../../../client/app/graphql.ts';
import { StoryCard_post } from '../../../client/components/StoryCard.graphql.ts';

// @ts-expect-error: Post has no field `titel`.
known(graphql(`query MisspeltField { post(id: "1") { id titel } }`));

// @ts-expect-error: a fragment with a field the schema lacks.
known(graphql(`fragment MisspeltFragment on Post { id subtitel }`));

// @ts-expect-error: StoryBody_paragraph is spread but not given (a document given no
// fragments at all types an unknown spread as nothing; tests/integration/client-documents.test.ts
// refuses it as an unknown fragment).
known(graphql(`query MissingFragment { post(id: "1") { ...StoryCard_post content { bodyModel { paragraphs { ...StoryBody_paragraph } } } } }`, [StoryCard_post]));

const typed = known(graphql(`query Typed { post(id: "1") { ...StoryCard_post } }`, [StoryCard_post]));
// A result's type is what the document selects, fragments included.
export const title: string | undefined = ({} as ResultOf<typeof typed>).post?.title;
// @ts-expect-error: a title is a string, not a number.
export const wrong: number | undefined = ({} as ResultOf<typeof typed>).post?.title;
