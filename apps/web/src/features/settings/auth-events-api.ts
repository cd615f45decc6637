import { api } from "@/lib/api/typed-client";
import { schema } from "./api-schema";

// The sign-in history's call (its answer checked in development only: ./api-schema.ts).
const ZAuthEvents = schema("ZAuthEvents");

export const fetchAuthEvents = (
  query: { email?: string; eventType?: string; status?: string },
  signal?: AbortSignal,
) => api.get("/api/auth-events", { query, schema: ZAuthEvents, signal });
