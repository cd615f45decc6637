import { z } from "zod";
import { phoneProblem, type TPhoneProblemMessages, toE164 } from "../domain/phone";

// The zod side of domain/phone.ts: a phone number written any common way is parsed to its E.164
// form ("+17205550100"), so the database holds one spelling of each number; what cannot be a
// phone number is refused in the field's own words.

export type TPhoneFieldMessages = TPhoneProblemMessages & {
  /** Nothing entered. */
  required: string;
};

/** A required phone number, answered as E.164. */
export function e164PhoneField(m: TPhoneFieldMessages) {
  return z
    .string({ message: m.required })
    .trim()
    .min(1, m.required)
    .max(40, m.invalid)
    .transform((value, ctx) => {
      const problem = phoneProblem(value, m);
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return toE164(value) as string;
    });
}

/** An optional phone number: empty or null is null, anything else must be a phone number (E.164). */
export function optionalE164PhoneField(m: TPhoneProblemMessages) {
  return z
    .string()
    .trim()
    .max(40, m.invalid)
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (!value) return null;
      const problem = phoneProblem(value, m);
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return toE164(value) as string;
    });
}
