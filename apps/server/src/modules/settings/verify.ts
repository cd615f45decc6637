import {
  SETTINGS_MESSAGES as M,
  MAPS_KEY_MIN_LENGTH,
  MAPS_TEST_MESSAGES,
  MAPS_TEST_STATUSES,
  type TEmailDomainStatus,
  type TMapsTest,
  type TPayPalVerify,
  type TResendVerify,
  type TTwilioVerify,
} from "@leadpost/shared";
import { eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { companies } from "../../db/schema";
import { getResendDomain, listResendDomains, ResendApiError } from "../../integrations/email/resend-domains";
import { geocodeStatus } from "../../integrations/geocoding/google";
import { createPayPalClient, PayPalError } from "../../integrations/paypal/client";
import { AppError, notFound } from "../../lib/app-error";
import { html } from "../../lib/html";
import type { TCompanyContext } from "../../plugins/tenant";
import { emailLayout } from "../email";
import type { TSettingsDeps } from "./company-settings";
import { openSecrets } from "./secrets";
import { checkTwilioAccount, recordTwilioCheck } from "./twilio-check";

/**
 * What a check answers if the request's transaction does not commit: the routes ask each provider once
 * the request's transaction has committed (settings/routes.ts), so this is the answer of a check never made.
 */
const unchecked = { configured: false, success: false, error: { error_description: "Not checked" } };
export const NOT_CHECKED = {
  paypal: { live: unchecked, sandbox: unchecked } satisfies TPayPalVerify,
  twilio: { valid: false, message: M.TWILIO_VERIFY_FAILED, accountInfo: null } satisfies TTwilioVerify,
  maps: { status: "ERROR", ok: false, message: MAPS_TEST_MESSAGES.ERROR } satisfies TMapsTest,
  resend: { valid: false, message: "Resend could not be reached" } satisfies TResendVerify,
  domain: {
    domain: null,
    spf: false,
    dkim: false,
    dmarc: false,
    verified: false,
    message: "Resend could not be reached",
  } satisfies TEmailDomainStatus,
};

const company = async (deps: TSettingsDeps, companyId: string) => {
  const [c] = await deps.database.db.select().from(companies).where(eq(companies.id, companyId));
  if (!c) throw notFound("Company not found");
  return c;
};

/** verify-paypal-credentials: asks PayPal's OAuth token endpoint for a token with each saved app. */
export async function verifyPayPalCredentials(
  deps: TSettingsDeps,
  ctx: TCompanyContext,
): Promise<TPayPalVerify> {
  const c = await company(deps, ctx.companyId);
  const secrets = await openSecrets(deps, deps.database.db, ctx.companyId, [
    "paypal_secret_key",
    "paypal_sandbox_secret_key",
  ]);
  const check = async (clientId: string | null, secret: string | undefined, baseUrl: string) => {
    if (!clientId || !secret) {
      return {
        configured: false,
        success: false,
        error: { error_description: "Client ID and secret are not set" },
      };
    }
    try {
      // A fresh client per check: a cached token must not hide a secret that stopped working.
      await createPayPalClient({ baseUrl, clientId, secret: `${secret}` }).accessToken();
      return { configured: true, success: true, error: null };
    } catch (err) {
      const description =
        err instanceof PayPalError && err.status !== 0 ? err.message : "PayPal could not be reached";
      return { configured: true, success: false, error: { error_description: description } };
    }
  };
  return {
    live: await check(c.paypalClientId, secrets.paypal_secret_key, deps.config.paypal.liveBaseUrl),
    sandbox: await check(
      c.paypalSandboxClientId,
      secrets.paypal_sandbox_secret_key,
      deps.config.paypal.sandboxBaseUrl,
    ),
  };
}

/** verify-twilio-credentials: the typed pair, or the saved one when the form leaves the token blank. */
export async function verifyTwilioCredentials(
  deps: TSettingsDeps,
  ctx: TCompanyContext,
  input: { accountSid?: string; authToken?: string },
): Promise<TTwilioVerify> {
  const c = await company(deps, ctx.companyId);
  const accountSid = input.accountSid?.trim() || c.twilioAccountSid;
  const authToken =
    input.authToken?.trim() ||
    (await openSecrets(deps, deps.database.db, ctx.companyId, ["twilio_auth_token"])).twilio_auth_token;
  if (!accountSid || !authToken) throw new AppError("VALIDATION_FAILED", M.TWILIO_BOTH_REQUIRED);
  const saved =
    accountSid === c.twilioAccountSid &&
    (!input.authToken?.trim() ||
      input.authToken.trim() ===
        (await openSecrets(deps, deps.database.db, ctx.companyId, ["twilio_auth_token"])).twilio_auth_token);
  // Checking the saved pair also refreshes the stored verdict the Call Center's badge shows.
  if (saved)
    return (
      (await recordTwilioCheck(deps, ctx.companyId)) ?? checkTwilioAccount(deps, { accountSid, authToken })
    );
  return checkTwilioAccount(deps, { accountSid, authToken });
}

/** Test API Key: geocodes Los Angeles with the typed key (or the saved one). */
export async function testMapsKey(
  deps: TSettingsDeps,
  ctx: TCompanyContext,
  input: { apiKey?: string },
): Promise<TMapsTest> {
  const apiKey =
    input.apiKey?.trim() ||
    (await openSecrets(deps, deps.database.db, ctx.companyId, ["google_maps_api_key"])).google_maps_api_key;
  if (!apiKey || apiKey.length < MAPS_KEY_MIN_LENGTH) {
    throw new AppError("VALIDATION_FAILED", M.MAPS_KEY_INVALID);
  }
  const raw = await geocodeStatus({
    baseUrl: deps.config.googleMapsBaseUrl,
    apiKey,
    address: "Los Angeles, CA",
  });
  const status = (MAPS_TEST_STATUSES as readonly string[]).includes(raw)
    ? (raw as TMapsTest["status"])
    : "ERROR";
  return { status, ok: status === "OK", message: MAPS_TEST_MESSAGES[status] };
}

const resendKey = async (deps: TSettingsDeps, ctx: TCompanyContext, typed?: string) =>
  typed?.trim() ||
  (await openSecrets(deps, deps.database.db, ctx.companyId, ["resend_api_key"])).resend_api_key;

/** verify-resend-key: the key must be accepted by Resend's domains API; the sender e-mail is required. */
export async function verifyResendKey(
  deps: TSettingsDeps,
  ctx: TCompanyContext,
  input: { apiKey?: string; email?: string },
): Promise<TResendVerify> {
  const c = await company(deps, ctx.companyId);
  const apiKey = await resendKey(deps, ctx, input.apiKey);
  const sender = input.email?.trim() || c.senderEmail;
  if (!apiKey || !sender) throw new AppError("VALIDATION_FAILED", M.RESEND_BOTH_REQUIRED);
  try {
    await listResendDomains(deps.config.mail.resendBaseUrl, apiKey);
    return { valid: true, message: "API key is valid" };
  } catch (err) {
    const invalid = err instanceof ResendApiError && (err.status === 401 || err.status === 403);
    return { valid: false, message: invalid ? "API key is invalid" : "Resend could not be reached" };
  }
}

/** email-status: the company's domain at Resend with its SPF, DKIM and DMARC records. */
export async function emailDomainStatus(
  deps: TSettingsDeps,
  ctx: TCompanyContext,
): Promise<TEmailDomainStatus> {
  const c = await company(deps, ctx.companyId);
  const domain = c.emailDomain;
  const none = { domain, spf: false, dkim: false, dmarc: false, verified: false };
  const apiKey = await resendKey(deps, ctx);
  if (!domain || !apiKey) return { ...none, message: "Set the email domain and the Resend API key first" };
  try {
    const found = (await listResendDomains(deps.config.mail.resendBaseUrl, apiKey)).find(
      (d) => d.name.toLowerCase() === domain.toLowerCase(),
    );
    if (!found) return { ...none, message: `${domain} is not added to your Resend account` };
    const detail = await getResendDomain(deps.config.mail.resendBaseUrl, apiKey, found.id);
    const ok = (test: (r: { record: string; name: string; type: string }) => boolean) =>
      detail.records.some((r) => test(r) && r.status === "verified");
    const spf = ok((r) => r.record === "SPF");
    const dkim = ok((r) => r.record === "DKIM");
    const dmarc = ok((r) => r.record === "DMARC" || r.name.startsWith("_dmarc"));
    const verified = detail.status === "verified";
    return {
      domain,
      spf,
      dkim,
      dmarc,
      verified,
      message: verified ? M.DOMAIN_VERIFIED : M.DOMAIN_NOT_VERIFIED,
    };
  } catch (err) {
    const invalid = err instanceof ResendApiError && (err.status === 401 || err.status === 403);
    return { ...none, message: invalid ? "API key is invalid" : "Resend could not be reached" };
  }
}

/**
 * Send Test Email, first half (in the request): stores the message through the same path the company's
 * real mail takes (its Resend key when set). It is queued once the request commits; deliverTestEmail
 * then delivers it while the person pressing the button waits.
 */
export async function queueTestEmail(
  deps: TSettingsDeps & Pick<TDeps, "email">,
  ctx: TCompanyContext,
  to: string,
) {
  const c = await company(deps, ctx.companyId);
  return deps.email.send({
    companyId: ctx.companyId,
    to,
    kind: "settings_test",
    ...testEmail(c.name),
  });
}

/** The test message: the company's name is the company's own text, so it is escaped like any other. */
export function testEmail(companyName: string) {
  return {
    subject: `Test email from ${companyName}`,
    html: emailLayout(
      `Test email from ${companyName}`,
      html`<p>This is a test email from ${companyName}. Your email settings work.</p>`,
    ),
    text: `This is a test email from ${companyName}. Your email settings work.`,
  };
}

/**
 * Send Test Email, second half (after the request's commit, never inside its transaction): delivers
 * the stored message now (the worker that would otherwise send it finds it sent) and says how it went.
 */
export async function deliverTestEmail(
  deps: Pick<TDeps, "email">,
  messageId: string,
  to: string,
): Promise<{ sent: boolean; message: string }> {
  const message = await deps.email.deliver(messageId);
  const sent = message?.status === "sent";
  return { sent, message: sent ? `Test email sent to ${to}` : "The test email could not be sent" };
}

/** What Send Test Email answers if its delivery never got to run (the request did not commit). */
export const testEmailQueued = (to: string) => ({ sent: false, message: `Test email queued for ${to}` });
