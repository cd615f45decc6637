import {
  CALL_TRACKING_MESSAGES,
  isCompanyAdminRole,
  type TDniNumber,
  type ZDniNumberInputSchema,
} from "@leadpost/shared";
import { and, desc, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { dniNumbers } from "../../db/schema";
import { AppError, forbidden, notFound } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import type { TCompanyContext } from "../../plugins/tenant";

type TCallTrackingDeps = Pick<TDeps, "database">;
type TDniInput = z.infer<typeof ZDniNumberInputSchema>;

export function assertCallTrackingAdmin(ctx: TCompanyContext) {
  if (!isCompanyAdminRole(ctx.role)) throw forbidden(CALL_TRACKING_MESSAGES.PERMISSION);
}

const toDto = (row: typeof dniNumbers.$inferSelect): TDniNumber => ({
  id: row.id,
  phoneNumber: row.phoneNumber,
  staticNumber: row.staticNumber,
  source: row.source,
  label: row.label,
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
});

/** Legacy Numbers: the company's DNI numbers, newest first. */
export async function listDniNumbers(deps: TCallTrackingDeps, ctx: TCompanyContext) {
  const rows = await deps.database.db
    .select()
    .from(dniNumbers)
    .where(eq(dniNumbers.companyId, ctx.companyId))
    .orderBy(desc(dniNumbers.createdAt), desc(dniNumbers.id));
  return { numbers: rows.map(toDto) };
}

/** One number per source (unique index): a second copy is refused, naming the field. */
async function refusingDuplicates<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("CONFLICT", CALL_TRACKING_MESSAGES.DNI_DUPLICATE, {
        phoneNumber: [CALL_TRACKING_MESSAGES.DNI_DUPLICATE],
      });
    }
    throw error;
  }
}

/** 002 §4: setting a default first clears the default flag on the company's other DNI numbers. */
async function clearOtherDefaults(tx: Db, companyId: string, keepId: string) {
  await tx
    .update(dniNumbers)
    .set({ isDefault: false })
    .where(
      and(eq(dniNumbers.companyId, companyId), ne(dniNumbers.id, keepId), eq(dniNumbers.isDefault, true)),
    );
}

export async function createDniNumber(deps: TCallTrackingDeps, ctx: TCompanyContext, input: TDniInput) {
  assertCallTrackingAdmin(ctx);
  return refusingDuplicates(() =>
    deps.database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(dniNumbers)
        .values({ ...input, label: input.label || null, companyId: ctx.companyId })
        .returning();
      if (!row) throw new Error("insert returned no row");
      if (row.isDefault) await clearOtherDefaults(tx, ctx.companyId, row.id);
      return { number: toDto(row), message: CALL_TRACKING_MESSAGES.DNI_ADDED };
    }),
  );
}

export async function updateDniNumber(
  deps: TCallTrackingDeps,
  ctx: TCompanyContext,
  id: string,
  input: TDniInput,
) {
  assertCallTrackingAdmin(ctx);
  return refusingDuplicates(() =>
    deps.database.db.transaction(async (tx) => {
      const [row] = await tx
        .update(dniNumbers)
        .set({ ...input, label: input.label || null })
        .where(and(eq(dniNumbers.id, id), eq(dniNumbers.companyId, ctx.companyId)))
        .returning();
      if (!row) throw notFound(CALL_TRACKING_MESSAGES.NOT_FOUND);
      if (row.isDefault) await clearOtherDefaults(tx, ctx.companyId, row.id);
      return { number: toDto(row), message: CALL_TRACKING_MESSAGES.DNI_UPDATED };
    }),
  );
}

export async function deleteDniNumber(deps: TCallTrackingDeps, ctx: TCompanyContext, id: string) {
  assertCallTrackingAdmin(ctx);
  const deleted = await deps.database.db
    .delete(dniNumbers)
    .where(and(eq(dniNumbers.id, id), eq(dniNumbers.companyId, ctx.companyId)))
    .returning({ id: dniNumbers.id });
  if (deleted.length === 0) throw notFound(CALL_TRACKING_MESSAGES.NOT_FOUND);
  return { success: true as const, message: CALL_TRACKING_MESSAGES.DNI_DELETED };
}
