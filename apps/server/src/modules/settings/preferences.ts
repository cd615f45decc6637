import {
  DEFAULT_DISPLAY_PREFERENCES,
  NO_CONTACT_PRIVACY,
  type TCompanyRole,
  type TContactPrivacy,
  type TDisplayPreferences,
  type TPreferences,
  type TPreferencesInput,
} from "@leadpost/shared";
import { eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { companyPreferences } from "../../db/schema";
import type { TCompanyContext } from "../../plugins/tenant";

type TPrefDeps = Pick<TDeps, "database">;

const DEFAULTS: TPreferences = {
  ...DEFAULT_DISPLAY_PREFERENCES,
  hideCustomerName: false,
  hideCustomerPhone: false,
  hideCustomerAddress: false,
};

/** A company's preferences, the defaults until its first save; read by every screen, e-mail and export. */
export async function readCompanyPreferences(db: Db, companyId: string): Promise<TPreferences> {
  const [row] = await db.select().from(companyPreferences).where(eq(companyPreferences.companyId, companyId));
  if (!row) return DEFAULTS;
  const { companyId: _c, updatedAt: _u, ...prefs } = row;
  return prefs;
}

/** Only what formatting needs: any company user or buyer of the company may read it. */
export function displayPreferencesOf(prefs: TDisplayPreferences): TDisplayPreferences {
  return { country: prefs.country, currency: prefs.currency, timezone: prefs.timezone };
}

/**
 * PRODUCT "Preferences": the hide toggles apply to company members below org admin (owners and org
 * admins always see the whole lead).
 */
export function contactPrivacyFor(prefs: TPreferences, role: TCompanyRole): TContactPrivacy {
  if (role === "owner" || role === "org_admin") return NO_CONTACT_PRIVACY;
  return {
    hideName: prefs.hideCustomerName,
    hidePhone: prefs.hideCustomerPhone,
    hideAddress: prefs.hideCustomerAddress,
  };
}

export function getPreferences(deps: TPrefDeps, ctx: TCompanyContext): Promise<TPreferences> {
  return readCompanyPreferences(deps.database.db, ctx.companyId);
}

export async function savePreferences(deps: TPrefDeps, ctx: TCompanyContext, input: TPreferencesInput) {
  await deps.database.db
    .insert(companyPreferences)
    .values({ companyId: ctx.companyId, ...input })
    .onConflictDoUpdate({ target: companyPreferences.companyId, set: { ...input, updatedAt: new Date() } });
  return getPreferences(deps, ctx);
}
