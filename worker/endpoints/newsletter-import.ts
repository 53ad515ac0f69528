// The endpoints of subscriber imports (docs/newsletters.md "Importing subscribers"):
//
// POST /_/api/newsletters/{id}/import/process-unvalidated-files
//   (docs/product/3-routes-data-calls-constants.md §7.5) A CSV file as multipart form data
//   (`file`). Without `confirm` it only checks the file: the number of addresses it would
//   invite and every line it would skip, with the reason — nothing is written. With
//   `confirm=yes` and `consent=yes` it stores the invitations (all of them or none) and queues
//   their emails. {id} is the viewer's own user id (their newsletter) or a publication
//   newsletter they edit; anyone else gets 404. Signed in (401) with the anti-forgery token
//   (403); a file too large or with too many rows 413, not a text file 415, unreadable 400.
// GET  /_/newsletter-invitation/{key}   the invitation's page: "Subscribe to …?" with a button
// POST /_/newsletter-invitation/{key}   the button: subscribes the address (a mail scanner that
//                                       follows the link changes nothing; only the POST does)
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Env } from '../env.ts';
import { AUTH_PAGE_HEADERS, confirmPage, messagePage } from '../auth/pages.ts';
import { mayMutate } from '../auth/anti-forgery.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { enqueue } from '../queues/producer.ts';
import { resolveViewer } from '../session/viewer.ts';
import { ACCOUNT_CONVERT_PATH } from '../accounts/account-convert.ts';
import { confirmInvitation, INVITATION_PATH, invitationByKey, newsletterIdentity } from '../newsletters/invitations.ts';
import { ImportFileError, MAX_IMPORT_BYTES, readSubscriberCsv, sortAddresses, storeImport } from '../newsletters/subscriber-import.ts';
import { runsNewsletter } from '../newsletters/subscriber-list.ts';

type ImportContext = Context<{ Bindings: Env }>;

const json = (body: unknown, status: number) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
const refusal = (status: number, message: string) => json({ message, status }, status);

async function processFile(c: ImportContext): Promise<Response> {
  const viewer = await resolveViewer(c.env.DB, c.req.raw);
  if (!viewer.user) return refusal(401, 'Sign in to import subscribers.');
  if (!(await mayMutate(c.req.raw, viewer))) return refusal(403, 'Missing or invalid anti-forgery token.');
  const newsletterId = c.req.param('newsletterId') ?? '';
  // Someone else's newsletter answers like a missing one: its existence is not told.
  if (!(await runsNewsletter(requestContextFor({ db: c.env.DB, env: c.env, viewer }), newsletterId))) return refusal(404, 'This newsletter does not exist.');

  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    return refusal(400, 'Send the file as multipart form data, in the field "file".');
  }
  const file = form.get('file');
  if (!(file instanceof File)) return refusal(400, 'Choose a CSV file to import.');
  if (file.size > MAX_IMPORT_BYTES) return refusal(413, `A file can be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
  const confirm = form.get('confirm') === 'yes';
  if (confirm && form.get('consent') !== 'yes') return refusal(400, 'Confirm that everyone on the list agreed to get your emails.');

  try {
    const read = readSubscriberCsv(await file.text());
    const sorted = await sortAddresses(c.env.DB, newsletterId, read.rows);
    const problems = [...read.problems, ...sorted.skipped].sort((a, b) => a.line - b.line);
    const report = { fileName: file.name, toInvite: sorted.invite.length, problems };
    if (!confirm) return json({ ...report, imported: false }, 200);
    if (sorted.invite.length === 0) return refusal(400, 'There is no one to invite in this file.');
    let importId: string;
    try {
      importId = await storeImport(c.env.DB, { newsletterId, importerId: viewer.user.id, fileName: file.name, rows: sorted.invite, now: Date.now() });
    } catch (error) {
      // Another import invited one of these addresses meanwhile: nothing of this one was written.
      if (/UNIQUE/i.test(String(error))) return refusal(409, 'Some of these addresses were invited meanwhile. Check the file again.');
      throw error;
    }
    await enqueue(c.env, [{ kind: 'newsletter.invitations', importId, after: '' }]);
    return json({ ...report, imported: true, importId, invited: sorted.invite.length }, 201);
  } catch (error) {
    if (error instanceof ImportFileError) return refusal(error.status, error.message);
    throw error;
  }
}

async function invitationPage(c: ImportContext): Promise<Response> {
  const key = c.req.param('key') ?? '';
  const now = Date.now();
  const invitation = await invitationByKey(c.env.DB, key, now);
  const newsletter = invitation ? await newsletterIdentity(c.env.DB, invitation.newsletterId) : null;
  if (!invitation || !newsletter) {
    const body = await messagePage(c.env.PRODUCT_NAME, 'This invitation can no longer be used', 'It has expired, or the newsletter is gone.', { href: '/', text: `Go to ${c.env.PRODUCT_NAME}` });
    return new Response(body, { status: 404, headers: AUTH_PAGE_HEADERS });
  }
  if (c.req.method === 'POST' || invitation.confirmedAt !== null) {
    const { convertToken } = await confirmInvitation(c.env.DB, invitation, now);
    // A bare account was made for the address: the page offers to finish it (docs/newsletters.md
    // "Finishing an invited account"); the link is on this answer only.
    const body = await messagePage(
      c.env.PRODUCT_NAME,
      "You're subscribed",
      `${invitation.email} will get ${newsletter.name} by email. Every email has a link to unsubscribe.`,
      convertToken ? { href: `${ACCOUNT_CONVERT_PATH}/${convertToken}`, text: 'Choose your name and username' } : { href: newsletter.path, text: `Go to ${newsletter.name}` },
    );
    return new Response(body, { status: 200, headers: AUTH_PAGE_HEADERS });
  }
  const body = await confirmPage({
    productName: c.env.PRODUCT_NAME,
    title: `Subscribe to ${newsletter.name}?`,
    lead: `${invitation.email} will get its new stories by email. You can unsubscribe from any of them.`,
    action: `${INVITATION_PATH}/${key}`,
    fields: {},
    button: 'Confirm subscription',
  });
  return new Response(body, { status: 200, headers: AUTH_PAGE_HEADERS });
}

export function mountSubscriberImport(app: Hono<{ Bindings: Env }>): void {
  app.post(
    '/_/api/newsletters/:newsletterId/import/process-unvalidated-files',
    // The multipart envelope adds a little to the file's own cap.
    bodyLimit({ maxSize: MAX_IMPORT_BYTES + 64 * 1024, onError: () => refusal(413, `A file can be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`) }),
    processFile,
  );
  app.get(`${INVITATION_PATH}/:key`, invitationPage);
  app.post(`${INVITATION_PATH}/:key`, invitationPage);
}
