import { SETTINGS_MESSAGES, type TCompanySettings, type TCompanySettingsUpdate } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { companies, companySecrets, type TCompanySecretName } from "../../db/schema";
import { AppError, notFound } from "../../lib/app-error";
import type { TCompanyContext } from "../../plugins/tenant";
import { twilioWebhookUrls } from "../calls";
import { notify } from "../realtime";
import { secretLast4s, storeSecret } from "./secrets";
import { recordTwilioCheck } from "./twilio-check";

export type TSettingsDeps = Pick<TDeps, "database" | "secretBox" | "config">;

/** The Resend webhook receiver of the company (modules/email). */
export const emailWebhookUrl = (publicUrl: string, companyId: string) =>
  `${publicUrl.replace(/\/$/, "")}/api/webhooks/resend/${companyId}`;

/** The company's settings as the Settings screen shows them: every secret as its last four only. */
export async function getCompanySettings(
  deps: TSettingsDeps,
  ctx: TCompanyContext,
): Promise<TCompanySettings> {
  const db = deps.database.db;
  const [c] = await db.select().from(companies).where(eq(companies.id, ctx.companyId));
  if (!c) throw notFound("Company not found");
  const last4 = await secretLast4s(db, ctx.companyId);
  const l4 = (name: TCompanySecretName) => last4.get(name) ?? null;
  const twilio = twilioWebhookUrls(c.twilioWebhookBaseUrl || deps.config.publicUrl, c.id);
  return {
    id: c.id,
    name: c.name,
    logoUrl: c.logoUrl,
    creditValueUsd: c.creditValueUsd,
    isSandboxMode: c.isSandboxMode,
    emailDomain: c.emailDomain,
    adminEmail: c.adminEmail,
    senderEmail: c.senderEmail,
    resendApiKeyLast4: l4("resend_api_key"),
    twilioAccountSid: c.twilioAccountSid,
    twilioAuthTokenLast4: l4("twilio_auth_token"),
    twilioWebhookBaseUrl: c.twilioWebhookBaseUrl,
    twilioVerification: c.twilioVerification,
    twilioCheckedAt: c.twilioCheckedAt?.toISOString() ?? null,
    resendWebhookSecretLast4: l4("resend_webhook_secret"),
    googleMapsApiKeyLast4: l4("google_maps_api_key"),
    mapboxToken: c.mapboxToken,
    stripePublishableKey: c.stripePublishableKey,
    stripeTestPublishableKey: c.stripeTestPublishableKey,
    stripeSecretKeyLast4: l4("stripe_secret_key"),
    stripeTestSecretKeyLast4: l4("stripe_test_secret_key"),
    paypalClientId: c.paypalClientId,
    paypalSecretLast4: l4("paypal_secret_key"),
    paypalSandboxClientId: c.paypalSandboxClientId,
    paypalSandboxSecretLast4: l4("paypal_sandbox_secret_key"),
    emailWebhookUrl: emailWebhookUrl(deps.config.publicUrl, c.id),
    callForwardingUrl: twilio.voiceUrl,
    statusCallbackUrl: twilio.statusCallbackUrl,
  };
}

const SECRET_FIELDS: [keyof TCompanySettingsUpdate, TCompanySecretName][] = [
  ["resendApiKey", "resend_api_key"],
  ["resendWebhookSecret", "resend_webhook_secret"],
  ["twilioAuthToken", "twilio_auth_token"],
  ["googleMapsApiKey", "google_maps_api_key"],
  ["stripeSecretKey", "stripe_secret_key"],
  ["stripeTestSecretKey", "stripe_test_secret_key"],
  ["paypalSecret", "paypal_secret_key"],
  ["paypalSandboxSecret", "paypal_sandbox_secret_key"],
];

/** "" and null both clear an optional text setting; undefined leaves it as it is. */
const text = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim() : null);

/**
 * Save Settings: the given fields only, secrets sealed, in one transaction. Twilio needs both its SID
 * and its token (002 §5); a change to either is checked against Twilio once saved (twilio-check.ts).
 */
export async function updateCompanySettings(
  deps: TSettingsDeps,
  ctx: TCompanyContext,
  input: TCompanySettingsUpdate,
): Promise<TCompanySettings> {
  const twilioTouched = input.twilioAccountSid !== undefined || Boolean(input.twilioAuthToken?.trim());
  await deps.database.db.transaction(async (tx) => {
    const db: Db = tx;
    if (twilioTouched) await assertTwilioPair(db, ctx.companyId, input);
    const set = {
      name: input.name,
      creditValueUsd: input.creditValueUsd,
      emailDomain: text(input.emailDomain)?.toLowerCase() ?? text(input.emailDomain),
      adminEmail: text(input.adminEmail),
      senderEmail: text(input.senderEmail),
      twilioAccountSid: text(input.twilioAccountSid),
      twilioWebhookBaseUrl:
        text(input.twilioWebhookBaseUrl)?.replace(/\/$/, "") ?? text(input.twilioWebhookBaseUrl),
      mapboxToken: text(input.mapboxToken),
      stripePublishableKey: text(input.stripePublishableKey),
      stripeTestPublishableKey: text(input.stripeTestPublishableKey),
      paypalClientId: text(input.paypalClientId),
      paypalSandboxClientId: text(input.paypalSandboxClientId),
    };
    const changes = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
    if (Object.keys(changes).length > 0) {
      await db.update(companies).set(changes).where(eq(companies.id, ctx.companyId));
    }
    for (const [field, name] of SECRET_FIELDS) {
      const value = input[field];
      if (typeof value === "string" && value.trim())
        await storeSecret(deps, db, ctx.companyId, name, value.trim());
    }
    await notify(db, "company_updated", { companyId: ctx.companyId });
  });
  // After the commit: the check waits for Twilio, and stores its verdict with its time.
  if (twilioTouched) await recordTwilioCheck(deps, ctx.companyId);
  return getCompanySettings(deps, ctx);
}

/** A SID without a token (typed now or saved before), or a token without a SID, is refused. */
async function assertTwilioPair(db: Db, companyId: string, input: TCompanySettingsUpdate) {
  const [saved] = await db
    .select({ sid: companies.twilioAccountSid, token: companySecrets.last4 })
    .from(companies)
    .leftJoin(
      companySecrets,
      and(eq(companySecrets.companyId, companies.id), eq(companySecrets.name, "twilio_auth_token")),
    )
    .where(eq(companies.id, companyId));
  const sid = input.twilioAccountSid === undefined ? saved?.sid : text(input.twilioAccountSid);
  const hasToken = Boolean(input.twilioAuthToken?.trim() || saved?.token);
  if (sid && !hasToken) {
    throw new AppError("VALIDATION_FAILED", SETTINGS_MESSAGES.TWILIO_BOTH_REQUIRED, {
      twilioAuthToken: [SETTINGS_MESSAGES.TWILIO_BOTH_REQUIRED],
    });
  }
  if (!sid && input.twilioAuthToken?.trim()) {
    throw new AppError("VALIDATION_FAILED", SETTINGS_MESSAGES.TWILIO_BOTH_REQUIRED, {
      twilioAccountSid: [SETTINGS_MESSAGES.TWILIO_BOTH_REQUIRED],
    });
  }
}

/** 002 §4: the sandbox/live switch of the signed-in company. */
export async function setSandboxMode(deps: TSettingsDeps, ctx: TCompanyContext, isSandboxMode: boolean) {
  await deps.database.db.transaction(async (tx) => {
    await tx.update(companies).set({ isSandboxMode }).where(eq(companies.id, ctx.companyId));
    await notify(tx, "company_updated", { companyId: ctx.companyId });
  });
  return getCompanySettings(deps, ctx);
}
