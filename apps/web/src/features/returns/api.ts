import {
  type TApproveReturn,
  type TRejectReturn,
  type TReturnStatus,
  ZReturnDecisionSchema,
  ZReturnListSchema,
  ZReturnSettingsSchema,
} from "@leadpost/shared";
import { apiClient } from "@/lib/api-client";

export const returnKeys = {
  all: ["returns"] as const,
  list: (status: TReturnStatus | "all") => ["returns", "list", status] as const,
  counts: ["returns", "counts"] as const,
};

export const fetchReturns = (status: TReturnStatus | "all", signal?: AbortSignal) =>
  apiClient.get("/api/returns", { query: { status }, schema: ZReturnListSchema, signal });

export const approveReturn = (returnId: string, input: TApproveReturn) =>
  apiClient.post(`/api/returns/${returnId}/approve`, input, { schema: ZReturnDecisionSchema });

export const rejectReturn = (returnId: string, input: TRejectReturn) =>
  apiClient.post(`/api/returns/${returnId}/reject`, input, { schema: ZReturnDecisionSchema });

/** The company's return rules (the approval dialog presets "free the slot" from them). */
export const fetchReturnSettings = (signal?: AbortSignal) =>
  apiClient.get("/api/returns/settings", { schema: ZReturnSettingsSchema, signal });
