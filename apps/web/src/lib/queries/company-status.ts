import { apiClient } from "@/lib/api-client";

/** The company's tier, trial and setup status: read by the buyers screen and the trial banner. */
export const companyStatusQueryKey = ["company-status"] as const;

export const fetchCompanyStatus = (signal?: AbortSignal) =>
  apiClient.get("/api/company/status", {
    // Loaded with the call: the trial banner asks on every company page, and zod is not in the first load.
    schema: () => import("@leadpost/shared/schemas/company-status").then((s) => s.ZCompanyStatusSchema),
    signal,
  });
