const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Makes any text safe inside HTML text or a quoted attribute. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);

/** HTML that is already safe: made by `html` (its values escaped) or marked by `trustedHtml`. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

type THtmlValue = SafeHtml | string | number | null | undefined | false | readonly THtmlValue[];

function render(value: THtmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/**
 * The one template for HTML the server writes (every e-mail, the development mailbox): each value is
 * escaped unless it is SafeHtml, so a company's or a person's text (`<a href=evil>`, `"><script>`) can
 * only ever show as text. Nest templates freely: html`<p>${html`<b>${name}</b>`}</p>`.
 */
export function html(strings: TemplateStringsArray, ...values: THtmlValue[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new SafeHtml(out);
}

/** Marks markup the server itself wrote (never text from a request or the database) as safe. */
export const trustedHtml = (markup: string) => new SafeHtml(markup);
