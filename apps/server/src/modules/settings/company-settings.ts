import type { TCompanySettings, TCompanySettingsUpdate } from "@leadpost/shared";
import { eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { companies, type TCompanySecretName } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import type { TCompanyContext } from "../../plugins/tenant";
import { notify } from "../realtime";
import { secretLast4s, storeSecret } from "./secrets";

export type TSettingsDeps = Pick<TDeps, "database" | "secretBox" | "config">;

export const emailWebhookUrl = (publicUrl: string, companyId: string) =>
  `${publicUrl}/api/webhooks/resend/${companyId}`;
export const callForwardingUrl = (base: string, companyId: string) =>
  `${base.replace(/\/$/, "")}/api/webhooks/twilio/voice/${companyId}`;

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
    callForwardingUrl: callForwardingUrl(c.twilioWebhookBaseUrl || deps.config.publicUrl, c.id),
  };
}

const SECRET_FIELDS: [keyof TCompanySettingsUpdate, TCompanySecretName][] = [
  ["resendApiKey", "resend_api_key"],
  ["twilioAuthToken", "twilio_auth_token"],
  ["googleMapsApiKey", "google_maps_api_key"],
  ["stripeSecretKey", "stripe_secret_key"],
  ["stripeTestSecretKey", "stripe_test_secret_key"],
  ["paypalSecret", "paypal_secret_key"],
  ["paypalSandboxSecret", "paypal_sandbox_secret_key"],
];

/** "" and null both clear an optional text setting; undefined leaves it as it is. */
const text = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim() : null);

/** Save Settings: the given fields only, secrets sealed, in one transaction. */
export async function updateCompanySettings(
  deps: TSettingsDeps,
  ctx: TCompanyContext,
  input: TCompanySettingsUpdate,
): Promise<TCompanySettings> {
  await deps.database.db.transaction(async (tx) => {
    const db: Db = tx;
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
  return getCompanySettings(deps, ctx);
}

/** 002 §4: the sandbox/live switch of the signed-in company. */
export async function setSandboxMode(deps: TSettingsDeps, ctx: TCompanyContext, isSandboxMode: boolean) {
  await deps.database.db.transaction(async (tx) => {
    await tx.update(companies).set({ isSandboxMode }).where(eq(companies.id, ctx.companyId));
    await notify(tx, "company_updated", { companyId: ctx.companyId });
  });
  return getCompanySettings(deps, ctx);
}
