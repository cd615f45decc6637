import {
  BUYER_MESSAGES,
  isCompanyAdminRole,
  isDrawnInputField,
  isLeadFilter,
  normalizeFormFields,
  type TBuyerDistribution,
  type TUpdateBuyerDistribution,
} from "@leadpost/shared";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { TCompanyActor, TDeps } from "../../app-types";
import { buyerBids, buyers, forms, niches } from "../../db/schema";
import { forbidden, notFound } from "../../lib/app-error";

type TBuyerDeps = Pick<TDeps, "database">;

/**
 * A buyer's bids per niche (credits per lead, read by the highest price method) and its filters on a
 * lead's answers (the eligibility rule "filter"), with the questions of its niche's forms to pick from.
 */
export async function getBuyerDistribution(
  deps: TBuyerDeps,
  ctx: TCompanyActor,
  buyerId: string,
): Promise<TBuyerDistribution> {
  const db = deps.database.db;
  const [buyer] = await db
    .select({ nicheId: buyers.nicheId, leadFilters: buyers.leadFilters })
    .from(buyers)
    .where(and(eq(buyers.id, buyerId), eq(buyers.companyId, ctx.companyId), isNull(buyers.deletedAt)));
  if (!buyer) throw notFound(BUYER_MESSAGES.NOT_FOUND);
  const bids = await db
    .select({ nicheId: buyerBids.nicheId, nicheName: niches.name, credits: buyerBids.credits })
    .from(buyerBids)
    .innerJoin(niches, and(eq(niches.id, buyerBids.nicheId), eq(niches.companyId, buyerBids.companyId)))
    .where(and(eq(buyerBids.buyerId, buyerId), eq(buyerBids.companyId, ctx.companyId)))
    .orderBy(asc(niches.name));
  const nicheRows = await db
    .select({ id: niches.id, name: niches.name })
    .from(niches)
    .where(eq(niches.companyId, ctx.companyId))
    .orderBy(asc(niches.name));
  const formRows = buyer.nicheId
    ? await db
        .select({ fields: forms.fields })
        .from(forms)
        .where(and(eq(forms.companyId, ctx.companyId), eq(forms.nicheId, buyer.nicheId)))
    : [];
  return {
    buyerId,
    bids,
    leadFilters: Array.isArray(buyer.leadFilters) ? buyer.leadFilters.filter(isLeadFilter) : [],
    fields: questionsOf(formRows.map((r) => r.fields)),
    niches: nicheRows,
  };
}

/** The input questions of the niche's forms, once per field id (the first form's label and choices). */
function questionsOf(fieldLists: unknown[]): TBuyerDistribution["fields"] {
  const seen = new Map<string, TBuyerDistribution["fields"][number]>();
  for (const list of fieldLists) {
    for (const field of normalizeFormFields(list)) {
      if (!isDrawnInputField(field) || seen.has(field.id)) continue;
      if (field.type === "email" || field.type === "tel") continue;
      const options =
        field.type === "checkbox" && !field.options?.length ? ["true", "false"] : (field.options ?? []);
      seen.set(field.id, { fieldId: field.id, label: field.label || field.id, options });
    }
  }
  return [...seen.values()];
}

/** Changes only what is sent (owners and org admins): the bids and/or the filters, each list replaced. */
export async function updateBuyerDistribution(
  deps: TBuyerDeps,
  ctx: TCompanyActor,
  buyerId: string,
  input: TUpdateBuyerDistribution,
): Promise<TBuyerDistribution> {
  if (!isCompanyAdminRole(ctx.role)) throw forbidden(BUYER_MESSAGES.UPDATE_PERMISSION);
  await deps.database.db.transaction(async (tx) => {
    const [buyer] = await tx
      .select({ id: buyers.id })
      .from(buyers)
      .where(and(eq(buyers.id, buyerId), eq(buyers.companyId, ctx.companyId), isNull(buyers.deletedAt)))
      .for("no key update");
    if (!buyer) throw notFound(BUYER_MESSAGES.NOT_FOUND);
    if (input.leadFilters) {
      await tx
        .update(buyers)
        .set({ leadFilters: input.leadFilters, updatedAt: new Date() })
        .where(and(eq(buyers.id, buyerId), eq(buyers.companyId, ctx.companyId)));
    }
    if (input.bids) {
      const nicheIds = input.bids.map((b) => b.nicheId);
      if (nicheIds.length > 0) {
        const own = await tx
          .select({ id: niches.id })
          .from(niches)
          .where(and(inArray(niches.id, nicheIds), eq(niches.companyId, ctx.companyId)));
        if (own.length !== nicheIds.length) throw notFound("Niche not found");
      }
      await tx
        .delete(buyerBids)
        .where(and(eq(buyerBids.buyerId, buyerId), eq(buyerBids.companyId, ctx.companyId)));
      if (input.bids.length > 0) {
        await tx.insert(buyerBids).values(
          input.bids.map((b) => ({
            buyerId,
            companyId: ctx.companyId,
            nicheId: b.nicheId,
            credits: b.credits,
          })),
        );
      }
    }
  });
  return getBuyerDistribution(deps, ctx, buyerId);
}
