import {
  RETURN_DEFAULTS,
  RETURN_MESSAGES,
  type TReturnSettings,
  type TReturnSettingsPatch,
} from "@leadpost/shared";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { returnSettings } from "../../db/schema";
import { forbidden } from "../../lib/app-error";
import type { TCompanyContext } from "../../plugins/tenant";

const DEFAULTS: TReturnSettings = { ...RETURN_DEFAULTS, reasons: [...RETURN_DEFAULTS.reasons] };

/** Deciding returns and changing their rules is for owners and org admins. */
export function assertCanDecide(ctx: TCompanyContext) {
  if (ctx.role !== "owner" && ctx.role !== "org_admin") throw forbidden(RETURN_MESSAGES.ADMIN_ONLY);
}

/** The company's return rules; a company that never saved any has the defaults. */
export async function readReturnSettings(db: DbOrTx, companyId: string): Promise<TReturnSettings> {
  const [row] = await db.select().from(returnSettings).where(eq(returnSettings.companyId, companyId));
  if (!row) return { ...DEFAULTS, reasons: [...DEFAULTS.reasons] };
  return {
    windowDays: row.windowDays,
    reasons: row.reasons,
    autoApprovePhoneInvalid: row.autoApprovePhoneInvalid,
    resellOnApprove: row.resellOnApprove,
  };
}

/** Changes only the rules the patch names. */
export async function updateReturnSettings(
  db: DbOrTx,
  ctx: TCompanyContext,
  patch: TReturnSettingsPatch,
): Promise<TReturnSettings> {
  assertCanDecide(ctx);
  const current = await readReturnSettings(db, ctx.companyId);
  const next = { ...current, ...patch };
  await db
    .insert(returnSettings)
    .values({ companyId: ctx.companyId, ...next })
    .onConflictDoUpdate({ target: returnSettings.companyId, set: { ...patch, updatedAt: new Date() } });
  return next;
}

/** The stored spelling of an allowed reason ("wrong NUMBER" files as "Wrong number"), or null. */
export function allowedReason(settings: TReturnSettings, reason: string): string | null {
  const wanted = reason.trim().toLowerCase();
  return settings.reasons.find((r) => r.toLowerCase() === wanted) ?? null;
}
