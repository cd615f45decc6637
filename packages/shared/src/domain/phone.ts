// Every phone number the product stores or dials goes through here: E.164 in the database, the
// user's own format on screen. libphonenumber-js's small metadata keeps the web bundle light.
import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/** The country assumed for a number written without "+": the product's home market. */
export const DEFAULT_PHONE_COUNTRY = "US";

/**
 * The E.164 form ("+17205550100") of a number written any common way ("720-555-0100",
 * "(720) 555-0100", "+1 720 555 0100", "1 720 555 0100"), or null when it cannot be a phone number.
 * "Possible" (the right length for its country) rather than "valid": test and fictional ranges such
 * as +1 555 … must still be accepted, and Twilio refuses what it cannot dial anyway.
 */
export function toE164(value: string, country: string = DEFAULT_PHONE_COUNTRY): string | null {
  const text = value.trim();
  if (!text || !/\d/.test(text) || /[a-wyz]/i.test(text.replace(/\s*(?:x|ext\.?)\s*\d+$/i, ""))) return null;
  const parsed = parsePhoneNumberFromString(text, country as "US");
  if (!parsed?.isPossible()) return null;
  return parsed.number;
}

/** True when the text is a phone number (see toE164). */
export function isPhoneNumber(value: string, country: string = DEFAULT_PHONE_COUNTRY): boolean {
  return toE164(value, country) !== null;
}

/**
 * How a stored number is shown: national format for numbers of the home country
 * ("(720) 555-0100"), international for the rest ("+44 20 7183 8750"); unparseable text as it is.
 */
export function formatPhone(value: string, country: string = DEFAULT_PHONE_COUNTRY): string {
  const parsed = parsePhoneNumberFromString(value, country as "US");
  if (!parsed) return value;
  // A number of the home calling code that names no region (fictional +1 555 … ranges) reads nationally too.
  const home =
    parsed.country === country || (!parsed.country && parsed.countryCallingCode === "1" && country === "US");
  return home ? parsed.formatNational() : parsed.formatInternational();
}

export type TPhoneProblemMessages = {
  /** Digits, but fewer than 10. */
  tooShort: string;
  /** Letters, or digits that make no phone number. */
  invalid: string;
};

/** Why the text is not a phone number, in the field's own words; null when it is one. */
export function phoneProblem(value: string, m: TPhoneProblemMessages): string | null {
  if (toE164(value)) return null;
  const digits = value.replace(/\D/g, "").length;
  return digits > 0 && digits < 10 && !/[a-z]/i.test(value) ? m.tooShort : m.invalid;
}
