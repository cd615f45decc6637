/**
 * Characters XML 1.0 cannot carry (C0 controls but tab, line feed and carriage return; DEL and C1
 * controls, which a speech engine would not say anyway; U+FFFE/U+FFFF; lone surrogates). A greeting or
 * message holding one would make the TwiML around it not well-formed. A surrogate pair is matched first
 * so that it is kept whole (no lookbehind: older Safari has none).
 */
const UNSPEAKABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes
  /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF\uD800-\uDFFF]/g;

/** Text to be spoken to a caller (greeting, recording message) without the characters above. */
export const stripControlCharacters = (text: string): string =>
  text.replace(UNSPEAKABLE, (match) => (match.length === 2 ? match : ""));
