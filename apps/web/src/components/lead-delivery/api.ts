import type { TCreateDeliveryEndpoint, TUpdateDeliveryEndpoint } from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";

/**
 * Delivery endpoints are the same calls under two roofs (docs/lead-delivery.md): a company's buyer
 * (`/api/buyers/{buyerId}`) and the buyer's own portal (`/api/buyer-portal`). `base` names the roof.
 */
const schemas = () => import("@leadpost/shared/schemas/lead-delivery");

export const deliveryKeys = {
  endpoints: (base: string) => ["delivery-endpoints", base] as const,
  endpointLog: (base: string, endpointId: string) => ["delivery-endpoints", base, endpointId, "log"] as const,
  leadLog: (path: string) => ["lead-deliveries", path] as const,
};

// A test waits for the buyer's system (up to the server's delivery timeout, 10 s by default).
const TEST_TIMEOUT_MS = 60_000;

/** The company's buyer under `/api/buyers/{buyerId}`, or null for the buyer's own portal. */
function companyBuyerId(base: string): string | null {
  const match = /^\/api\/buyers\/([^/]+)$/.exec(base);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

export const fetchEndpoints = (base: string, signal?: AbortSignal) => {
  const options = { signal, schema: () => schemas().then((m) => m.ZDeliveryEndpointListSchema) };
  const buyerId = companyBuyerId(base);
  return buyerId
    ? api.get("/api/buyers/{buyerId}/delivery-endpoints", { ...options, params: { buyerId } })
    : api.get("/api/buyer-portal/delivery-endpoints", options);
};

export const createEndpoint = (base: string, input: TCreateDeliveryEndpoint) => {
  const options = { body: input, schema: () => schemas().then((m) => m.ZDeliveryEndpointWithSecretSchema) };
  const buyerId = companyBuyerId(base);
  return buyerId
    ? api.post("/api/buyers/{buyerId}/delivery-endpoints", { ...options, params: { buyerId } })
    : api.post("/api/buyer-portal/delivery-endpoints", options);
};

export const updateEndpoint = (base: string, endpointId: string, patch: TUpdateDeliveryEndpoint) => {
  const options = { body: patch, schema: () => schemas().then((m) => m.ZDeliveryEndpointSchema) };
  const buyerId = companyBuyerId(base);
  return buyerId
    ? api.patch("/api/buyers/{buyerId}/delivery-endpoints/{endpointId}", {
        ...options,
        params: { buyerId, endpointId },
      })
    : api.patch("/api/buyer-portal/delivery-endpoints/{endpointId}", { ...options, params: { endpointId } });
};

export const deleteEndpoint = (base: string, endpointId: string) => {
  const buyerId = companyBuyerId(base);
  return buyerId
    ? api.delete("/api/buyers/{buyerId}/delivery-endpoints/{endpointId}", { params: { buyerId, endpointId } })
    : api.delete("/api/buyer-portal/delivery-endpoints/{endpointId}", { params: { endpointId } });
};

export const rotateSecret = (base: string, endpointId: string) => {
  const options = { schema: () => schemas().then((m) => m.ZDeliveryEndpointWithSecretSchema) };
  const buyerId = companyBuyerId(base);
  return buyerId
    ? api.post("/api/buyers/{buyerId}/delivery-endpoints/{endpointId}/rotate-secret", {
        ...options,
        params: { buyerId, endpointId },
      })
    : api.post("/api/buyer-portal/delivery-endpoints/{endpointId}/rotate-secret", {
        ...options,
        params: { endpointId },
      });
};

export const sendTestLead = (base: string, endpointId: string) => {
  const options = {
    timeoutMs: TEST_TIMEOUT_MS,
    schema: () => schemas().then((m) => m.ZTestDeliveryResultSchema),
  };
  const buyerId = companyBuyerId(base);
  return buyerId
    ? api.post("/api/buyers/{buyerId}/delivery-endpoints/{endpointId}/test", {
        ...options,
        params: { buyerId, endpointId },
      })
    : api.post("/api/buyer-portal/delivery-endpoints/{endpointId}/test", {
        ...options,
        params: { endpointId },
      });
};

export const fetchEndpointLog = (base: string, endpointId: string, signal?: AbortSignal) => {
  const options = { signal, schema: () => schemas().then((m) => m.ZDeliveryLogSchema) };
  const buyerId = companyBuyerId(base);
  return buyerId
    ? api.get("/api/buyers/{buyerId}/delivery-endpoints/{endpointId}/deliveries", {
        ...options,
        params: { buyerId, endpointId },
      })
    : api.get("/api/buyer-portal/delivery-endpoints/{endpointId}/deliveries", {
        ...options,
        params: { endpointId },
      });
};

/** A lead's deliveries: `/api/leads/{leadId}/deliveries` (the company) or the buyer portal's. */
export const fetchDeliveryLog = (path: string, signal?: AbortSignal) => {
  const options = { signal, schema: () => schemas().then((m) => m.ZDeliveryLogSchema) };
  const match = /^\/api\/(leads|buyer-portal\/leads)\/([^/]+)\/deliveries$/.exec(path);
  const leadId = decodeURIComponent(match?.[2] ?? "");
  return match?.[1] === "leads"
    ? api.get("/api/leads/{leadId}/deliveries", { ...options, params: { leadId } })
    : api.get("/api/buyer-portal/leads/{leadId}/deliveries", { ...options, params: { leadId } });
};
