import type { TCreditAdjustment } from "@leadpost/shared";
import { creditLedgerCsvFileName } from "@leadpost/shared/domain/credit-ledger";
import { api, apiPath } from "@/lib/api/typed-client";
import { apiErrorFromBody } from "@/lib/api-error";
import { devSchemas } from "@/lib/dev-schemas";

// The answers' schemas are checked in development and tests only (./api-schemas): a production build
// types the answers, so the screen does not download zod to read them.
const schema = devSchemas(import.meta.env.DEV ? () => import("./api-schemas") : undefined);
const ZCreditAdjustmentResultSchema = schema("ZCreditAdjustmentResultSchema");
const ZCreditBuyersSchema = schema("ZCreditBuyersSchema");
const ZCreditLedgerSchema = schema("ZCreditLedgerSchema");
const ZCreditsHealthSchema = schema("ZCreditsHealthSchema");

export const creditKeys = {
  all: ["credits"] as const,
  buyers: ["credits", "buyers"] as const,
  ledger: ["credits", "ledger"] as const,
};

export const fetchCreditBuyers = (signal?: AbortSignal) =>
  api.get("/api/credits/buyers", { schema: ZCreditBuyersSchema, signal });

export const fetchLedger = (signal?: AbortSignal) =>
  api.get("/api/credits/ledger", { schema: ZCreditLedgerSchema, signal });

export const adjustCredits = (input: TCreditAdjustment) =>
  api.post("/api/credits/adjust", { body: input, schema: ZCreditAdjustmentResultSchema });

export const checkCreditsHealth = () => api.get("/api/credits/health", { schema: ZCreditsHealthSchema });

/** Downloads the whole ledger as the server's dated CSV. */
export async function downloadLedgerCsv() {
  const res = await fetch(apiPath("/api/credits/ledger/export"), { credentials: "same-origin" });
  if (!res.ok) {
    const body = await res.json().catch(() => undefined);
    throw apiErrorFromBody(res.status, body, res.headers.get("x-request-id"));
  }
  const name =
    /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ??
    creditLedgerCsvFileName(new Date());
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}
