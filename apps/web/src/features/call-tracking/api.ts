import {
  type TDniNumberInput,
  type TTrackingNumberInput,
  ZCallTrackingAnalyticsSchema,
  ZCallTrackingSetupSchema,
  ZDniNumberListSchema,
  ZDniNumberSchema,
  ZDniSessionListSchema,
  ZTrackablePhoneNumberListSchema,
  ZTrackingNumberListSchema,
} from "@leadpost/shared";
import { z } from "zod";
import { apiClient } from "@/lib/api-client";

export const callTrackingKeys = {
  all: ["call-tracking"] as const,
  setup: ["call-tracking", "setup"] as const,
  dniNumbers: ["call-tracking", "dni-numbers"] as const,
  sessions: ["call-tracking", "sessions"] as const,
  trackingNumbers: ["call-tracking", "tracking-numbers"] as const,
  phoneNumbers: ["call-tracking", "phone-numbers"] as const,
  analytics: (days: number) => ["call-tracking", "analytics", days] as const,
};

const ZDone = z.object({ success: z.literal(true), message: z.string() });
const ZSavedDni = z.object({ number: ZDniNumberSchema, message: z.string() });

export const fetchSetup = (signal?: AbortSignal) =>
  apiClient.get("/api/call-tracking/setup", { schema: ZCallTrackingSetupSchema, signal });

export const fetchDniNumbers = (signal?: AbortSignal) =>
  apiClient.get("/api/call-tracking/dni-numbers", { schema: ZDniNumberListSchema, signal });

export const saveDniNumber = (id: string | null, input: TDniNumberInput) =>
  id
    ? apiClient.put(`/api/call-tracking/dni-numbers/${id}`, input, { schema: ZSavedDni })
    : apiClient.post("/api/call-tracking/dni-numbers", input, { schema: ZSavedDni });

export const deleteDniNumber = (id: string) =>
  apiClient.delete(`/api/call-tracking/dni-numbers/${id}`, { schema: ZDone });

export const fetchSessions = (signal?: AbortSignal) =>
  apiClient.get("/api/call-tracking/sessions", { schema: ZDniSessionListSchema, signal });

export const fetchTrackingNumbers = (signal?: AbortSignal) =>
  apiClient.get("/api/call-tracking/tracking-numbers", { schema: ZTrackingNumberListSchema, signal });

export const fetchTrackablePhoneNumbers = (signal?: AbortSignal) =>
  apiClient.get("/api/call-tracking/phone-numbers", { schema: ZTrackablePhoneNumberListSchema, signal });

export const createTrackingNumber = (input: TTrackingNumberInput) =>
  apiClient.post("/api/call-tracking/tracking-numbers", input, {
    schema: z.object({ id: z.string(), message: z.string() }),
  });

export const deleteTrackingNumber = (id: string) =>
  apiClient.delete(`/api/call-tracking/tracking-numbers/${id}`, { schema: ZDone });

export const fetchAnalytics = (days: number, signal?: AbortSignal) =>
  apiClient.get(`/api/call-tracking/analytics?days=${days}`, {
    schema: ZCallTrackingAnalyticsSchema,
    signal,
  });
