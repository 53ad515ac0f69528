// Importing a newsletter's subscribers from a CSV file (issue 12 item 8; docs/newsletters.md
// "Importing subscribers"). Three steps, each its own function:
//
//   readSubscriberCsv   the file, parsed with papaparse (quotes, CRLF, BOM, a header or none),
//                       each row checked: an email address, not twice in the file; at most
//                       MAX_IMPORT_ROWS rows
//   sortAddresses       what the database says of each address: already subscribed, left this
//                       newsletter (or every newsletter) before, already invited — those are
//                       reported and skipped
//   storeImport         the invitations, in one statement: every address of the file or none
//
// An import never subscribes anyone: each address gets one invitation email (the fan-out queue,
// worker/newsletters/invitations.ts) and becomes a subscriber only by confirming it.
import Papa from 'papaparse';
import type { D1Database } from '@cloudflare/workers-types';
import { newId } from '../lib/ids.ts';

/** Addresses one file may hold: past this the file is refused whole (413), not cut. */
export const MAX_IMPORT_ROWS = 5_000;
/** Bytes of a file: 5,000 rows of address and name fit in far less. */
export const MAX_IMPORT_BYTES = 1024 * 1024;
/** A name longer than this is cut (it is only the greeting of the invitation). */
const NAME_MAX = 100;
const EMAIL_MAX = 254;
/** A practical address check (RFC 5322's full grammar admits addresses no mail provider takes). */
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export interface ImportRow {
  /** The row's line in the file (1-based, the header counted). */
  line: number;
  email: string;
  name: string;
}

export interface ImportProblem {
  line: number;
  /** The cell as written (cut to 100 characters), for the writer to find it. */
  value: string;
  reason: string;
}

export class ImportFileError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

const EMAIL_HEADERS = new Set(['email', 'e-mail', 'email address', 'e-mail address', 'mail']);
const NAME_HEADERS = new Set(['name', 'full name', 'fullname', 'first name']);

/** The rows of a file and the problems of the rows that are not addresses. */
export function readSubscriberCsv(text: string): { rows: ImportRow[]; problems: ImportProblem[] } {
  // A text file has no NUL byte: a spreadsheet's binary format or an image renamed .csv does.
  if (text.includes('\u0000')) throw new ImportFileError(415, 'This is not a CSV file. Save the list as CSV (comma-separated values) and try again.');
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const table = parsed.data.filter((cells) => cells.some((cell) => cell.trim() !== ''));
  if (table.length === 0) throw new ImportFileError(400, 'The file is empty: put one email address per line.');
  const first = table[0]!.map((cell) => cell.trim().toLowerCase());
  const hasHeader = first.some((cell) => EMAIL_HEADERS.has(cell));
  const emailColumn = hasHeader ? first.findIndex((cell) => EMAIL_HEADERS.has(cell)) : 0;
  const nameColumn = hasHeader ? first.findIndex((cell) => NAME_HEADERS.has(cell)) : table[0]!.length > 1 ? 1 : -1;
  const body = hasHeader ? table.slice(1) : table;
  if (body.length > MAX_IMPORT_ROWS) {
    throw new ImportFileError(413, `A file can hold at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} addresses; this one has ${body.length.toLocaleString('en-US')}. Split it and import each part.`);
  }
  // Line numbers as the writer's spreadsheet shows them (papaparse keeps rows in order; a
  // quoted cell with a line break makes numbers drift, which only shows in the report).
  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  const seen = new Map<string, number>();
  body.forEach((cells, index) => {
    const line = index + (hasHeader ? 2 : 1);
    const raw = (cells[emailColumn] ?? '').trim();
    const email = raw.toLowerCase();
    const value = raw.slice(0, 100);
    if (email.length > EMAIL_MAX || !EMAIL.test(email)) {
      problems.push({ line, value, reason: raw === '' ? 'No email address on this line.' : 'Not an email address.' });
      return;
    }
    const earlier = seen.get(email);
    if (earlier !== undefined) {
      problems.push({ line, value, reason: `The same address as line ${earlier}.` });
      return;
    }
    seen.set(email, line);
    const name = nameColumn >= 0 ? (cells[nameColumn] ?? '').trim().replace(/\s+/g, ' ').slice(0, NAME_MAX) : '';
    rows.push({ line, email, name });
  });
  return { rows, problems };
}

/**
 * Splits the file's addresses into those to invite and those to skip, by what the database
 * knows: a subscriber already, someone who left this newsletter or every newsletter, an address
 * invited to it before. One query, whatever the file's size.
 */
export async function sortAddresses(db: D1Database, newsletterId: string, rows: ImportRow[]): Promise<{ invite: ImportRow[]; skipped: ImportProblem[] }> {
  if (rows.length === 0) return { invite: [], skipped: [] };
  const { results } = await db
    .prepare(
      `SELECT f.value AS email,
         EXISTS (SELECT 1 FROM users u WHERE u.email = f.value AND u.deleted_at IS NULL AND (
           EXISTS (SELECT 1 FROM newsletter_subscriptions s WHERE s.subscriber_id = u.id AND s.writer_id = ?1)
           OR EXISTS (SELECT 1 FROM publication_newsletter_subscriptions p WHERE p.subscriber_id = u.id AND p.newsletter_id = ?1))) AS subscribed,
         EXISTS (SELECT 1 FROM users u JOIN newsletter_unsubscribes x ON x.user_id = u.id
           WHERE u.email = f.value AND x.newsletter_id IN (?1, '*')) AS left_before,
         EXISTS (SELECT 1 FROM newsletter_invitations i WHERE i.newsletter_id = ?1 AND i.email = f.value) AS invited
       FROM json_each(?2) AS f`,
    )
    .bind(newsletterId, JSON.stringify(rows.map((r) => r.email)))
    .all<{ email: string; subscribed: number; left_before: number; invited: number }>();
  const status = new Map(results.map((r) => [r.email, r]));
  const invite: ImportRow[] = [];
  const skipped: ImportProblem[] = [];
  for (const row of rows) {
    const known = status.get(row.email);
    if (known?.subscribed) skipped.push({ line: row.line, value: row.email, reason: 'Already a subscriber.' });
    else if (known?.left_before) skipped.push({ line: row.line, value: row.email, reason: 'Unsubscribed before: only they can subscribe again.' });
    else if (known?.invited) skipped.push({ line: row.line, value: row.email, reason: 'Invited before.' });
    else invite.push(row);
  }
  return { invite, skipped };
}

/**
 * The import and its invitations, written as one batch: the import row and a single INSERT …
 * SELECT over the addresses (one bound value, so 5,000 rows stay one statement, well inside
 * D1's limits). A concurrent import that invited one of the addresses first makes the whole
 * batch fail (the UNIQUE constraint): nothing of this file is written, and the writer retries.
 */
export async function storeImport(
  db: D1Database,
  input: { newsletterId: string; importerId: string; fileName: string; rows: ImportRow[]; now: number },
): Promise<string> {
  const importId = newId();
  const invitations = input.rows.map((row) => ({ id: newId(), email: row.email, name: row.name }));
  await db.batch([
    db
      .prepare('INSERT INTO newsletter_imports (id, newsletter_id, importer_id, file_name, invited_count, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .bind(importId, input.newsletterId, input.importerId, input.fileName.slice(0, 200), invitations.length, input.now),
    db
      .prepare(
        `INSERT INTO newsletter_invitations (id, import_id, newsletter_id, email, name, created_at)
         SELECT json_extract(value, '$.id'), ?1, ?2, json_extract(value, '$.email'), json_extract(value, '$.name'), ?3 FROM json_each(?4)`,
      )
      .bind(importId, input.newsletterId, input.now, JSON.stringify(invitations)),
  ]);
  return importId;
}
