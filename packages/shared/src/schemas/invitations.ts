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

export const INVITATION_MESSAGES = {
  INVALID: "Invalid or expired invitation",
  USED: "This invitation has already been used",
  BAD_LINK: "Invalid invitation link",
  NO_BUYER: "Could not find buyer information",
  DUPLICATE: "A buyer with this email already exists for this niche.",
  BASIC_LIMIT: "Basic tier companies are limited to 1 buyer. Please upgrade your subscription.",
} as const;
