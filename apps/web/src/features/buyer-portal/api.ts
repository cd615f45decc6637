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
import { apiClient } from "@/lib/api-client";
import { apiErrorFromBody } from "@/lib/api-error";

// The answers' schemas are checked in development and tests only (./api-schemas): a production build
// types the answers, so the portal's pages do not download zod and the phone rules to read them.
type TSchemas = typeof import("./api-schemas");
const schema = <K extends keyof TSchemas>(name: K) =>
  import.meta.env.DEV
    ? () => import("./api-schemas").then((schemas): TSchemas[K] => schemas[name])
    : undefined;
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

const BASE = "/api/buyer-portal";

/**
 * The server derives the buyer from the session; the header only says which of the user's own buyer
 * workspaces is open (the server ignores it unless it is one of theirs).
 */
const headers = (buyerId: string | null) => (buyerId ? { "X-Buyer-Id": buyerId } : undefined);

export { buyerPortalKeys } from "./query-keys";

export const fetchSummary = (buyerId: string | null, signal?: AbortSignal) =>
  apiClient.get(`${BASE}/summary`, { headers: headers(buyerId), schema: ZBuyerSummarySchema, signal });

export const fetchPreviews = (buyerId: string | null, query: TPreviewListQuery, signal?: AbortSignal) =>
  apiClient.get(`${BASE}/previews`, {
    headers: headers(buyerId),
    query,
    schema: ZPreviewListSchema,
    signal,
  });

export const deletePreview = (buyerId: string | null, leadId: string) =>
  apiClient.delete(`${BASE}/previews/${leadId}`, { headers: headers(buyerId), schema: ZDeleteResultSchema });

export const deletePreviews = (buyerId: string | null, leadIds: string[]) =>
  apiClient.post(
    `${BASE}/previews/delete`,
    { leadIds },
    { headers: headers(buyerId), schema: ZDeleteResultSchema },
  );

export const fetchMyLeads = (buyerId: string | null, query: TMyLeadListQuery, signal?: AbortSignal) =>
  apiClient.get(`${BASE}/leads`, { headers: headers(buyerId), query, schema: ZMyLeadListSchema, signal });

export const updateMyLead = (buyerId: string | null, leadId: string, update: TMyLeadUpdate) =>
  apiClient.patch(`${BASE}/leads/${leadId}`, update, { headers: headers(buyerId), schema: ZMyLeadSchema });

export const fetchProfile = (buyerId: string | null, signal?: AbortSignal) =>
  apiClient.get(`${BASE}/profile`, { headers: headers(buyerId), schema: ZBuyerProfileSchema, signal });

export const updateProfile = (buyerId: string | null, update: TBuyerProfileUpdate) =>
  apiClient.patch(`${BASE}/profile`, update, { headers: headers(buyerId), schema: ZBuyerProfileSchema });

export const fetchBilling = (buyerId: string | null, signal?: AbortSignal) =>
  apiClient.get(`${BASE}/billing`, { headers: headers(buyerId), schema: ZBillingHistorySchema, signal });

/** Downloads the My Leads CSV through the session cookie and hands it to the browser as a file. */
export async function downloadMyLeadsCsv(buyerId: string | null, filters: TMyLeadFilters) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  const res = await fetch(`${BASE}/leads/export?${params}`, {
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

/** purchase-lead-with-credit of the purchases module (PRODUCT §3). */
export const PURCHASE_PATH = "/api/purchases";

/** Unlocks a lead with credits; the key makes a repeated click or retry buy once. */
export function purchaseLeadWithCredit(
  buyerId: string | null,
  input: { leadId: string; idempotencyKey: string },
): Promise<TPurchaseResult> {
  return apiClient.post(PURCHASE_PATH, input, {
    headers: headers(buyerId),
    schema: ZPurchaseLeadResultSchema,
  });
}

// ---- Credit packs through PayPal (create-credit-order, capture-credit-payment) ----

const ORDERS = "/api/payments/credit-orders";

/** A PayPal order for pack × quantity; the buyer approves it at its approveUrl. */
export const createCreditOrder = (buyerId: string | null, input: TCreateCreditOrder) =>
  apiClient.post(ORDERS, input, { headers: headers(buyerId), schema: ZCreditOrderSchema });

/** Captures the approved order (PayPal's token); the server adds the credits once. */
export const captureCreditOrder = (buyerId: string | null, orderId: string) =>
  apiClient.post(`${ORDERS}/${encodeURIComponent(orderId)}/capture`, undefined, {
    headers: headers(buyerId),
    schema: ZCaptureResultSchema,
  });

/** The buyer's lead returns and the company's return policy (window and reasons). */
export const buyerReturnKeys = (buyerId: string | null) => ["buyer-portal", buyerId, "returns"] as const;

export const fetchBuyerReturns = (buyerId: string | null, signal?: AbortSignal) =>
  apiClient.get("/api/buyer-returns", { headers: headers(buyerId), schema: ZBuyerReturnListSchema, signal });

export const fileLeadReturn = (buyerId: string | null, input: TFileReturn) =>
  apiClient.post("/api/buyer-returns", input, { headers: headers(buyerId), schema: ZFiledReturnSchema });
