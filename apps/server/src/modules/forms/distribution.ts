import {
  FORM_MESSAGES,
  type TFormDistribution,
  type TUpdateFormDistribution,
  weightShare,
} from "@leadpost/shared";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { TCompanyActor, TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { buyers, formDistributionBuyers, forms } from "../../db/schema";
import { notFound } from "../../lib/app-error";

type TFormDeps = Pick<TDeps, "database">;

/** The form's distribution method and its buyers in priority order, with weights and shares. */
export async function getFormDistribution(
  deps: TFormDeps,
  ctx: TCompanyActor,
  formId: string,
): Promise<TFormDistribution> {
  const db = deps.database.db;
  const [form] = await db
    .select({ method: forms.distributionMethod })
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.companyId, ctx.companyId)));
  if (!form) throw notFound(FORM_MESSAGES.NOT_FOUND);
  const rows = await db
    .select({
      buyerId: formDistributionBuyers.buyerId,
      name: sql<string>`coalesce(${buyers.companyName}, ${buyers.contactName})`,
      position: formDistributionBuyers.position,
      weight: formDistributionBuyers.weight,
      served: formDistributionBuyers.served,
    })
    .from(formDistributionBuyers)
    .innerJoin(
      buyers,
      and(
        eq(buyers.id, formDistributionBuyers.buyerId),
        eq(buyers.companyId, formDistributionBuyers.companyId),
      ),
    )
    .where(
      and(eq(formDistributionBuyers.formId, formId), eq(formDistributionBuyers.companyId, ctx.companyId)),
    )
    .orderBy(asc(formDistributionBuyers.position));
  return {
    formId,
    method: form.method,
    buyers: rows.map((r) => ({ ...r, share: weightShare(rows, r.buyerId) })),
  };
}

/**
 * Changes only what is sent: the method, and/or the ranked buyers (their order is the priority order,
 * first = 1; each with its weight). Every buyer must be one of the company's buyers, not archived
 * (another company's id answers 404, naming nothing of it). Setting the buyers starts the weighted
 * counts afresh, so new shares apply from the next lead.
 */
export async function updateFormDistribution(
  deps: TFormDeps,
  ctx: TCompanyActor,
  formId: string,
  input: TUpdateFormDistribution,
): Promise<TFormDistribution> {
  await deps.database.db.transaction(async (tx) => {
    const [form] = await tx
      .select({ id: forms.id })
      .from(forms)
      .where(and(eq(forms.id, formId), eq(forms.companyId, ctx.companyId)))
      .for("update");
    if (!form) throw notFound(FORM_MESSAGES.NOT_FOUND);
    if (input.method) {
      await tx
        .update(forms)
        .set({ distributionMethod: input.method, updatedAt: new Date() })
        .where(and(eq(forms.id, formId), eq(forms.companyId, ctx.companyId)));
    }
    if (input.buyers) await replaceRanked(tx, ctx.companyId, formId, input.buyers);
  });
  return getFormDistribution(deps, ctx, formId);
}

async function replaceRanked(
  tx: Db,
  companyId: string,
  formId: string,
  list: NonNullable<TUpdateFormDistribution["buyers"]>,
) {
  const ids = list.map((b) => b.buyerId);
  if (ids.length > 0) {
    const own = await tx
      .select({ id: buyers.id })
      .from(buyers)
      .where(and(inArray(buyers.id, ids), eq(buyers.companyId, companyId), isNull(buyers.deletedAt)));
    if (own.length !== ids.length) throw notFound("Buyer not found");
  }
  await tx
    .delete(formDistributionBuyers)
    .where(and(eq(formDistributionBuyers.formId, formId), eq(formDistributionBuyers.companyId, companyId)));
  if (list.length === 0) return;
  await tx
    .insert(formDistributionBuyers)
    .values(
      list.map((b, i) => ({ formId, companyId, buyerId: b.buyerId, position: i + 1, weight: b.weight ?? 0 })),
    );
}
