import type { TApproveReturn, TRejectReturn, TReturnStatus } from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";
import { devSchemas } from "@/lib/dev-schemas";

// The answers' schemas are checked in development and tests only (./api-schemas): a production build
// types the answers, so the screen does not download zod to read them.
const schema = devSchemas(import.meta.env.DEV ? () => import("./api-schemas") : undefined);
const ZReturnDecisionSchema = schema("ZReturnDecisionSchema");
const ZReturnListSchema = schema("ZReturnListSchema");
const ZReturnSettingsSchema = schema("ZReturnSettingsSchema");

export const returnKeys = {
  all: ["returns"] as const,
  list: (status: TReturnStatus | "all") => ["returns", "list", status] as const,
  counts: ["returns", "counts"] as const,
};

export const fetchReturns = (status: TReturnStatus | "all", signal?: AbortSignal) =>
  api.get("/api/returns", { query: { status }, schema: ZReturnListSchema, signal });

export const approveReturn = (returnId: string, input: TApproveReturn) =>
  api.post("/api/returns/{returnId}/approve", {
    params: { returnId },
    body: input,
    schema: ZReturnDecisionSchema,
  });

export const rejectReturn = (returnId: string, input: TRejectReturn) =>
  api.post("/api/returns/{returnId}/reject", {
    params: { returnId },
    body: input,
    schema: ZReturnDecisionSchema,
  });

/** The company's return rules (the approval dialog presets "free the slot" from them). */
export const fetchReturnSettings = (signal?: AbortSignal) =>
  api.get("/api/returns/settings", { schema: ZReturnSettingsSchema, signal });
