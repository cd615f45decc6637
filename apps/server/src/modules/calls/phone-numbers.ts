import {
  CALL_MESSAGES,
  type TPhoneNumber,
  type TRoutingNumber,
  type ZPhoneNumberInputSchema,
  type ZPhoneNumberPatchSchema,
  type ZRoutingNumberInputSchema,
} from "@leadpost/shared";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { TDeps } from "../../app-types";
import { phoneNumbers, routingNumbers, twilioNumberRouting } from "../../db/schema";
import { AppError, conflict, notFound } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import type { TCompanyContext } from "../../plugins/tenant";
import { assertCallCenterAdmin } from "./guard";

type TDepsDb = Pick<TDeps, "database">;
type TRow = typeof phoneNumbers.$inferSelect;

export const toDto = (row: TRow, links: string[]): TPhoneNumber => ({
  id: row.id,
  phoneNumber: row.phoneNumber,
  description: row.description,
  type: row.type,
  routingStrategy: row.routingStrategy,
  routeTo: row.routeTo,
  routeToVoicemail: row.routeToVoicemail,
  isActive: row.isActive,
  recordingEnabled: row.recordingEnabled,
  recordingMessage: row.recordingMessage,
  voicemailGreeting: row.voicemailGreeting,
  voicemailVoice: row.voicemailVoice,
  voicemailAudioUrl: row.voicemailAudioUrl,
  transcribeVoicemail: row.transcribeVoicemail,
  routingNumberIds: links,
  createdAt: row.createdAt.toISOString(),
});

/** The company's numbers by type, then age, each with the routing numbers linked to it. */
export async function listPhoneNumbers(deps: TDepsDb, ctx: TCompanyContext) {
  const db = deps.database.db;
  const rows = await db
    .select()
    .from(phoneNumbers)
    .where(eq(phoneNumbers.companyId, ctx.companyId))
    .orderBy(asc(phoneNumbers.type), asc(phoneNumbers.createdAt), asc(phoneNumbers.id));
  const links = await db
    .select({
      twilioNumberId: twilioNumberRouting.twilioNumberId,
      routingNumberId: twilioNumberRouting.routingNumberId,
    })
    .from(twilioNumberRouting)
    .where(eq(twilioNumberRouting.companyId, ctx.companyId))
    .orderBy(asc(twilioNumberRouting.createdAt));
  return {
    phoneNumbers: rows.map((r) =>
      toDto(
        r,
        links.filter((l) => l.twilioNumberId === r.id).map((l) => l.routingNumberId),
      ),
    ),
  };
}

/** The routing numbers linked to one of the company's numbers, in the order they were linked. */
export async function linkedRoutingIds(deps: TDepsDb, companyId: string, numberId: string) {
  const links = await deps.database.db
    .select({ id: twilioNumberRouting.routingNumberId })
    .from(twilioNumberRouting)
    .where(
      and(eq(twilioNumberRouting.companyId, companyId), eq(twilioNumberRouting.twilioNumberId, numberId)),
    )
    .orderBy(asc(twilioNumberRouting.createdAt));
  return links.map((l) => l.id);
}

async function assertOwnRoutingNumbers(deps: TDepsDb, companyId: string, ids: string[]) {
  if (ids.length === 0) return;
  const found = await deps.database.db
    .select({ id: routingNumbers.id })
    .from(routingNumbers)
    .where(and(eq(routingNumbers.companyId, companyId), inArray(routingNumbers.id, ids)));
  if (found.length !== new Set(ids).size) {
    throw new AppError("VALIDATION_FAILED", CALL_MESSAGES.ROUTING_NOT_FOUND, {
      routeTo: [CALL_MESSAGES.ROUTING_NOT_FOUND],
    });
  }
}

const duplicateNumber = () =>
  new AppError("CONFLICT", CALL_MESSAGES.NUMBER_EXISTS, { phoneNumber: [CALL_MESSAGES.NUMBER_EXISTS] });

type TInput = z.infer<typeof ZPhoneNumberInputSchema>;

export async function createPhoneNumber(deps: TDepsDb, ctx: TCompanyContext, input: TInput) {
  assertCallCenterAdmin(ctx);
  await assertOwnRoutingNumbers(deps, ctx.companyId, input.routeTo);
  try {
    const [row] = await deps.database.db
      .insert(phoneNumbers)
      .values({ ...input, description: input.description || null, companyId: ctx.companyId })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return { phoneNumber: toDto(row, []) };
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateNumber();
    throw error;
  }
}

/** Only the fields sent change (the patch schema adds no defaults). */
export async function updatePhoneNumber(
  deps: TDepsDb,
  ctx: TCompanyContext,
  id: string,
  input: z.infer<typeof ZPhoneNumberPatchSchema>,
) {
  assertCallCenterAdmin(ctx);
  if (input.routeTo) await assertOwnRoutingNumbers(deps, ctx.companyId, input.routeTo);
  // 002 §4: the type of a number never changes once it exists.
  const { type: _type, ...changes } = input;
  const db = deps.database.db;
  const own = and(eq(phoneNumbers.id, id), eq(phoneNumbers.companyId, ctx.companyId));
  try {
    const [row] =
      Object.keys(changes).length > 0
        ? await db.update(phoneNumbers).set(changes).where(own).returning()
        : await db.select().from(phoneNumbers).where(own);
    if (!row) throw notFound(CALL_MESSAGES.NOT_FOUND);
    return { phoneNumber: toDto(row, await linkedRoutingIds(deps, ctx.companyId, row.id)) };
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateNumber();
    throw error;
  }
}

export async function deletePhoneNumber(deps: TDepsDb, ctx: TCompanyContext, id: string) {
  assertCallCenterAdmin(ctx);
  const gone = await deps.database.db
    .delete(phoneNumbers)
    .where(and(eq(phoneNumbers.id, id), eq(phoneNumbers.companyId, ctx.companyId)))
    .returning({ id: phoneNumbers.id });
  if (gone.length === 0) throw notFound(CALL_MESSAGES.NOT_FOUND);
  return { success: true as const, message: "Phone number deleted" };
}

const routingDto = (r: typeof routingNumbers.$inferSelect): TRoutingNumber => ({
  id: r.id,
  label: r.label,
  phoneNumber: r.phoneNumber,
  createdAt: r.createdAt.toISOString(),
});

export async function listRoutingNumbers(deps: TDepsDb, ctx: TCompanyContext) {
  const rows = await deps.database.db
    .select()
    .from(routingNumbers)
    .where(eq(routingNumbers.companyId, ctx.companyId))
    .orderBy(asc(routingNumbers.createdAt), asc(routingNumbers.id));
  return { routingNumbers: rows.map(routingDto) };
}

export async function createRoutingNumber(
  deps: TDepsDb,
  ctx: TCompanyContext,
  input: z.infer<typeof ZRoutingNumberInputSchema>,
) {
  assertCallCenterAdmin(ctx);
  const [row] = await deps.database.db
    .insert(routingNumbers)
    .values({ ...input, companyId: ctx.companyId })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return { routingNumber: routingDto(row) };
}

export async function deleteRoutingNumber(deps: TDepsDb, ctx: TCompanyContext, id: string) {
  assertCallCenterAdmin(ctx);
  const gone = await deps.database.db
    .delete(routingNumbers)
    .where(and(eq(routingNumbers.id, id), eq(routingNumbers.companyId, ctx.companyId)))
    .returning({ id: routingNumbers.id });
  if (gone.length === 0) throw notFound(CALL_MESSAGES.ROUTING_NOT_FOUND);
  return { success: true as const, message: "Routing number deleted" };
}

/** Manage Routing Numbers: link one of the company's routing numbers to one of its Twilio numbers. */
export async function linkRoutingNumber(
  deps: TDepsDb,
  ctx: TCompanyContext,
  numberId: string,
  routingId: string,
) {
  assertCallCenterAdmin(ctx);
  const db = deps.database.db;
  const [number] = await db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.id, numberId), eq(phoneNumbers.companyId, ctx.companyId)));
  const [routing] = await db
    .select({ id: routingNumbers.id })
    .from(routingNumbers)
    .where(and(eq(routingNumbers.id, routingId), eq(routingNumbers.companyId, ctx.companyId)));
  if (!number || !routing) throw notFound(CALL_MESSAGES.ROUTING_NOT_FOUND);
  try {
    await db
      .insert(twilioNumberRouting)
      .values({ companyId: ctx.companyId, twilioNumberId: numberId, routingNumberId: routingId });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CALL_MESSAGES.ALREADY_ASSOCIATED);
    throw error;
  }
  return { success: true as const, message: "Routing number linked" };
}

export async function unlinkRoutingNumber(
  deps: TDepsDb,
  ctx: TCompanyContext,
  numberId: string,
  routingId: string,
) {
  assertCallCenterAdmin(ctx);
  const gone = await deps.database.db
    .delete(twilioNumberRouting)
    .where(
      and(
        eq(twilioNumberRouting.companyId, ctx.companyId),
        eq(twilioNumberRouting.twilioNumberId, numberId),
        eq(twilioNumberRouting.routingNumberId, routingId),
      ),
    )
    .returning({ id: twilioNumberRouting.routingNumberId });
  if (gone.length === 0) throw notFound(CALL_MESSAGES.NOT_FOUND);
  return { success: true as const, message: "Routing number unlinked" };
}
