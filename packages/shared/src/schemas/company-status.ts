import { z } from "zod";

// The company's tier, trial and setup status (spec 001 §9), read by the trial banner on every company page.

export type TCompanySetupFacts = {
  name: string | null;
  adminEmail: string | null;
  senderEmail: string | null;
  hasResendKey: boolean;
  twilioAccountSid: string | null;
  hasTwilioToken: boolean;
  hasGoogleMapsKey: boolean;
};

/** 001 §9: setup is complete only when all of these are set; answers what is missing, in order. */
export function companySetupMissing(f: TCompanySetupFacts): string[] {
  const missing: string[] = [];
  if (!f.name?.trim()) missing.push("Company name");
  if (!f.adminEmail?.trim()) missing.push("Admin email");
  if (!f.senderEmail?.includes("@")) missing.push("Sender email");
  if (!f.hasResendKey) missing.push("Resend API key");
  if (!f.twilioAccountSid?.trim()) missing.push("Twilio Account SID");
  if (!f.hasTwilioToken) missing.push("Twilio auth token");
  if (!f.hasGoogleMapsKey) missing.push("Google Maps API key");
  return missing;
}

export const ZCompanyStatusSchema = z.object({
  companyId: z.string(),
  name: z.string(),
  subscriptionTier: z.enum(["free", "basic", "pro", "enterprise"]),
  trialExpiresAt: z.string().nullable(),
  isTrialExempt: z.boolean(),
  setupComplete: z.boolean(),
  setupMissing: z.array(z.string()),
});
export type TCompanyStatus = z.infer<typeof ZCompanyStatusSchema>;
