/**
 * Cells a spreadsheet would run as a formula (= + - @, tab, carriage return) get a leading quote
 * (OWASP "CSV injection"): a lead's answers are typed by anonymous visitors.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(cellText).join("; ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function encodeCell(value: unknown): string {
  // Only text can be a formula; a negative number (a longitude) stays a number.
  const text = typeof value === "number" ? String(value) : neutraliseCell(cellText(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 CSV with CRLF line ends and a byte-order mark, so spreadsheets read it as UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(encodeCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
