import { z } from "zod";
import { isValidEmail, normalizeEmail } from "../domain/email";

// Field rules and messages of spec 000 §5.2, shared by the web forms and the server.
const email = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => isValidEmail(v), { message })
    .transform(normalizeEmail);

export const ZCompanyRegistrationSchema = z
  .object({
    companyName: z.string().trim().min(1, "Company name is required").max(200),
    contactName: z.string().trim().min(1, "Contact name is required").max(200),
    phone: z.string().trim().min(10, "Please enter a valid phone number").max(30),
    email: email("Invalid email address"),
    password: z.string().min(8, "Password must be at least 8 characters").max(128),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type TCompanyRegistration = z.infer<typeof ZCompanyRegistrationSchema>;

/**
 * The same for a new and an already registered address (whose owner is e-mailed instead), so the answer
 * tells nobody whether an address has an account.
 */
export const ZCompanyRegistrationResultSchema = z.object({
  email: z.string(),
  verificationSent: z.boolean(),
});
export type TCompanyRegistrationResult = z.infer<typeof ZCompanyRegistrationResultSchema>;

export const ZLoginSchema = z.object({
  email: email("Please enter a valid email address"),
  password: z.string().min(8, "Password must be at least 8 characters"),
});

// Texts of their own file (no zod), for the pages that show them without loading the rules.
export { AUTH_ERROR_MESSAGES, RESET_MESSAGES } from "../domain/auth-messages";
