import { z } from "zod";

// Spec 000 §5.2, company login.
export const LOGIN_EMAIL_MESSAGE = "Please enter a valid email address";
export const LOGIN_PASSWORD_MESSAGE = "Password must be at least 8 characters";
export const LOGIN_PASSWORD_MIN = 8;

export const ZLoginSchema = z.object({
  email: z
    .string()
    .trim()
    .pipe(z.email({ error: LOGIN_EMAIL_MESSAGE })),
  password: z.string().min(LOGIN_PASSWORD_MIN, { error: LOGIN_PASSWORD_MESSAGE }),
});

export type TLoginInput = z.input<typeof ZLoginSchema>;
export type TLoginValues = z.output<typeof ZLoginSchema>;
