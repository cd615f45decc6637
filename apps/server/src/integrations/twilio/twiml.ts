import { stripControlCharacters } from "@leadpost/shared";
// The official package's VoiceResponse module alone, not its index (which loads the REST client too).
import VoiceResponseClass from "twilio/lib/twiml/VoiceResponse.js";

// TwiML answers are built with the official library's VoiceResponse (it escapes text and attributes).

export const VoiceResponse = VoiceResponseClass;
export type TVoiceResponse = InstanceType<typeof VoiceResponse>;

/**
 * Words for <Say>: the library refuses characters XML cannot carry (it throws), so greetings and
 * messages saved before they were cleaned on save are cleaned here too.
 */
export const spoken = (text: string) => stripControlCharacters(text);

/** A VoiceResponse with one verb added by `build`, as text. */
export function voiceResponse(build: (r: TVoiceResponse) => void): string {
  const response = new VoiceResponse();
  build(response);
  return response.toString();
}

// XML 1.0 Char production: tab, LF, CR, U+0020–U+D7FF (pairs above), U+E000–U+FFFD.
const XML_CHARS = /^(?:[\t\n\r\u0020-\uD7FF\uE000-\uFFFD]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
const NAME = "[A-Za-z_:][A-Za-z0-9_:.-]*";
const REFERENCE = /&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)/;
const DECLARATION = /^<\?xml\s+version="1\.[0-9]"(?:\s+encoding="[A-Za-z][A-Za-z0-9._-]*")?\s*\?>/;
const TAG = new RegExp(`^<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`);

/**
 * Whether a TwiML document is well-formed XML (what Twilio parses before anything else): legal
 * characters only, an optional declaration, one root element, balanced tags, quoted attributes and
 * known entity references. The Test Call Center reports a failure when it is not.
 */
export function isWellFormedXml(xml: string): boolean {
  if (!XML_CHARS.test(xml)) return false;
  let rest = xml.replace(DECLARATION, "");
  const open: string[] = [];
  let roots = 0;
  while (rest.length > 0) {
    const lt = rest.indexOf("<");
    const text = lt === -1 ? rest : rest.slice(0, lt);
    if (REFERENCE.test(text) || text.includes(">") || (open.length === 0 && text.trim() !== "")) return false;
    if (lt === -1) break;
    rest = rest.slice(lt);
    const tag = TAG.exec(rest);
    if (!tag) return false;
    const [whole, closing, name, attrs, selfClosing] = tag;
    if (REFERENCE.test(attrs ?? "")) return false;
    if (closing) {
      if (attrs || selfClosing || open.pop() !== name) return false;
    } else {
      if (open.length === 0 && ++roots > 1) return false;
      if (!selfClosing) open.push(name ?? "");
    }
    rest = rest.slice(whole.length);
  }
  return roots === 1 && open.length === 0;
}
