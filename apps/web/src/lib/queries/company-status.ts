import { api } from "@/lib/api/typed-client";

/** The company's tier, trial and setup status: read by the buyers screen and the trial banner. */
export const companyStatusQueryKey = ["company-status"] as const;

export const fetchCompanyStatus = (signal?: AbortSignal) =>
  api.get("/api/company/status", {
    // The trial banner asks on every company page: checked in development only (see TLazySchema).
    schema: import.meta.env.DEV
      ? () => import("@leadpost/shared/schemas/company-status").then((s) => s.ZCompanyStatusSchema)
      : undefined,
    signal,
  });
