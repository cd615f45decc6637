import { isValidEmail, normalizeEmail, RESET_MESSAGES } from "@leadpost/shared";
import { z } from "zod";
import { EMAIL_EXAMPLE } from "./form-values";

// Field rules and messages of spec 000 §5.2 for the pages beyond login and registration, loaded on a
// form's first check (./form-checks).

export const ZForgotPasswordSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Email address is required")
    .refine(isValidEmail, `Please enter a valid email address (example: ${EMAIL_EXAMPLE})`)
    .transform(normalizeEmail),
});

const resetPassword = z
  .string()
  .min(6, RESET_MESSAGES.PASSWORD_MIN)
  .refine((v) => v === v.trim(), RESET_MESSAGES.NO_SPACES);

export const ZResetPasswordSchema = z
  .object({ password: resetPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: RESET_MESSAGES.PASSWORDS_DIFFER,
    path: ["confirmPassword"],
  });

export const ZCodeResetSchema = z
  .object({
    code: z.string().trim().min(1, RESET_MESSAGES.CODE_REQUIRED),
    password: resetPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: RESET_MESSAGES.PASSWORDS_DIFFER,
    path: ["confirmPassword"],
  });

export const ZCreatePasswordSchema = z
  .object({
    password: z.string().min(8, "Password must be at least 8 characters long").max(128),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

/** Standalone buyer login: both required, password 6+, e-mail trimmed and lower-cased. */
export const ZBuyerLoginSchema = z.object({
  email: z.string().trim().min(1, "Email is required").transform(normalizeEmail),
  password: z.string().min(1, "Password is required").min(6, "Password must be at least 6 characters"),
});
