import { RETURN_MESSAGES, type TPhoneMark } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { DbOrTx } from "../../db/client";
import { leadPhoneMarks, leadReturns, leads } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { TCompanyContext } from "../../plugins/tenant";
import { approveReturnIn } from "./decide";
import { readReturnSettings } from "./settings";

const leadNotFound = () => new AppError("NOT_FOUND", RETURN_MESSAGES.LEAD_NOT_FOUND);

/** Whether the lead's phone is marked invalid (404 for a lead of another company). */
export async function readPhoneMark(db: DbOrTx, companyId: string, leadId: string): Promise<TPhoneMark> {
  const [row] = await db
    .select({ marked: leadPhoneMarks.leadId })
    .from(leads)
    .leftJoin(
      leadPhoneMarks,
      and(eq(leadPhoneMarks.leadId, leads.id), eq(leadPhoneMarks.companyId, leads.companyId)),
    )
    .where(and(eq(leads.id, leadId), eq(leads.companyId, companyId)));
  if (!row) throw leadNotFound();
  return { leadId, phoneInvalid: row.marked !== null, approved: 0 };
}

type TMarkDeps = Pick<TDeps, "database" | "email" | "config">;

/**
 * The company marks a lead's phone number invalid (its call center could not reach anyone on it, or
 * reached the wrong person). With the "phone marked invalid" rule on, the lead's pending returns are
 * approved at once, and later returns of it as they are filed.
 */
export async function setPhoneInvalid(
  deps: TMarkDeps,
  ctx: TCompanyContext,
  leadId: string,
  invalid: boolean,
): Promise<TPhoneMark> {
  return deps.database.db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.id, leadId), eq(leads.companyId, ctx.companyId)));
    if (!lead) throw leadNotFound();
    if (!invalid) {
      await tx
        .delete(leadPhoneMarks)
        .where(and(eq(leadPhoneMarks.leadId, leadId), eq(leadPhoneMarks.companyId, ctx.companyId)));
      return { leadId, phoneInvalid: false, approved: 0 };
    }
    await tx
      .insert(leadPhoneMarks)
      .values({ leadId, companyId: ctx.companyId, markedBy: ctx.userId })
      .onConflictDoNothing();
    let approved = 0;
    if ((await readReturnSettings(tx, ctx.companyId)).autoApprovePhoneInvalid) {
      const pending = await tx
        .select({ id: leadReturns.id })
        .from(leadReturns)
        .where(
          and(
            eq(leadReturns.companyId, ctx.companyId),
            eq(leadReturns.leadId, leadId),
            eq(leadReturns.status, "pending"),
          ),
        );
      for (const r of pending) {
        await approveReturnIn(
          deps,
          tx,
          { companyId: ctx.companyId, userId: null, automatic: true },
          r.id,
          {},
        );
        approved += 1;
      }
    }
    return { leadId, phoneInvalid: true, approved };
  });
}
