import { apiClient } from "@/lib/api-client";

export const impersonationStatusKey = ["session", "impersonation"] as const;

// The company layout's banner calls this on every page: its schemas load with the call, not the page.
const schemas = () => import("@leadpost/shared/schemas/platform-admin");

export const fetchImpersonationStatus = (signal?: AbortSignal) =>
  apiClient.get("/api/impersonation", {
    schema: () => schemas().then((s) => s.ZImpersonationStatusSchema),
    signal,
  });

export const endImpersonation = () =>
  apiClient.post("/api/impersonation/end", undefined, {
    schema: () => schemas().then((s) => s.ZImpersonationEndedSchema),
  });
