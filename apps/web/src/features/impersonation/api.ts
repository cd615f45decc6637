import { api } from "@/lib/api/typed-client";

export const impersonationStatusKey = ["session", "impersonation"] as const;

// The company layout's banner makes both calls, so it is code of every company page: the answers are
// checked in development only (see TLazySchema), and production pages do not download zod for them.
const schemas = () => import("@leadpost/shared/schemas/platform-admin");

export const fetchImpersonationStatus = (signal?: AbortSignal) =>
  api.get("/api/impersonation", {
    schema: import.meta.env.DEV ? () => schemas().then((s) => s.ZImpersonationStatusSchema) : undefined,
    signal,
  });

export const endImpersonation = () =>
  api.post("/api/impersonation/end", {
    schema: import.meta.env.DEV ? () => schemas().then((s) => s.ZImpersonationEndedSchema) : undefined,
  });
