import type { TDniNumberInput, TTrackingNumberInput } from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";
import { devSchemas } from "@/lib/dev-schemas";

// The answers' schemas are checked in development and tests only (./api-schemas): a production build
// types the answers, so call tracking does not download zod to read them.
const schema = devSchemas(import.meta.env.DEV ? () => import("./api-schemas") : undefined);
const ZCallTrackingAnalyticsSchema = schema("ZCallTrackingAnalyticsSchema");
const ZCallTrackingSetupSchema = schema("ZCallTrackingSetupSchema");
const ZDniNumberListSchema = schema("ZDniNumberListSchema");
const ZDniSessionListSchema = schema("ZDniSessionListSchema");
const ZTrackablePhoneNumberListSchema = schema("ZTrackablePhoneNumberListSchema");
const ZTrackingNumberListSchema = schema("ZTrackingNumberListSchema");

export const callTrackingKeys = {
  all: ["call-tracking"] as const,
  setup: ["call-tracking", "setup"] as const,
  dniNumbers: ["call-tracking", "dni-numbers"] as const,
  sessions: ["call-tracking", "sessions"] as const,
  trackingNumbers: ["call-tracking", "tracking-numbers"] as const,
  phoneNumbers: ["call-tracking", "phone-numbers"] as const,
  analytics: (days: number) => ["call-tracking", "analytics", days] as const,
};

const ZDone = schema("ZDone");
const ZSavedDni = schema("ZSavedDni");

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
    schema: schema("ZCreatedTrackingNumber"),
  });

export const deleteTrackingNumber = (id: string) =>
  api.delete("/api/call-tracking/tracking-numbers/{id}", { params: { id }, schema: ZDone });

export const fetchAnalytics = (days: number, signal?: AbortSignal) =>
  api.get("/api/call-tracking/analytics", {
    query: { days },
    schema: ZCallTrackingAnalyticsSchema,
    signal,
  });
