import { z } from "zod";
import { isValidEmail, normalizeEmail } from "../domain/email";

export const ZInviteBuyerSchema = z.object({
  email: z
    .string()
    .trim()
    .refine((v) => isValidEmail(v), { message: "Please enter a valid email address" })
    .transform(normalizeEmail),
  nicheId: z.uuid({ message: "Please select a niche" }),
  /** Set when resending to an existing buyer. */
  buyerId: z.uuid().optional(),
});
export type TInviteBuyer = z.infer<typeof ZInviteBuyerSchema>;

export const ZInviteBuyerResultSchema = z.object({
  success: z.literal(true),
  buyerId: z.string(),
  email: z.string(),
});

/** What an invitation link shows before sign-up: no ids, nothing beyond what the e-mail said. */
export const ZInvitationDetailsSchema = z.object({
  email: z.string(),
  contactName: z.string().nullable(),
  company: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  status: z.enum(["pending", "completed"]),
  hasAccount: z.boolean(),
});
export type TInvitationDetails = z.infer<typeof ZInvitationDetailsSchema>;

export const ZAcceptInvitationSchema = z
  .object({
    password: z.string().min(8, "Password must be at least 8 characters").max(128),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

// Texts of their own file (no zod), for the pages that show them without loading the rules.
export { INVITATION_MESSAGES } from "../domain/invitation-messages";
