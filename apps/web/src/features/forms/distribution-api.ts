import type { TUpdateFormDistribution } from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";
import { devSchemas } from "@/lib/dev-schemas";

// A form's distribution method and buyer order (docs/routing.md "Distribution methods"). The answer's
// schema is checked in development and tests only, so the builder does not download zod to read it.
const schema = devSchemas(import.meta.env.DEV ? () => import("./distribution-api-schemas") : undefined);

export const formDistributionKey = (formId: string) => ["forms", formId, "distribution"] as const;

export const fetchFormDistribution = (formId: string, signal?: AbortSignal) =>
  api.get("/api/forms/{formId}/distribution", {
    params: { formId },
    schema: schema("ZFormDistributionSchema"),
    signal,
  });

export const updateFormDistribution = (formId: string, body: TUpdateFormDistribution) =>
  api.patch("/api/forms/{formId}/distribution", {
    params: { formId },
    body,
    schema: schema("ZFormDistributionSchema"),
  });
