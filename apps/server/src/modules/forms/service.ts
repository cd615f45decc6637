import {
  FORM_MESSAGES,
  isDrawnInputField,
  normalizeFormFields,
  type TCreateForm,
  type TFormField,
  type TFormList,
  type TUpdateForm,
  withFieldDefaults,
} from "@leadpost/shared";
import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { buyers, formBuyers, formEmailRouting, formSubmissions, forms, leads, niches } from "../../db/schema";
import { afterTenantScope } from "../../db/tenant-scope";
import { AppError, notFound } from "../../lib/app-error";
import type { TCompanyContext } from "../../plugins/tenant";
import { forgetPublicForm } from "../lead-distribution";
import { removeFilesNamedIn, type TFileCleanupDeps } from "../stored-files";
import { toFormDetail } from "./mappers";

type TFormDeps = Pick<TDeps, "database">;
type TEmailRoutingInput = NonNullable<TUpdateForm["emailRouting"]>;

export async function listForms(deps: TFormDeps, ctx: TCompanyContext): Promise<TFormList> {
  const db = deps.database.db;
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: forms.id,
        title: forms.title,
        description: forms.description,
        status: forms.status,
        isActive: forms.isActive,
        createdAt: forms.createdAt,
        updatedAt: forms.updatedAt,
      })
      .from(forms)
      .where(eq(forms.companyId, ctx.companyId))
      .orderBy(desc(forms.updatedAt), desc(forms.id)),
    // One grouped count rather than a correlated subquery per form.
    db
      .select({ formId: leads.formId, n: sql<number>`count(*)::int` })
      .from(leads)
      .where(and(eq(leads.companyId, ctx.companyId), isNotNull(leads.formId), eq(leads.isTest, false)))
      .groupBy(leads.formId),
  ]);
  const leadCounts = new Map(counts.map((c) => [c.formId, Number(c.n)]));
  const published = rows.filter((r) => r.status === "published").length;
  return {
    forms: rows.map((r) => ({
      ...r,
      leadCount: leadCounts.get(r.id) ?? 0,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    counts: { published, draft: rows.length - published },
  };
}

export async function getForm(deps: TFormDeps, ctx: TCompanyContext, formId: string) {
  const db = deps.database.db;
  const [row] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.companyId, ctx.companyId)));
  if (!row) throw notFound(FORM_MESSAGES.NOT_FOUND);
  const [buyerRows, routingRows] = await Promise.all([
    db
      .select({ buyerId: formBuyers.buyerId })
      .from(formBuyers)
      .where(and(eq(formBuyers.formId, formId), eq(formBuyers.companyId, ctx.companyId))),
    db
      .select()
      .from(formEmailRouting)
      .where(and(eq(formEmailRouting.formId, formId), eq(formEmailRouting.companyId, ctx.companyId)))
      .orderBy(formEmailRouting.createdAt, formEmailRouting.id),
  ]);
  return toFormDetail(
    row,
    buyerRows.map((b) => b.buyerId),
    routingRows,
  );
}

export async function createForm(deps: TFormDeps, ctx: TCompanyContext, input: TCreateForm) {
  const { fields, buyerIds, emailRouting, ...settings } = input;
  const formId = await deps.database.db.transaction(async (tx) => {
    await assertOwnReferences(tx, ctx.companyId, { nicheId: settings.nicheId, buyerIds });
    const [row] = await tx
      .insert(forms)
      .values({ ...settings, companyId: ctx.companyId, fields: storedFields(fields), createdBy: ctx.userId })
      .returning({ id: forms.id });
    if (!row) throw new Error("form insert returned nothing");
    await replaceBuyers(tx, ctx.companyId, row.id, buyerIds);
    await replaceEmailRouting(tx, ctx.companyId, row.id, emailRouting);
    return row.id;
  });
  return getForm(deps, ctx, formId);
}

export async function updateForm(deps: TFormDeps, ctx: TCompanyContext, formId: string, input: TUpdateForm) {
  const { fields, buyerIds, emailRouting, ...settings } = input;
  await deps.database.db.transaction(async (tx) => {
    await lockOwnForm(tx, ctx.companyId, formId);
    await assertOwnReferences(tx, ctx.companyId, { nicheId: settings.nicheId, buyerIds });
    await tx
      .update(forms)
      // updatedAt is always touched so the list's "newest first" follows edits of the lists too.
      .set({ ...settings, ...(fields ? { fields: storedFields(fields) } : {}), updatedAt: new Date() })
      .where(and(eq(forms.id, formId), eq(forms.companyId, ctx.companyId)));
    if (buyerIds) await replaceBuyers(tx, ctx.companyId, formId, buyerIds);
    if (emailRouting) await replaceEmailRouting(tx, ctx.companyId, formId, emailRouting);
  });
  // The accept path's cached copy (other instances: within its short lifetime, see form-cache.ts).
  forgetPublicForm(formId);
  return getForm(deps, ctx, formId);
}

export async function setFormStatus(
  deps: TFormDeps,
  ctx: TCompanyContext,
  formId: string,
  status: "published" | "draft",
) {
  const db = deps.database.db;
  if (status === "published") {
    const [row] = await db
      .select({ fields: forms.fields })
      .from(forms)
      .where(and(eq(forms.id, formId), eq(forms.companyId, ctx.companyId)));
    if (!row) throw notFound(FORM_MESSAGES.NOT_FOUND);
    // A published form nobody can answer would only collect empty leads.
    if (!normalizeFormFields(row.fields).some(isDrawnInputField)) {
      throw new AppError("VALIDATION_FAILED", FORM_MESSAGES.NOTHING_TO_PUBLISH, {
        fields: [FORM_MESSAGES.NOTHING_TO_PUBLISH],
      });
    }
  }
  const [updated] = await db
    .update(forms)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(forms.id, formId), eq(forms.companyId, ctx.companyId)))
    .returning({ id: forms.id, status: forms.status });
  if (!updated) throw notFound(FORM_MESSAGES.NOT_FOUND);
  forgetPublicForm(formId);
  return {
    ...updated,
    message: status === "published" ? FORM_MESSAGES.PUBLISHED : FORM_MESSAGES.UNPUBLISHED,
  };
}

/**
 * Deletes the form with its submissions, buyer list and e-mail routing entries (001 §7), in one
 * transaction. Leads survive: they keep their answers and lose only the link to the form. Its uploaded
 * images go too, once the request's transaction has ended, unless another row still uses them.
 */
export async function deleteForm(deps: TFileCleanupDeps, ctx: TCompanyContext, formId: string) {
  const formText = await deps.database.db.transaction(async (tx) => {
    await lockOwnForm(tx, ctx.companyId, formId);
    const [row] = await tx
      .select({ text: sql<string>`${forms}::text` })
      .from(forms)
      .where(and(eq(forms.id, formId), eq(forms.companyId, ctx.companyId)));
    await tx
      .delete(formSubmissions)
      .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.companyId, ctx.companyId)));
    await tx
      .delete(formEmailRouting)
      .where(and(eq(formEmailRouting.formId, formId), eq(formEmailRouting.companyId, ctx.companyId)));
    await tx
      .delete(formBuyers)
      .where(and(eq(formBuyers.formId, formId), eq(formBuyers.companyId, ctx.companyId)));
    await tx.delete(forms).where(and(eq(forms.id, formId), eq(forms.companyId, ctx.companyId)));
    return row?.text ?? "";
  });
  forgetPublicForm(formId);
  // Rechecked when run: if the request rolled back, the form still references its files and they stay.
  await afterTenantScope(() =>
    removeFilesNamedIn(deps, ctx.companyId, formText).catch((err) =>
      deps.logger.warn({ err, formId }, "the deleted form's files were left for the cleanup job"),
    ),
  );
  return { success: true as const, message: FORM_MESSAGES.DELETED };
}

async function lockOwnForm(tx: Db, companyId: string, formId: string) {
  const [row] = await tx
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.companyId, companyId)))
    .for("update");
  if (!row) throw notFound(FORM_MESSAGES.NOT_FOUND);
}

const storedFields = (fields: TFormField[]) => fields.map(withFieldDefaults);

/** A niche or buyer id from the body must be one of this company's, or the form would route across tenants. */
async function assertOwnReferences(
  tx: Db,
  companyId: string,
  refs: { nicheId?: string | null; buyerIds?: string[] },
) {
  if (refs.nicheId) {
    const [niche] = await tx
      .select({ id: niches.id })
      .from(niches)
      .where(and(eq(niches.id, refs.nicheId), eq(niches.companyId, companyId)));
    if (!niche) {
      throw new AppError("VALIDATION_FAILED", "Please select a niche", {
        nicheId: ["Please select a niche"],
      });
    }
  }
  const wanted = [...new Set(refs.buyerIds ?? [])];
  if (wanted.length > 0) {
    const found = await tx
      .select({ id: buyers.id })
      .from(buyers)
      .where(and(inArray(buyers.id, wanted), eq(buyers.companyId, companyId), isNull(buyers.deletedAt)));
    if (found.length !== wanted.length) {
      throw new AppError("VALIDATION_FAILED", "Some of the chosen buyers do not exist.", {
        buyerIds: ["Some of the chosen buyers do not exist."],
      });
    }
  }
}

async function replaceBuyers(tx: Db, companyId: string, formId: string, buyerIds: string[]) {
  await tx.delete(formBuyers).where(and(eq(formBuyers.formId, formId), eq(formBuyers.companyId, companyId)));
  const unique = [...new Set(buyerIds)];
  if (unique.length > 0) {
    await tx.insert(formBuyers).values(unique.map((buyerId) => ({ formId, buyerId, companyId })));
  }
}

async function replaceEmailRouting(tx: Db, companyId: string, formId: string, entries: TEmailRoutingInput) {
  await tx
    .delete(formEmailRouting)
    .where(and(eq(formEmailRouting.formId, formId), eq(formEmailRouting.companyId, companyId)));
  if (entries.length > 0) {
    await tx.insert(formEmailRouting).values(
      entries.map((e) => ({
        formId,
        companyId,
        email: e.email,
        city: e.city ?? null,
        state: e.state ?? null,
        zipCode: e.zipCode ?? null,
        radius: e.radius ?? null,
        status: e.status,
      })),
    );
  }
}

/**
 * The sites allowed to frame a form's public page (its embed origins); none for an unknown form.
 * Read without a company: the page is public and this is only who may frame it.
 */
export async function formEmbedOrigins(db: Db, formId: string): Promise<string[]> {
  const [row] = await db
    .select({ embedOrigins: forms.embedOrigins })
    .from(forms)
    .where(eq(forms.id, formId))
    .limit(1);
  return row?.embedOrigins ?? [];
}
