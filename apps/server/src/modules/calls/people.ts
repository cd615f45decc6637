import {
  CALL_MESSAGES,
  formatPhone,
  type TAgent,
  type ZAgentInputSchema,
  type ZAgentPatchSchema,
  type ZBlockNumberInputSchema,
} from "@leadpost/shared";
import { and, asc, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { TDeps } from "../../app-types";
import { blockedCalls, callCenterAgents } from "../../db/schema";
import { AppError, notFound } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import type { TCompanyContext } from "../../plugins/tenant";
import { assertCallCenterAdmin } from "./guard";

type TDepsDb = Pick<TDeps, "database">;

const agentDto = (a: typeof callCenterAgents.$inferSelect): TAgent => ({
  id: a.id,
  name: a.name,
  phoneNumber: a.phoneNumber,
  status: a.status,
  sequenceOrder: a.sequenceOrder,
  callCount: a.callCount,
});

/** Agents in the order calls ring them. */
export async function listAgents(deps: TDepsDb, ctx: TCompanyContext) {
  const rows = await deps.database.db
    .select()
    .from(callCenterAgents)
    .where(eq(callCenterAgents.companyId, ctx.companyId))
    .orderBy(asc(callCenterAgents.sequenceOrder), asc(callCenterAgents.createdAt), asc(callCenterAgents.id));
  return { agents: rows.map(agentDto) };
}

type TAgentInput = z.infer<typeof ZAgentInputSchema>;

export async function createAgent(deps: TDepsDb, ctx: TCompanyContext, input: TAgentInput) {
  assertCallCenterAdmin(ctx);
  const [row] = await deps.database.db
    .insert(callCenterAgents)
    .values({ ...input, companyId: ctx.companyId })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return { agent: agentDto(row) };
}

/** Edit Agent: only the fields sent change. */
export async function updateAgent(
  deps: TDepsDb,
  ctx: TCompanyContext,
  id: string,
  input: z.infer<typeof ZAgentPatchSchema>,
) {
  assertCallCenterAdmin(ctx);
  const db = deps.database.db;
  const own = and(eq(callCenterAgents.id, id), eq(callCenterAgents.companyId, ctx.companyId));
  const [row] =
    Object.keys(input).length > 0
      ? await db.update(callCenterAgents).set(input).where(own).returning()
      : await db.select().from(callCenterAgents).where(own);
  if (!row) throw notFound(CALL_MESSAGES.NOT_FOUND);
  return { agent: agentDto(row) };
}

export async function deleteAgent(deps: TDepsDb, ctx: TCompanyContext, id: string) {
  assertCallCenterAdmin(ctx);
  const gone = await deps.database.db
    .delete(callCenterAgents)
    .where(and(eq(callCenterAgents.id, id), eq(callCenterAgents.companyId, ctx.companyId)))
    .returning({ id: callCenterAgents.id });
  if (gone.length === 0) throw notFound(CALL_MESSAGES.NOT_FOUND);
  return { success: true as const, message: "Agent deleted" };
}

export async function listBlocked(deps: TDepsDb, ctx: TCompanyContext) {
  const rows = await deps.database.db
    .select()
    .from(blockedCalls)
    .where(eq(blockedCalls.companyId, ctx.companyId))
    .orderBy(desc(blockedCalls.createdAt), desc(blockedCalls.id));
  return {
    blockedNumbers: rows.map((b) => ({
      id: b.id,
      phoneNumber: b.phoneNumber,
      reason: b.reason,
      createdAt: b.createdAt.toISOString(),
    })),
  };
}

/** Blocks a caller: the schema stores its E.164 form, so every spelling of one number is one entry. */
export async function blockNumber(
  deps: TDepsDb,
  ctx: TCompanyContext,
  input: z.infer<typeof ZBlockNumberInputSchema>,
) {
  assertCallCenterAdmin(ctx);
  const phoneNumber = input.phoneNumber;
  try {
    const [row] = await deps.database.db
      .insert(blockedCalls)
      .values({
        companyId: ctx.companyId,
        phoneNumber,
        reason: input.reason || CALL_MESSAGES.DEFAULT_BLOCK_REASON,
      })
      .returning({ id: blockedCalls.id });
    return { id: row?.id ?? "", phoneNumber, message: `${formatPhone(phoneNumber)} blocked` };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("CONFLICT", CALL_MESSAGES.ALREADY_BLOCKED, {
        phoneNumber: [CALL_MESSAGES.ALREADY_BLOCKED],
      });
    }
    throw error;
  }
}

export async function unblockNumber(deps: TDepsDb, ctx: TCompanyContext, id: string) {
  assertCallCenterAdmin(ctx);
  const gone = await deps.database.db
    .delete(blockedCalls)
    .where(and(eq(blockedCalls.id, id), eq(blockedCalls.companyId, ctx.companyId)))
    .returning({ id: blockedCalls.id });
  if (gone.length === 0) throw notFound(CALL_MESSAGES.NOT_FOUND);
  return { success: true as const, message: "Number unblocked" };
}
