import type { TCallSettings, TPhoneNumberInput } from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";
import { devSchemas } from "@/lib/dev-schemas";

// The answers' schemas are checked in development and tests only (./api-schemas): a production build
// types the answers, so the call center does not download zod to read them.
const schema = devSchemas(import.meta.env.DEV ? () => import("./api-schemas") : undefined);

/** Query keys of the call center; `all` refreshes everything after a change or a live event. */
export const callCenterKeys = {
  all: ["call-center"] as const,
  status: ["call-center", "status"] as const,
  live: ["call-center", "live"] as const,
  history: ["call-center", "history"] as const,
  voicemails: ["call-center", "voicemails"] as const,
  blocked: ["call-center", "blocked"] as const,
  agents: ["call-center", "agents"] as const,
  numbers: ["call-center", "phone-numbers"] as const,
  twilioNumbers: ["call-center", "twilio-numbers"] as const,
  routing: ["call-center", "routing-numbers"] as const,
  metrics: (days: number) => ["call-center", "metrics", days] as const,
  debugger: ["call-center", "debugger"] as const,
  settings: ["call-center", "settings"] as const,
};

const ZDone = schema("ZDone");
const ZBlocked = schema("ZBlocked");

export const fetchStatus = (signal?: AbortSignal) =>
  api.get("/api/calls/status", { schema: schema("ZCallCenterStatusSchema"), signal });
export const fetchLiveCalls = (signal?: AbortSignal) =>
  api.get("/api/calls/live", { schema: schema("ZCallListSchema"), signal });
export const fetchCallHistory = (signal?: AbortSignal) =>
  api.get("/api/calls/history", { schema: schema("ZCallListSchema"), signal });
export const fetchMetrics = (days: number, signal?: AbortSignal) =>
  api.get("/api/calls/metrics", { query: { days }, schema: schema("ZCallMetricsSchema"), signal });
export const deleteCalls = (callIds: string[]) =>
  api.post("/api/calls/delete", {
    body: { callIds },
    schema: schema("ZDeletedCalls"),
  });

export const fetchVoicemails = (signal?: AbortSignal) =>
  api.get("/api/calls/voicemails", { schema: schema("ZVoicemailListSchema"), signal });
export const markVoicemailRead = (id: string) =>
  api.post("/api/calls/voicemails/{id}/read", { params: { id }, schema: ZDone });

export const fetchBlocked = (signal?: AbortSignal) =>
  api.get("/api/calls/blocked-numbers", { schema: schema("ZBlockedNumberListSchema"), signal });
export const blockNumber = (input: { phoneNumber: string; reason?: string | null }) =>
  api.post("/api/calls/blocked-numbers", { body: input, schema: ZBlocked });
export const unblockNumber = (id: string) =>
  api.delete("/api/calls/blocked-numbers/{id}", { params: { id }, schema: ZDone });

export type TAgentValues = {
  name: string;
  phoneNumber: string;
  status: "available" | "busy" | "offline";
  sequenceOrder: number;
};
export const fetchAgents = (signal?: AbortSignal) =>
  api.get("/api/calls/agents", { schema: schema("ZAgentListSchema"), signal });
export const saveAgent = (id: string | null, input: TAgentValues) =>
  id
    ? api.put("/api/calls/agents/{id}", {
        params: { id },
        body: input,
        schema: schema("ZSavedAgent"),
      })
    : api.post("/api/calls/agents", { body: input, schema: schema("ZSavedAgent") });
export const deleteAgent = (id: string) =>
  api.delete("/api/calls/agents/{id}", { params: { id }, schema: ZDone });

export const fetchPhoneNumbers = (signal?: AbortSignal) =>
  api.get("/api/calls/phone-numbers", { schema: schema("ZPhoneNumberListSchema"), signal });
const ZSavedNumber = schema("ZSavedNumber");
export const createPhoneNumber = (input: TPhoneNumberInput) =>
  api.post("/api/calls/phone-numbers", { body: input, schema: ZSavedNumber });
export const updatePhoneNumber = (id: string, patch: Partial<TPhoneNumberInput>) =>
  api.patch("/api/calls/phone-numbers/{id}", { params: { id }, body: patch, schema: ZSavedNumber });
/** Add Phone Number: the numbers of the company's Twilio account. */
export const fetchTwilioNumbers = (signal?: AbortSignal) =>
  api.get("/api/calls/twilio-numbers", { schema: schema("ZIncomingNumberListSchema"), signal });
/** Sets the number's voice URL and status callback in Twilio. */
export const connectPhoneNumber = (id: string) =>
  api.post("/api/calls/phone-numbers/{id}/connect", { params: { id }, schema: ZDone });
export const deletePhoneNumber = (id: string) =>
  api.delete("/api/calls/phone-numbers/{id}", { params: { id }, schema: ZDone });
export const linkRoutingNumber = (numberId: string, routingId: string) =>
  api.post("/api/calls/phone-numbers/{id}/routing-numbers/{routingId}", {
    params: { id: numberId, routingId },
    schema: ZDone,
  });
export const unlinkRoutingNumber = (numberId: string, routingId: string) =>
  api.delete("/api/calls/phone-numbers/{id}/routing-numbers/{routingId}", {
    params: { id: numberId, routingId },
    schema: ZDone,
  });

export const fetchRoutingNumbers = (signal?: AbortSignal) =>
  api.get("/api/calls/routing-numbers", { schema: schema("ZRoutingNumberListSchema"), signal });
export const createRoutingNumber = (input: { label: string; phoneNumber: string }) =>
  api.post("/api/calls/routing-numbers", {
    body: input,
    schema: schema("ZSavedRoutingNumber"),
  });
export const deleteRoutingNumber = (id: string) =>
  api.delete("/api/calls/routing-numbers/{id}", { params: { id }, schema: ZDone });

export const runTestCall = (phoneNumberId: string, from?: string) =>
  api.post("/api/calls/test-call", {
    body: { phoneNumberId, from: from || null },
    schema: schema("ZTestCall"),
  });

/** The audio types a voicemail greeting may be: what Twilio plays (the server checks the content too). */
export const VOICEMAIL_AUDIO_TYPES = ["audio/mp3", "audio/mpeg", "audio/wav", "audio/x-wav", "audio/wave"];
const ZSavedAudio = schema("ZSavedAudio");

export function uploadVoicemailAudio(numberId: string, file: Blob, name: string) {
  const body = new FormData();
  body.set("file", file, name);
  return api.post("/api/calls/phone-numbers/{id}/voicemail-audio", {
    params: { id: numberId },
    body,
    schema: ZSavedAudio,
  });
}
export const deleteVoicemailAudio = (numberId: string) =>
  api.delete("/api/calls/phone-numbers/{id}/voicemail-audio", {
    params: { id: numberId },
    schema: ZSavedAudio,
  });

export const fetchDebugger = (signal?: AbortSignal) =>
  api.get("/api/calls/debugger", { schema: schema("ZCallDebuggerSchema"), signal });

/** Company-wide call settings (the defaults of numbers that do not set their own). */
export const fetchCallSettings = (signal?: AbortSignal) =>
  api.get("/api/calls/settings", { schema: schema("ZCallSettingsAnswer"), signal });
export const updateCallSettings = (changes: Partial<TCallSettings>) =>
  api.patch("/api/calls/settings", {
    body: changes,
    schema: schema("ZSavedCallSettings"),
  });
