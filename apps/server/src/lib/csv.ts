// What spreadsheet programs treat as the start of a formula (OWASP "CSV injection"), the full-width
// forms some locales accept included; tab and carriage return only count at the very start of a cell.
const FORMULA_START = /^(?:[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]|\s+[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
// A separator (comma, semicolon, tab, line break) inside the value, then a formula: a program that
// splits the cell there (a semicolon locale, a naive importer) would see a new cell starting with it.
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n])(\s*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;

/**
 * Cells a spreadsheet would run as a formula get a leading quote, and so does every part of the value
 * after a separator that would (OWASP "CSV injection"): a lead's answers are typed by anonymous
 * visitors, and buyers open exports in spreadsheets.
 */
export function neutraliseCell(value: string): string {
  const inner = value.replace(FORMULA_AFTER_SEPARATOR, "$1$2'");
  return FORMULA_START.test(inner) ? `'${inner}` : inner;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(cellText).join("; ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

// Text that neither of the rules below changes: no separator, quote or line break, no space at either
// end, and no formula's first character at the start. Most cells are such text: one test, written as is.
const UNCHANGED = /^(?![\s=+\-@\uFF1D\uFF0B\uFF0D\uFF20])[^",;\t\r\n]*$(?<!\s)/;

/** A text cell: neutralised, then quoted whenever it holds a separator, a quote or a line break. */
export function textCell(text: string): string {
  if (UNCHANGED.test(text)) return text;
  const safe = neutraliseCell(text);
  // Quoted whenever it holds a separator of any locale (comma, semicolon, tab) or a line break, so the
  // cell is never split; quotes inside are doubled.
  return /[",;\t\r\n]|^\s|\s$/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A cell of any value: only text can be a formula; a negative number (a longitude) stays a number. */
export function csvCell(value: unknown): string {
  return typeof value === "number" ? String(value) : textCell(cellText(value));
}

/** RFC 4180 CSV with CRLF line ends and a byte-order mark, so spreadsheets read it as UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${csvLines([header, ...rows])}`;
}

/** Some lines of a CSV (each ended by CRLF), for a file written a part at a time; the file starts with a BOM. */
export function csvLines(rows: readonly (readonly unknown[])[]): string {
  let out = "";
  for (const row of rows) out += `${row.map(csvCell).join(",")}\r\n`;
  return out;
}
