// TwiML is plain XML: a few builders with escaping are all the product needs.

const escapeXml = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

type TAttrs = Record<string, string | number | boolean | null | undefined>;

/** One TwiML verb with attributes and either text or nested verbs. */
export function verb(name: string, attrs: TAttrs = {}, body: string | string[] = ""): string {
  const attrText = Object.entries(attrs)
    .filter(([, v]) => v !== null && v !== undefined && v !== false)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join("");
  const inner = Array.isArray(body) ? body.join("") : escapeXml(body);
  return inner ? `<${name}${attrText}>${inner}</${name}>` : `<${name}${attrText}/>`;
}

export const twimlResponse = (...verbs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${verbs.join("")}</Response>`;

export const say = (text: string, voice?: string | null) => verb("Say", { voice: voice ?? undefined }, text);
export const play = (url: string) => verb("Play", {}, url);
export const reject = () => verb("Reject");
export const hangup = () => verb("Hangup");
export const dialNumbers = (attrs: TAttrs, numbers: string[]) =>
  verb(
    "Dial",
    attrs,
    numbers.map((n) => verb("Number", {}, n)),
  );
export const record = (attrs: TAttrs) => verb("Record", attrs);
