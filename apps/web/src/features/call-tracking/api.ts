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
import { api } from "@/lib/api/typed-client";

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
  api.get("/api/call-tracking/setup", { schema: ZCallTrackingSetupSchema, signal });

export const fetchDniNumbers = (signal?: AbortSignal) =>
  api.get("/api/call-tracking/dni-numbers", { schema: ZDniNumberListSchema, signal });

export const saveDniNumber = (id: string | null, input: TDniNumberInput) =>
  id
    ? api.put("/api/call-tracking/dni-numbers/{id}", { params: { id }, body: input, schema: ZSavedDni })
    : api.post("/api/call-tracking/dni-numbers", { body: input, schema: ZSavedDni });

export const deleteDniNumber = (id: string) =>
  api.delete("/api/call-tracking/dni-numbers/{id}", { params: { id }, schema: ZDone });

export const fetchSessions = (signal?: AbortSignal) =>
  api.get("/api/call-tracking/sessions", { schema: ZDniSessionListSchema, signal });

export const fetchTrackingNumbers = (signal?: AbortSignal) =>
  api.get("/api/call-tracking/tracking-numbers", { schema: ZTrackingNumberListSchema, signal });

export const fetchTrackablePhoneNumbers = (signal?: AbortSignal) =>
  api.get("/api/call-tracking/phone-numbers", { schema: ZTrackablePhoneNumberListSchema, signal });

export const createTrackingNumber = (input: TTrackingNumberInput) =>
  api.post("/api/call-tracking/tracking-numbers", {
    body: input,
    schema: z.object({ id: z.string(), message: z.string() }),
  });

export const deleteTrackingNumber = (id: string) =>
  api.delete("/api/call-tracking/tracking-numbers/{id}", { params: { id }, schema: ZDone });

export const fetchAnalytics = (days: number, signal?: AbortSignal) =>
  api.get("/api/call-tracking/analytics", {
    query: { days },
    schema: ZCallTrackingAnalyticsSchema,
    signal,
  });
