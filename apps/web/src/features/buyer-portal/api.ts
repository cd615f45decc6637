import type {
  TBuyerProfileUpdate,
  TCreateCreditOrder,
  TFileReturn,
  TMyLeadFilters,
  TMyLeadListQuery,
  TMyLeadUpdate,
  TPreviewListQuery,
  TPurchaseLeadResult,
} from "@leadpost/shared";
import { api, apiPath } from "@/lib/api/typed-client";
import { apiErrorFromBody } from "@/lib/api-error";
import { devSchemas } from "@/lib/dev-schemas";

// The answers' schemas are checked in development and tests only (./api-schemas): a production build
// types the answers, so the portal's pages do not download zod and the phone rules to read them.
const schema = devSchemas(import.meta.env.DEV ? () => import("./api-schemas") : undefined);
const ZBillingHistorySchema = schema("ZBillingHistorySchema");
const ZBuyerProfileSchema = schema("ZBuyerProfileSchema");
const ZBuyerReturnListSchema = schema("ZBuyerReturnListSchema");
const ZBuyerSummarySchema = schema("ZBuyerSummarySchema");
const ZCaptureResultSchema = schema("ZCaptureResultSchema");
const ZCreditOrderSchema = schema("ZCreditOrderSchema");
const ZDeleteResultSchema = schema("ZDeleteResultSchema");
const ZFiledReturnSchema = schema("ZFiledReturnSchema");
const ZMyLeadListSchema = schema("ZMyLeadListSchema");
const ZMyLeadSchema = schema("ZMyLeadSchema");
const ZPreviewListSchema = schema("ZPreviewListSchema");
const ZPurchaseLeadResultSchema = schema("ZPurchaseLeadResultSchema");

/**
 * The server derives the buyer from the session; the header only says which of the user's own buyer
 * workspaces is open (the server ignores it unless it is one of theirs).
 */
const headers = (buyerId: string | null) => (buyerId ? { "X-Buyer-Id": buyerId } : undefined);

export { buyerPortalKeys } from "./query-keys";

export const fetchSummary = (buyerId: string | null, signal?: AbortSignal) =>
  api.get("/api/buyer-portal/summary", { headers: headers(buyerId), schema: ZBuyerSummarySchema, signal });

export const fetchPreviews = (buyerId: string | null, query: TPreviewListQuery, signal?: AbortSignal) =>
  api.get("/api/buyer-portal/previews", {
    headers: headers(buyerId),
    query,
    schema: ZPreviewListSchema,
    signal,
  });

export const deletePreview = (buyerId: string | null, leadId: string) =>
  api.delete("/api/buyer-portal/previews/{leadId}", {
    params: { leadId },
    headers: headers(buyerId),
    schema: ZDeleteResultSchema,
  });

export const deletePreviews = (buyerId: string | null, leadIds: string[]) =>
  api.post("/api/buyer-portal/previews/delete", {
    body: { leadIds },
    headers: headers(buyerId),
    schema: ZDeleteResultSchema,
  });

export const fetchMyLeads = (buyerId: string | null, query: TMyLeadListQuery, signal?: AbortSignal) =>
  api.get("/api/buyer-portal/leads", { headers: headers(buyerId), query, schema: ZMyLeadListSchema, signal });

export const updateMyLead = (buyerId: string | null, leadId: string, update: TMyLeadUpdate) =>
  api.patch("/api/buyer-portal/leads/{leadId}", {
    params: { leadId },
    body: update,
    headers: headers(buyerId),
    schema: ZMyLeadSchema,
  });

export const fetchProfile = (buyerId: string | null, signal?: AbortSignal) =>
  api.get("/api/buyer-portal/profile", { headers: headers(buyerId), schema: ZBuyerProfileSchema, signal });

export const updateProfile = (buyerId: string | null, update: TBuyerProfileUpdate) =>
  api.patch("/api/buyer-portal/profile", {
    body: update,
    headers: headers(buyerId),
    schema: ZBuyerProfileSchema,
  });

export const fetchBilling = (buyerId: string | null, signal?: AbortSignal) =>
  api.get("/api/buyer-portal/billing", { headers: headers(buyerId), schema: ZBillingHistorySchema, signal });

/** Downloads the My Leads CSV through the session cookie and hands it to the browser as a file. */
export async function downloadMyLeadsCsv(buyerId: string | null, filters: TMyLeadFilters) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  const res = await fetch(`${apiPath("/api/buyer-portal/leads/export")}?${params}`, {
    credentials: "include",
    headers: headers(buyerId),
  });
  if (!res.ok) {
    const body = await res.json().catch(() => undefined);
    throw apiErrorFromBody(res.status, body, res.headers.get("x-request-id"));
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "my-leads.csv";
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

// ---- Purchase with credits (the purchase service's call, spec 003 §7 purchase-lead-with-credit) ----

export type TPurchaseResult = TPurchaseLeadResult;

/** Unlocks a lead with credits; the key makes a repeated click or retry buy once. */
export function purchaseLeadWithCredit(
  buyerId: string | null,
  input: { leadId: string; idempotencyKey: string },
): Promise<TPurchaseResult> {
  return api.post("/api/purchases", {
    body: input,
    headers: headers(buyerId),
    schema: ZPurchaseLeadResultSchema,
  });
}

// ---- Credit packs through PayPal (create-credit-order, capture-credit-payment) ----

/** A PayPal order for pack × quantity; the buyer approves it at its approveUrl. */
export const createCreditOrder = (buyerId: string | null, input: TCreateCreditOrder) =>
  api.post("/api/payments/credit-orders", {
    body: input,
    headers: headers(buyerId),
    schema: ZCreditOrderSchema,
  });

/** Captures the approved order (PayPal's token); the server adds the credits once. */
export const captureCreditOrder = (buyerId: string | null, orderId: string) =>
  api.post("/api/payments/credit-orders/{orderId}/capture", {
    params: { orderId },
    headers: headers(buyerId),
    schema: ZCaptureResultSchema,
  });

/** The buyer's lead returns and the company's return policy (window and reasons). */
export const buyerReturnKeys = (buyerId: string | null) => ["buyer-portal", buyerId, "returns"] as const;

export const fetchBuyerReturns = (buyerId: string | null, signal?: AbortSignal) =>
  api.get("/api/buyer-returns", { headers: headers(buyerId), schema: ZBuyerReturnListSchema, signal });

export const fileLeadReturn = (buyerId: string | null, input: TFileReturn) =>
  api.post("/api/buyer-returns", { body: input, headers: headers(buyerId), schema: ZFiledReturnSchema });
