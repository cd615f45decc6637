import { type TEmailLogQuery, ZEmailLogMessageSchema, ZEmailLogSchema } from "@leadpost/shared";
import { apiClient } from "@/lib/api-client";

export const emailKeys = {
  all: ["email"] as const,
  log: (query: TEmailLogQuery) => ["email", "log", query] as const,
};

export function fetchEmailLog(query: TEmailLogQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.status) params.set("status", query.status);
  if (query.q) params.set("q", query.q);
  return apiClient.get(`/api/email/messages?${params}`, { schema: ZEmailLogSchema, signal });
}

export const resendEmail = (id: string) =>
  apiClient.post(`/api/email/messages/${id}/resend`, undefined, { schema: ZEmailLogMessageSchema });
