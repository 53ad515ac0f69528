// Whether a story takes responses: its author may close discussion (posts.responses_locked),
// for its whole thread (worker/responses/responses.ts) and for the response drafts waiting to
// be published under it (./publishing.ts).

/** docs/product/2-sign-in-notices-cache-routing.md §8, word for word. */
export const DISCUSSION_CLOSED_MESSAGE = 'The author has closed discussion for this story/list. We are unable to save changes to your response.';
