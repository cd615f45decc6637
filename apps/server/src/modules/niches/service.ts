import {
  isCompanyAdminRole,
  NICHE_MESSAGES,
  nicheInUseMessage,
  type TCreateNiche,
  type TNiche,
  type TUpdateNiche,
} from "@leadpost/shared";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { buyers, niches } from "../../db/schema";
import { AppError, forbidden, notFound } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import type { TCompanyContext } from "../../plugins/tenant";

type TNicheDeps = Pick<TDeps, "database">;

function assertAdmin(ctx: TCompanyContext) {
  if (!isCompanyAdminRole(ctx.role)) throw forbidden(NICHE_MESSAGES.PERMISSION);
}

const duplicate = () =>
  new AppError("CONFLICT", NICHE_MESSAGES.DUPLICATE, { name: [NICHE_MESSAGES.DUPLICATE] });

async function selectNiches(db: Db, companyId: string, nicheId?: string): Promise<TNiche[]> {
  const rows = await db
    .select({
      id: niches.id,
      name: niches.name,
      price: niches.price,
      createdAt: niches.createdAt,
      // Spelled out: in a single-table select the query builder leaves columns unqualified.
      buyerCount: sql<number>`(select count(*)::int from buyers b where b.niche_id = niches.id and b.company_id = niches.company_id)`,
      activeBuyerCount: sql<number>`(select count(*)::int from buyers b where b.niche_id = niches.id and b.company_id = niches.company_id and b.deleted_at is null)`,
    })
    .from(niches)
    .where(and(eq(niches.companyId, companyId), nicheId ? eq(niches.id, nicheId) : undefined))
    .orderBy(asc(sql`lower(${niches.name})`), asc(niches.id));
  return rows.map((r) => ({
    ...r,
    price: Number(r.price),
    buyerCount: Number(r.buyerCount),
    activeBuyerCount: Number(r.activeBuyerCount),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The company's niches ordered by name (001 §7), with how many buyers use each. */
export async function listNiches(deps: TNicheDeps, ctx: TCompanyContext) {
  return { niches: await selectNiches(deps.database.db, ctx.companyId) };
}

async function getNiche(db: Db, companyId: string, nicheId: string) {
  const [niche] = await selectNiches(db, companyId, nicheId);
  if (!niche) throw notFound(NICHE_MESSAGES.NOT_FOUND);
  return niche;
}

export async function createNiche(deps: TNicheDeps, ctx: TCompanyContext, input: TCreateNiche) {
  assertAdmin(ctx);
  const db = deps.database.db;
  try {
    const [row] = await db
      .insert(niches)
      .values({ companyId: ctx.companyId, name: input.name, price: input.price })
      .returning({ id: niches.id });
    if (!row) throw new Error("niche insert returned nothing");
    return { niche: await getNiche(db, ctx.companyId, row.id), message: NICHE_MESSAGES.CREATED };
  } catch (err) {
    if (isUniqueViolation(err, "niches_company_name_unique")) throw duplicate();
    throw err;
  }
}

export async function updateNiche(
  deps: TNicheDeps,
  ctx: TCompanyContext,
  nicheId: string,
  input: TUpdateNiche,
) {
  assertAdmin(ctx);
  const db = deps.database.db;
  try {
    const [row] = await db
      .update(niches)
      .set({ ...input, updatedAt: new Date() })
      .where(and(eq(niches.id, nicheId), eq(niches.companyId, ctx.companyId)))
      .returning({ id: niches.id });
    if (!row) throw notFound(NICHE_MESSAGES.NOT_FOUND);
  } catch (err) {
    if (isUniqueViolation(err, "niches_company_name_unique")) throw duplicate();
    throw err;
  }
  return { niche: await getNiche(db, ctx.companyId, nicheId), message: NICHE_MESSAGES.UPDATED };
}

/**
 * Refused while any buyer (archived ones too: their purchases keep pointing at it) uses the niche.
 * The row lock makes a buyer created at the same moment wait, and the foreign key backs it up.
 */
export async function deleteNiche(deps: TNicheDeps, ctx: TCompanyContext, nicheId: string) {
  assertAdmin(ctx);
  await deps.database.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: niches.id })
      .from(niches)
      .where(and(eq(niches.id, nicheId), eq(niches.companyId, ctx.companyId)))
      .for("update");
    if (!locked) throw notFound(NICHE_MESSAGES.NOT_FOUND);
    const [used] = await tx
      .select({ n: count() })
      .from(buyers)
      .where(and(eq(buyers.nicheId, nicheId), eq(buyers.companyId, ctx.companyId)));
    const inUse = Number(used?.n ?? 0);
    if (inUse > 0) throw new AppError("NICHE_IN_USE", nicheInUseMessage(inUse));
    await tx.delete(niches).where(and(eq(niches.id, nicheId), eq(niches.companyId, ctx.companyId)));
  });
  return { success: true as const, message: NICHE_MESSAGES.DELETED };
}

/** A niche id from a request body must be one of this company's. */
export async function assertOwnNiche(db: Db, companyId: string, nicheId: string | null | undefined) {
  if (!nicheId) return null;
  const [row] = await db
    .select({ id: niches.id, name: niches.name, price: niches.price })
    .from(niches)
    .where(and(eq(niches.id, nicheId), eq(niches.companyId, companyId)));
  if (!row) {
    throw new AppError("VALIDATION_FAILED", "Please select a niche", {
      nicheId: ["Please select a niche"],
    });
  }
  return row;
}
