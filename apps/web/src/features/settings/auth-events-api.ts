import { api } from "@/lib/api/typed-client";
import { devSchemas } from "@/lib/dev-schemas";

// The sign-in history's call; its answer checked in development only, as ./api.ts's.
const schema = devSchemas(import.meta.env.DEV ? () => import("./api-schemas") : undefined);
const ZAuthEvents = schema("ZAuthEvents");

export const fetchAuthEvents = (
  query: { email?: string; eventType?: string; status?: string },
  signal?: AbortSignal,
) => api.get("/api/auth-events", { query, schema: ZAuthEvents, signal });
