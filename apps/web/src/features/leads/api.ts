import type { TLeadDetail, TLeadFilters, TLeadList } from "@leadpost/shared";
import { api, apiPath } from "@/lib/api/typed-client";
import { devSchemas } from "@/lib/dev-schemas";

// The answers' schemas are checked in development and tests only (./api-schemas): a production build
// types the answers, so the leads screen does not download zod to read them.
const schema = devSchemas(import.meta.env.DEV ? () => import("./api-schemas") : undefined);
const ZLeadCallTouchesSchema = schema("ZLeadCallTouchesSchema");
const ZLeadDetailSchema = schema("ZLeadDetailSchema");
const ZLeadListSchema = schema("ZLeadListSchema");

export type TLeadQuery = TLeadFilters & { page: number; pageSize: number };

export const leadKeys = {
  all: ["leads"] as const,
  list: (q: TLeadQuery) => [...leadKeys.all, "list", q] as const,
  detail: (id: string) => [...leadKeys.all, "detail", id] as const,
};

export const fetchLeads = (query: TLeadQuery, signal?: AbortSignal): Promise<TLeadList> =>
  api.get("/api/leads", { query, schema: ZLeadListSchema, signal });

export const fetchLead = (id: string, signal?: AbortSignal): Promise<TLeadDetail> =>
  api.get("/api/leads/{leadId}", { params: { leadId: id }, schema: ZLeadDetailSchema, signal });

export const deleteLead = (id: string) =>
  api.delete("/api/leads/{leadId}", {
    params: { leadId: id },
    schema: schema("ZLeadDeleted"),
  });

/** The export is a plain download: the browser sends the session cookie with it. */
export function leadsExportUrl(filters: TLeadFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  const search = params.toString();
  return `${apiPath("/api/leads/export")}${search ? `?${search}` : ""}`;
}

/** Tracked calls from the lead's phone around the lead (its call touches). */
export const fetchLeadCalls = (id: string, signal?: AbortSignal) =>
  api.get("/api/call-tracking/leads/{id}/calls", { params: { id }, schema: ZLeadCallTouchesSchema, signal });
