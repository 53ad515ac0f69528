// A story's id inside its route param (docs/product/3-routes-data-calls-constants.md §2.11): the
// postId param is the id itself or "{title-slug}-{id}", so the id is the last dash-separated
// segment.

const POST_ID = /^[0-9a-f]{8,16}$/;

/**
 * The post id inside a postId route param: its last dash-separated segment when that is
 * 8 to 16 lowercase hex digits ("my-title-1a2b3c4d5e6f" → "1a2b3c4d5e6f"); otherwise null.
 */
export function postIdFromParam(param: string): string | null {
  const last = param.slice(param.lastIndexOf('-') + 1);
  return POST_ID.test(last) ? last : null;
}
