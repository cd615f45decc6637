import {
  type TBuyerApplicationInput,
  type TBuyerTab,
  type TCreateBuyerInput,
  type TUpdateBuyer,
  ZApplicationCompanySchema,
  ZArchiveBuyerResultSchema,
  ZBuyerListSchema,
  ZBuyerResultSchema,
  ZInviteBuyerResultSchema,
} from "@leadpost/shared";
import { z } from "zod";
import { apiClient } from "@/lib/api-client";

export { companyStatusQueryKey, fetchCompanyStatus } from "@/lib/queries/company-status";

// 001 §9 time limits for the buyer calls: 20 s to save, 10 s to archive.
const SAVE_TIMEOUT_MS = 20_000;
const ARCHIVE_TIMEOUT_MS = 10_000;

export const buyersQueryKey = ["buyers"] as const;

export const fetchBuyers = (query: { status: TBuyerTab; nicheId?: string }, signal?: AbortSignal) =>
  apiClient.get("/api/buyers", { query, schema: ZBuyerListSchema, signal });

export const createBuyer = (input: TCreateBuyerInput, idempotencyKey: string) =>
  apiClient.post("/api/buyers", input, {
    schema: ZBuyerResultSchema,
    headers: { "Idempotency-Key": idempotencyKey },
    timeoutMs: SAVE_TIMEOUT_MS,
  });

export const updateBuyer = (buyerId: string, input: TUpdateBuyer) =>
  apiClient.patch(`/api/buyers/${buyerId}`, input, {
    schema: ZBuyerResultSchema,
    timeoutMs: SAVE_TIMEOUT_MS,
  });

export const setBuyerStatus = (buyerId: string, status: "active" | "inactive") =>
  apiClient.post(`/api/buyers/${buyerId}/status`, { status }, { schema: ZBuyerResultSchema });

export const archiveBuyer = (buyerId: string, confirmName: string) =>
  apiClient.post(
    `/api/buyers/${buyerId}/archive`,
    { confirmName },
    {
      schema: ZArchiveBuyerResultSchema,
      timeoutMs: ARCHIVE_TIMEOUT_MS,
    },
  );

export const inviteBuyer = (input: { email: string; nicheId: string; buyerId?: string }) =>
  apiClient.post("/api/buyers/invite", input, {
    schema: ZInviteBuyerResultSchema,
    timeoutMs: SAVE_TIMEOUT_MS,
  });

export const fetchApplicationCompany = (companyId: string, signal?: AbortSignal) =>
  apiClient.get(`/api/buyer-applications/companies/${companyId}`, {
    schema: ZApplicationCompanySchema,
    signal,
    allowUnauthenticated: true,
  });

export const submitApplication = (input: TBuyerApplicationInput) =>
  apiClient.post("/api/buyer-applications", input, {
    schema: z.object({ success: z.literal(true), message: z.string() }),
    allowUnauthenticated: true,
  });
