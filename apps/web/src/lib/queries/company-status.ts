import { ZCompanyStatusSchema } from "@leadpost/shared";
import { apiClient } from "@/lib/api-client";

/** The company's tier, trial and setup status: read by the buyers screen and the trial banner. */
export const companyStatusQueryKey = ["company-status"] as const;

export const fetchCompanyStatus = (signal?: AbortSignal) =>
  apiClient.get("/api/company/status", { schema: ZCompanyStatusSchema, signal });
