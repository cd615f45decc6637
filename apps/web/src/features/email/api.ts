import { type TEmailLogQuery, ZEmailLogMessageSchema, ZEmailLogSchema } from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";

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
