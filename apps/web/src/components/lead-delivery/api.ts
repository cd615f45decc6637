import type {
  TCreateDeliveryEndpoint,
  TDeliveryEndpoint,
  TDeliveryEndpointList,
  TDeliveryEndpointWithSecret,
  TDeliveryLog,
  TTestDeliveryResult,
  TUpdateDeliveryEndpoint,
} from "@leadpost/shared";
import { apiClient } from "@/lib/api-client";

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

export const fetchEndpoints = (base: string, signal?: AbortSignal) =>
  apiClient.get<TDeliveryEndpointList>(`${base}/delivery-endpoints`, {
    signal,
    schema: () => schemas().then((m) => m.ZDeliveryEndpointListSchema),
  });

export const createEndpoint = (base: string, input: TCreateDeliveryEndpoint) =>
  apiClient.post<TDeliveryEndpointWithSecret>(`${base}/delivery-endpoints`, input, {
    schema: () => schemas().then((m) => m.ZDeliveryEndpointWithSecretSchema),
  });

export const updateEndpoint = (base: string, id: string, patch: TUpdateDeliveryEndpoint) =>
  apiClient.patch<TDeliveryEndpoint>(`${base}/delivery-endpoints/${id}`, patch, {
    schema: () => schemas().then((m) => m.ZDeliveryEndpointSchema),
  });

export const deleteEndpoint = (base: string, id: string) =>
  apiClient.delete<{ success: true; message: string }>(`${base}/delivery-endpoints/${id}`);

export const rotateSecret = (base: string, id: string) =>
  apiClient.post<TDeliveryEndpointWithSecret>(`${base}/delivery-endpoints/${id}/rotate-secret`, undefined, {
    schema: () => schemas().then((m) => m.ZDeliveryEndpointWithSecretSchema),
  });

export const sendTestLead = (base: string, id: string) =>
  apiClient.post<TTestDeliveryResult>(`${base}/delivery-endpoints/${id}/test`, undefined, {
    timeoutMs: TEST_TIMEOUT_MS,
    schema: () => schemas().then((m) => m.ZTestDeliveryResultSchema),
  });

export const fetchEndpointLog = (base: string, id: string, signal?: AbortSignal) =>
  apiClient.get<TDeliveryLog>(`${base}/delivery-endpoints/${id}/deliveries`, {
    signal,
    schema: () => schemas().then((m) => m.ZDeliveryLogSchema),
  });

export const fetchDeliveryLog = (path: string, signal?: AbortSignal) =>
  apiClient.get<TDeliveryLog>(path, { signal, schema: () => schemas().then((m) => m.ZDeliveryLogSchema) });
