// Writing CSV that is safe to open in a spreadsheet (RFC 4180 quoting, plus formula escaping).
//
// A cell a reader controls (their name) that starts with = + - @ (or a tab or carriage return)
// is a formula to Excel, LibreOffice and Google Sheets: "=HYPERLINK(…)" in a subscriber's name
// would run in the writer's spreadsheet. Such cells get a leading apostrophe, which every
// spreadsheet shows as text (OWASP "CSV injection").

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula-escaped, quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text, CRLF line ends (RFC 4180). */
export function csvDocument(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
