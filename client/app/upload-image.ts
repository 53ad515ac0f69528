// Sends a picked image to the shared upload endpoint (worker/endpoints/uploads.ts: checked by
// content, SVG refused, size-capped) and answers what it stored, or throws with the endpoint's
// own message so the form can show it. The one client of /_/upload: the editor, the profile
// photo and the publication images all call it.
export interface StoredImage {
  id: string;
}

export async function uploadImageFile<Answer extends StoredImage = StoredImage>(file: File, xsrf: string | null, what = 'image'): Promise<Answer> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch('/_/upload', { method: 'POST', body, headers: { 'x-xsrf-token': xsrf ?? '' }, credentials: 'same-origin' });
  const answer = (await response.json().catch(() => null)) as (Answer & { message?: string }) | null;
  if (!response.ok || !answer?.id) throw new Error(answer?.message ?? `The ${what} could not be uploaded (${response.status}).`);
  return answer;
}

/** The stored image's id. */
export async function uploadImage(file: File, xsrf: string | null, what = 'image'): Promise<string> {
  return (await uploadImageFile(file, xsrf, what)).id;
}

/**
 * Stores the image at a remote address (/_/upload-url: the worker fetches it, checks it by its
 * bytes and stores it like an upload); throws with the endpoint's own message.
 */
export async function uploadImageFromAddress<Answer extends StoredImage = StoredImage>(address: string, xsrf: string | null): Promise<Answer> {
  const response = await fetch('/_/upload-url', {
    method: 'POST',
    body: JSON.stringify({ url: address }),
    headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf ?? '' },
    credentials: 'same-origin',
  });
  const answer = (await response.json().catch(() => null)) as (Answer & { message?: string }) | null;
  if (!response.ok || !answer?.id) throw new Error(answer?.message ?? `The image could not be fetched (${response.status}).`);
  return answer;
}
