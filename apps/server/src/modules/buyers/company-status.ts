import { companySetupMissing, type TBuyersMap, type TCompanyStatus } from "@leadpost/shared";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { buyers, companies, companySecrets } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import type { TCompanyContext } from "../../plugins/tenant";

type TStatusDeps = Pick<TDeps, "database">;

/** What the trial banner and the setup notice need; secrets are reported only as present or not. */
export async function getCompanyStatus(deps: TStatusDeps, ctx: TCompanyContext): Promise<TCompanyStatus> {
  const db = deps.database.db;
  const [[company], secretRows] = await Promise.all([
    db.select().from(companies).where(eq(companies.id, ctx.companyId)),
    db
      .select({ name: companySecrets.name })
      .from(companySecrets)
      .where(eq(companySecrets.companyId, ctx.companyId)),
  ]);
  if (!company) throw notFound("No company associated with your account");
  const secrets = new Set(secretRows.map((r) => r.name));
  const setupMissing = companySetupMissing({
    name: company.name,
    adminEmail: company.adminEmail,
    senderEmail: company.senderEmail,
    hasResendKey: secrets.has("resend_api_key"),
    twilioAccountSid: company.twilioAccountSid,
    hasTwilioToken: secrets.has("twilio_auth_token"),
    hasGoogleMapsKey: secrets.has("google_maps_api_key"),
  });
  return {
    companyId: company.id,
    name: company.name,
    subscriptionTier: company.subscriptionTier,
    trialExpiresAt: company.trialExpiresAt?.toISOString() ?? null,
    isTrialExempt: company.isTrialExempt,
    setupComplete: setupMissing.length === 0,
    setupMissing,
  };
}

/** The active buyers' zip locations and radii for the dashboard map, with the company's map token. */
export async function getBuyersMap(deps: TStatusDeps, ctx: TCompanyContext): Promise<TBuyersMap> {
  const db = deps.database.db;
  const [[company], rows] = await Promise.all([
    db.select({ mapToken: companies.mapboxToken }).from(companies).where(eq(companies.id, ctx.companyId)),
    db
      .select({
        id: buyers.id,
        companyName: buyers.companyName,
        contactName: buyers.contactName,
        zipCode: buyers.zipCode,
        latitude: buyers.latitude,
        longitude: buyers.longitude,
        serviceRadius: buyers.serviceRadius,
      })
      .from(buyers)
      .where(and(eq(buyers.companyId, ctx.companyId), eq(buyers.status, "active"), isNull(buyers.deletedAt)))
      .orderBy(desc(buyers.createdAt))
      .limit(5000),
  ]);
  return {
    mapToken: company?.mapToken?.trim() || null,
    buyers: rows.map(({ companyName, contactName, ...r }) => ({ ...r, name: companyName || contactName })),
  };
}
