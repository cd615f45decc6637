import { z } from "zod";
import { PREFERENCE_CURRENCIES, PREFERENCE_TIME_ZONES } from "../domain/preference-options";
import { PREFERENCE_COUNTRIES } from "../domain/preferences";
import { CREDIT_VALUE_MIN, MAPS_TEST_STATUSES } from "../domain/settings";

export * from "../domain/api-keys";
export * from "../domain/auth-events";
export * from "../domain/backups";
export * from "../domain/settings";
export * from "../domain/team";

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
/** A new secret; omitted or empty keeps the stored one. */
const secretInput = z.string().trim().max(500).optional();

export const ZCompanySettingsSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  creditValueUsd: z.number(),
  isSandboxMode: z.boolean(),
  emailDomain: z.string().nullable(),
  adminEmail: z.string().nullable(),
  senderEmail: z.string().nullable(),
  resendApiKeyLast4: z.string().nullable(),
  twilioAccountSid: z.string().nullable(),
  twilioAuthTokenLast4: z.string().nullable(),
  twilioWebhookBaseUrl: z.string().nullable(),
  /** 002 §4: the last check of the saved SID and token against Twilio, and when it ran. */
  twilioVerification: z.enum(["unknown", "verified", "failed"]),
  twilioCheckedAt: z.string().nullable(),
  /** Resend's webhook signing secret (whsec_…), as its last four. */
  resendWebhookSecretLast4: z.string().nullable(),
  googleMapsApiKeyLast4: z.string().nullable(),
  mapboxToken: z.string().nullable(),
  stripePublishableKey: z.string().nullable(),
  stripeTestPublishableKey: z.string().nullable(),
  stripeSecretKeyLast4: z.string().nullable(),
  stripeTestSecretKeyLast4: z.string().nullable(),
  paypalClientId: z.string().nullable(),
  paypalSecretLast4: z.string().nullable(),
  paypalSandboxClientId: z.string().nullable(),
  paypalSandboxSecretLast4: z.string().nullable(),
  /** Where Resend posts delivery events (signed with the company's signing secret). */
  emailWebhookUrl: z.string(),
  /** Where Twilio sends a call to one of the company's numbers ("A call comes in", POST). */
  callForwardingUrl: z.string(),
  /** Where Twilio reports a call's status changes ("Call status changes", POST). */
  statusCallbackUrl: z.string(),
});
export type TCompanySettings = z.infer<typeof ZCompanySettingsSchema>;

export const ZCompanySettingsUpdateSchema = z.object({
  name: z.string().trim().min(1, "Company name is required").max(200).optional(),
  creditValueUsd: z
    .number()
    .min(CREDIT_VALUE_MIN, "Credit value must be at least 0.01")
    .max(100000)
    .optional(),
  emailDomain: optionalText(253),
  adminEmail: z.email("Enter a valid administrator email").nullable().optional().or(z.literal("")),
  senderEmail: z.email("Enter a valid sender email").nullable().optional().or(z.literal("")),
  resendApiKey: secretInput,
  resendWebhookSecret: secretInput,
  twilioAccountSid: optionalText(64),
  twilioAuthToken: secretInput,
  twilioWebhookBaseUrl: z.url("Enter a valid webhook base URL").nullable().optional().or(z.literal("")),
  googleMapsApiKey: secretInput,
  mapboxToken: optionalText(500),
  stripePublishableKey: optionalText(300),
  stripeTestPublishableKey: optionalText(300),
  stripeSecretKey: secretInput,
  stripeTestSecretKey: secretInput,
  paypalClientId: optionalText(200),
  paypalSecret: secretInput,
  paypalSandboxClientId: optionalText(200),
  paypalSandboxSecret: secretInput,
});
export type TCompanySettingsUpdate = z.infer<typeof ZCompanySettingsUpdateSchema>;

export const ZSandboxModeSchema = z.object({ isSandboxMode: z.boolean() });

const ZPayPalCheckSchema = z.object({
  configured: z.boolean(),
  success: z.boolean(),
  error: z.object({ error_description: z.string() }).nullable(),
});
export const ZPayPalVerifySchema = z.object({ live: ZPayPalCheckSchema, sandbox: ZPayPalCheckSchema });
export type TPayPalVerify = z.infer<typeof ZPayPalVerifySchema>;

export const ZTwilioVerifyInputSchema = z.object({
  accountSid: z.string().trim().max(64).optional(),
  authToken: z.string().trim().max(200).optional(),
});
export const ZTwilioVerifySchema = z.object({
  valid: z.boolean(),
  message: z.string(),
  accountInfo: z.object({ friendlyName: z.string(), status: z.string() }).nullable(),
});
export type TTwilioVerify = z.infer<typeof ZTwilioVerifySchema>;

export const ZMapsTestInputSchema = z.object({ apiKey: z.string().trim().max(300).optional() });
export const ZMapsTestSchema = z.object({
  status: z.enum(MAPS_TEST_STATUSES),
  ok: z.boolean(),
  message: z.string(),
});
export type TMapsTest = z.infer<typeof ZMapsTestSchema>;

export const ZResendVerifyInputSchema = z.object({
  apiKey: z.string().trim().max(300).optional(),
  email: z.string().trim().max(320).optional(),
});
export const ZResendVerifySchema = z.object({ valid: z.boolean(), message: z.string() });
export type TResendVerify = z.infer<typeof ZResendVerifySchema>;

export const ZEmailDomainStatusSchema = z.object({
  verified: z.boolean(),
  message: z.string(),
  domain: z.string().nullable(),
  spf: z.boolean(),
  dkim: z.boolean(),
  dmarc: z.boolean(),
});
export type TEmailDomainStatus = z.infer<typeof ZEmailDomainStatusSchema>;

export const ZTestEmailInputSchema = z.object({ to: z.email("Enter a valid email address") });
export const ZTestEmailSchema = z.object({ sent: z.boolean(), message: z.string() });

/** 003 §2.8: one preferences record per company (a value stored before the lists were fixed reads back). */
export const ZPreferencesSchema = z.object({
  country: z.string(),
  currency: z.string(),
  timezone: z.string(),
  hideCustomerName: z.boolean(),
  hideCustomerPhone: z.boolean(),
  hideCustomerAddress: z.boolean(),
});
export type TPreferences = z.infer<typeof ZPreferencesSchema>;

const oneOf = <T extends readonly { value: string }[]>(list: T, message: string) =>
  z.enum(list.map((o) => o.value) as [T[number]["value"], ...T[number]["value"][]], { error: message });

/** Saving preferences: every value one of the spec's lists (003 §9). */
export const ZPreferencesInputSchema = z.object({
  country: oneOf(PREFERENCE_COUNTRIES, "Choose a country from the list"),
  currency: oneOf(PREFERENCE_CURRENCIES, "Choose a currency from the list"),
  timezone: oneOf(PREFERENCE_TIME_ZONES, "Choose a timezone from the list"),
  hideCustomerName: z.boolean(),
  hideCustomerPhone: z.boolean(),
  hideCustomerAddress: z.boolean(),
});
export type TPreferencesInput = z.infer<typeof ZPreferencesInputSchema>;

/** What any company user or buyer of the company reads to format money and dates (no toggles). */
export const ZDisplayPreferencesSchema = z.object({
  country: z.string(),
  currency: z.string(),
  timezone: z.string(),
});
