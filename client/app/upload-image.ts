// Sends a picked image to the shared upload endpoint (worker/uploads/routes.ts: checked by
// content, SVG refused, size-capped) and answers its image id, or throws with the endpoint's
// own message so the form can show it.
export async function uploadImage(file: File, xsrf: string | null): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch('/_/upload', { method: 'POST', body, headers: { 'x-xsrf-token': xsrf ?? '' }, credentials: 'same-origin' });
  const answer = (await response.json().catch(() => null)) as { id?: string; message?: string } | null;
  if (!response.ok || !answer?.id) throw new Error(answer?.message ?? `The image could not be uploaded (${response.status}).`);
  return answer.id;
}
