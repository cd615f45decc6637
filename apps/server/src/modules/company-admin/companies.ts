import {
  ADMIN_COMPANY_MESSAGES,
  type TAdminCompany,
  type TAdminCompanyResult,
  type TSetTierByHand,
} from "@leadpost/shared";
import { eq, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { companies, forms, type TPlatformAuditAction } from "../../db/schema";
import { conflict, notFound } from "../../lib/app-error";
import { forgetPublicForm } from "../lead-distribution";
import { COMPANY_USAGE, recordPlatformAudit, type TPlatformAdminContext } from "../platform-admin";
import { billedBy, PaidThroughPayPalError, setTierByHand } from "../subscriptions";

type TCompanyDeps = Pick<TDeps, "database">;
const DAY_MS = 24 * 60 * 60 * 1000;
const TIER_NAMES = { free: "Free", basic: "Basic", pro: "Pro", enterprise: "Enterprise" } as const;

/** A company as the platform admin's company page shows it. */
export async function getAdminCompany(db: Db, companyId: string): Promise<TAdminCompany> {
  const [row] = await db
    .select({
      companyId: companies.id,
      name: companies.name,
      adminEmail: companies.adminEmail,
      tier: companies.subscriptionTier,
      subscriptionStatus: companies.subscriptionStatus,
      subscriptionId: companies.subscriptionId,
      seats: companies.seats,
      seatsUsed: COMPANY_USAGE.seatsUsed,
      trialExpiresAt: companies.trialExpiresAt,
      isTrialExempt: companies.isTrialExempt,
      suspendedAt: companies.suspendedAt,
      suspendedReason: companies.suspendedReason,
      buyers: COMPANY_USAGE.buyerCount,
      leads: COMPANY_USAGE.leadCount,
      lastActivityAt: COMPANY_USAGE.lastActivityAt,
      createdAt: companies.createdAt,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw notFound("Company not found");
  const { subscriptionId, ...rest } = row;
  return { ...COMPANY_USAGE.usageOut(rest), billedBy: billedBy(subscriptionId) };
}

/**
 * One audited change: the company row locked, the change and its audit entry in one transaction, the
 * company read back after it. The entry names the company (as target) and says what changed, in words.
 */
async function auditedChange(
  deps: TCompanyDeps,
  admin: TPlatformAdminContext,
  companyId: string,
  action: TPlatformAuditAction,
  change: (tx: Db, company: typeof companies.$inferSelect) => Promise<string>,
  message: string,
): Promise<TAdminCompanyResult> {
  const db = deps.database.db;
  await db.transaction(async (tx) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for("update");
    if (!company) throw notFound("Company not found");
    const detail = await change(tx, company);
    await recordPlatformAudit(tx, {
      action,
      adminUserId: admin.userId,
      adminEmail: admin.email,
      targetUserId: company.id,
      targetEmail: company.adminEmail,
      detail: `${company.name}: ${detail}`,
    });
  });
  return { message, company: await getAdminCompany(db, companyId) };
}

/** The trial runs N more days from its end, or from now when it has ended already. */
export function extendTrial(
  deps: TCompanyDeps,
  admin: TPlatformAdminContext,
  companyId: string,
  days: number,
) {
  return auditedChange(
    deps,
    admin,
    companyId,
    "company_trial_extended",
    async (tx, company) => {
      const from = Math.max(Date.now(), company.trialExpiresAt?.getTime() ?? 0);
      const until = new Date(from + days * DAY_MS);
      await tx.update(companies).set({ trialExpiresAt: until }).where(eq(companies.id, company.id));
      return `trial extended by ${days} day${days === 1 ? "" : "s"} to ${until.toISOString().slice(0, 10)}`;
    },
    ADMIN_COMPANY_MESSAGES.TRIAL_EXTENDED,
  );
}

export function setTrialExempt(
  deps: TCompanyDeps,
  admin: TPlatformAdminContext,
  companyId: string,
  exempt: boolean,
) {
  return auditedChange(
    deps,
    admin,
    companyId,
    "company_trial_exempt_changed",
    async (tx, company) => {
      await tx.update(companies).set({ isTrialExempt: exempt }).where(eq(companies.id, company.id));
      return exempt ? "exempt from the trial" : "no longer exempt from the trial";
    },
    exempt ? ADMIN_COMPANY_MESSAGES.TRIAL_EXEMPT_ON : ADMIN_COMPANY_MESSAGES.TRIAL_EXEMPT_OFF,
  );
}

/** A tier set by hand, through the same subscription rules as a paid one; refused over a PayPal plan. */
export function changeTierByHand(
  deps: TCompanyDeps,
  admin: TPlatformAdminContext,
  companyId: string,
  input: TSetTierByHand,
) {
  return auditedChange(
    deps,
    admin,
    companyId,
    "company_tier_changed",
    async (tx, company) => {
      try {
        await setTierByHand(tx, company.id, input.tier);
      } catch (err) {
        if (err instanceof PaidThroughPayPalError) throw conflict(ADMIN_COMPANY_MESSAGES.PAID_THROUGH_PAYPAL);
        throw err;
      }
      return `plan changed from ${TIER_NAMES[company.subscriptionTier]} to ${TIER_NAMES[input.tier]} (reason: ${input.reason})`;
    },
    ADMIN_COMPANY_MESSAGES.TIER_CHANGED,
  );
}

/** Suspension keeps every row; its users see the suspended page and its forms take no leads. */
export async function suspendCompany(
  deps: TCompanyDeps,
  admin: TPlatformAdminContext,
  companyId: string,
  reason: string,
) {
  const result = await auditedChange(
    deps,
    admin,
    companyId,
    "company_suspended",
    async (tx, company) => {
      if (company.suspendedAt) throw conflict(ADMIN_COMPANY_MESSAGES.ALREADY_SUSPENDED);
      await tx
        .update(companies)
        .set({ suspendedAt: sql`now()`, suspendedReason: reason })
        .where(eq(companies.id, company.id));
      return `suspended (reason: ${reason})`;
    },
    ADMIN_COMPANY_MESSAGES.SUSPENDED,
  );
  await forgetCompanyForms(deps.database.db, companyId);
  return result;
}

export async function reinstateCompany(deps: TCompanyDeps, admin: TPlatformAdminContext, companyId: string) {
  const result = await auditedChange(
    deps,
    admin,
    companyId,
    "company_reinstated",
    async (tx, company) => {
      if (!company.suspendedAt) throw conflict(ADMIN_COMPANY_MESSAGES.NOT_SUSPENDED);
      await tx
        .update(companies)
        .set({ suspendedAt: null, suspendedReason: null })
        .where(eq(companies.id, company.id));
      return "reinstated";
    },
    ADMIN_COMPANY_MESSAGES.REINSTATED,
  );
  await forgetCompanyForms(deps.database.db, companyId);
  return result;
}

/** This instance's cached public forms of the company (other instances' copies age out in seconds). */
async function forgetCompanyForms(db: Db, companyId: string) {
  const rows = await db.select({ id: forms.id }).from(forms).where(eq(forms.companyId, companyId));
  for (const row of rows) forgetPublicForm(row.id);
}
