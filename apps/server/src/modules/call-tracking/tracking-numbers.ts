import {
  CALL_TRACKING_MESSAGES,
  type TTrackingNumber,
  type ZTrackingNumberInputSchema,
} from "@leadpost/shared";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { TDeps } from "../../app-types";
import { phoneNumbers, trackingNumbers } from "../../db/schema";
import { AppError, notFound } from "../../lib/app-error";
import type { TCompanyContext } from "../../plugins/tenant";
import { assertCallTrackingAdmin } from "./dni-numbers";

type TDepsDb = Pick<TDeps, "database">;

/** Call Tracking tab: tracking numbers with the phone number each uses, newest first. */
export async function listTrackingNumbers(deps: TDepsDb, ctx: TCompanyContext) {
  const rows = await deps.database.db
    .select({ tracking: trackingNumbers, phoneNumber: phoneNumbers.phoneNumber })
    .from(trackingNumbers)
    .leftJoin(
      phoneNumbers,
      and(
        eq(phoneNumbers.id, trackingNumbers.phoneNumberId),
        eq(phoneNumbers.companyId, trackingNumbers.companyId),
      ),
    )
    .where(eq(trackingNumbers.companyId, ctx.companyId))
    .orderBy(desc(trackingNumbers.createdAt), desc(trackingNumbers.id));
  const list: TTrackingNumber[] = rows.map(({ tracking, phoneNumber }) => ({
    id: tracking.id,
    phoneNumberId: tracking.phoneNumberId,
    phoneNumber: phoneNumber ?? null,
    source: tracking.source,
    campaignId: tracking.campaignId,
    destinationNumber: tracking.destinationNumber,
    status: tracking.status,
    createdAt: tracking.createdAt.toISOString(),
  }));
  return { trackingNumbers: list };
}

/** The company's provider numbers (Twilio and tracking) a tracking number can be linked to. */
export async function listTrackablePhoneNumbers(deps: TDepsDb, ctx: TCompanyContext) {
  const rows = await deps.database.db
    .select({
      id: phoneNumbers.id,
      phoneNumber: phoneNumbers.phoneNumber,
      description: phoneNumbers.description,
      type: phoneNumbers.type,
    })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.companyId, ctx.companyId), inArray(phoneNumbers.type, ["twilio", "tracking"])))
    .orderBy(asc(phoneNumbers.phoneNumber));
  return { phoneNumbers: rows };
}

export async function createTrackingNumber(
  deps: TDepsDb,
  ctx: TCompanyContext,
  input: z.infer<typeof ZTrackingNumberInputSchema>,
) {
  assertCallTrackingAdmin(ctx);
  const db = deps.database.db;
  const [number] = await db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.id, input.phoneNumberId), eq(phoneNumbers.companyId, ctx.companyId)));
  if (!number) {
    throw new AppError("VALIDATION_FAILED", CALL_TRACKING_MESSAGES.UNKNOWN_NUMBER, {
      phoneNumberId: [CALL_TRACKING_MESSAGES.UNKNOWN_NUMBER],
    });
  }
  const [row] = await db
    .insert(trackingNumbers)
    .values({
      companyId: ctx.companyId,
      phoneNumberId: input.phoneNumberId,
      source: input.source,
      destinationNumber: input.destinationNumber,
      campaignId: input.campaignId || null,
    })
    .returning({ id: trackingNumbers.id });
  return { id: row?.id ?? "", message: CALL_TRACKING_MESSAGES.TRACKING_CREATED };
}

export async function deleteTrackingNumber(deps: TDepsDb, ctx: TCompanyContext, id: string) {
  assertCallTrackingAdmin(ctx);
  const deleted = await deps.database.db
    .delete(trackingNumbers)
    .where(and(eq(trackingNumbers.id, id), eq(trackingNumbers.companyId, ctx.companyId)))
    .returning({ id: trackingNumbers.id });
  if (deleted.length === 0) throw notFound(CALL_TRACKING_MESSAGES.NOT_FOUND);
  return { success: true as const, message: CALL_TRACKING_MESSAGES.TRACKING_DELETED };
}
