import { ZImpersonationEndedSchema, ZImpersonationStatusSchema } from "@leadpost/shared";
import { apiClient } from "@/lib/api-client";

export const impersonationStatusKey = ["session", "impersonation"] as const;

export const fetchImpersonationStatus = (signal?: AbortSignal) =>
  apiClient.get("/api/impersonation", { schema: ZImpersonationStatusSchema, signal });

export const endImpersonation = () =>
  apiClient.post("/api/impersonation/end", undefined, { schema: ZImpersonationEndedSchema });
