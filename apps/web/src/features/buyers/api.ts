import type { TBuyerApplicationInput, TBuyerTab, TCreateBuyerInput, TUpdateBuyer } from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";
import { devSchemas } from "@/lib/dev-schemas";

// The answers' schemas are checked in development and tests only (./api-schemas): a production build
// types the answers, so the Buyers screen does not download zod to read them.
const schema = devSchemas(import.meta.env.DEV ? () => import("./api-schemas") : undefined);
const ZApplicationCompanySchema = schema("ZApplicationCompanySchema");
const ZArchiveBuyerResultSchema = schema("ZArchiveBuyerResultSchema");
const ZBuyerListSchema = schema("ZBuyerListSchema");
const ZBuyerResultSchema = schema("ZBuyerResultSchema");
const ZInviteBuyerResultSchema = schema("ZInviteBuyerResultSchema");

export { companyStatusQueryKey, fetchCompanyStatus } from "@/lib/queries/company-status";

// 001 §9 time limits for the buyer calls: 20 s to save, 10 s to archive.
const SAVE_TIMEOUT_MS = 20_000;
const ARCHIVE_TIMEOUT_MS = 10_000;

export const buyersQueryKey = ["buyers"] as const;

export const fetchBuyers = (query: { status: TBuyerTab; nicheId?: string }, signal?: AbortSignal) =>
  api.get("/api/buyers", { query, schema: ZBuyerListSchema, signal });

export const createBuyer = (input: TCreateBuyerInput, idempotencyKey: string) =>
  api.post("/api/buyers", {
    body: input,
    schema: ZBuyerResultSchema,
    headers: { "Idempotency-Key": idempotencyKey },
    timeoutMs: SAVE_TIMEOUT_MS,
  });

export const updateBuyer = (buyerId: string, input: TUpdateBuyer) =>
  api.patch("/api/buyers/{buyerId}", {
    params: { buyerId },
    body: input,
    schema: ZBuyerResultSchema,
    timeoutMs: SAVE_TIMEOUT_MS,
  });

export const setBuyerStatus = (buyerId: string, status: "active" | "inactive") =>
  api.post("/api/buyers/{buyerId}/status", {
    params: { buyerId },
    body: { status },
    schema: ZBuyerResultSchema,
  });

export const archiveBuyer = (buyerId: string, confirmName: string) =>
  api.post("/api/buyers/{buyerId}/archive", {
    params: { buyerId },
    body: { confirmName },
    schema: ZArchiveBuyerResultSchema,
    timeoutMs: ARCHIVE_TIMEOUT_MS,
  });

export const inviteBuyer = (input: { email: string; nicheId: string; buyerId?: string }) =>
  api.post("/api/buyers/invite", {
    body: input,
    schema: ZInviteBuyerResultSchema,
    timeoutMs: SAVE_TIMEOUT_MS,
  });

export const fetchApplicationCompany = (companyId: string, signal?: AbortSignal) =>
  api.get("/api/buyer-applications/companies/{companyId}", {
    params: { companyId },
    schema: ZApplicationCompanySchema,
    signal,
    allowUnauthenticated: true,
  });

export const submitApplication = (input: TBuyerApplicationInput) =>
  api.post("/api/buyer-applications", {
    body: input,
    schema: schema("ZApplicationSubmitted"),
    allowUnauthenticated: true,
  });
