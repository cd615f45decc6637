import type { TEmailLogQuery } from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";
import { devSchemas } from "@/lib/dev-schemas";

// The answers' schemas are checked in development and tests only (./api-schemas): a production build
// types the answers, so the screen does not download zod to read them.
const schema = devSchemas(import.meta.env.DEV ? () => import("./api-schemas") : undefined);
const ZEmailLogMessageSchema = schema("ZEmailLogMessageSchema");
const ZEmailLogSchema = schema("ZEmailLogSchema");

export const emailKeys = {
  all: ["email"] as const,
  log: (query: TEmailLogQuery) => ["email", "log", query] as const,
};

export function fetchEmailLog(query: TEmailLogQuery, signal?: AbortSignal) {
  const params = { page: query.page, status: query.status || undefined, q: query.q || undefined };
  return api.get("/api/email/messages", { query: params, schema: ZEmailLogSchema, signal });
}

export const resendEmail = (id: string) =>
  api.post("/api/email/messages/{id}/resend", { params: { id }, schema: ZEmailLogMessageSchema });
