// Zod-free: the web app's live updates read it on every signed-in page.

/** Where the browser opens its one event stream (server-sent events). */
export const REALTIME_EVENTS_PATH = "/api/events";
/** Sent first on every (re)connection: anything published while disconnected was missed. */
export const REALTIME_READY_EVENT = "ready";

/**
 * Postgres NOTIFY channels the browser hears about over the event stream, each event named after its
 * channel. Every payload names its company and, when it concerns one buyer, that buyer; the stream
 * forwards it only to sessions allowed to see it.
 */
export const REALTIME_CHANNELS = [
  /** A buyer_leads entry was created (preview or full access): { companyId, buyerId, leadId, isPreview }. */
  "buyer_lead_created",
  /** A buyer's credit balance changed: { companyId, buyerId, balance? }. */
  "credits_changed",
  /** A buyer record changed (profile, package): { companyId, buyerId }. */
  "buyer_updated",
  /** A company changed (credit value, payment settings): { companyId }; its users and buyers hear it. */
  "company_updated",
  /** A call to a tracking number was logged or changed status: { companyId }. */
  "call_tracked",
  /** A call of the call center was logged or changed (status, recording, voicemail): { companyId }. */
  "call_updated",
  /**
   * A routed lead that buyers see as a derived preview (no row each): { companyId, leadId }. Never sent
   * to a browser as such: each stream turns it into `buyer_lead_created` for its own buyers concerned.
   */
  "lead_previews",
] as const;
export type TRealtimeChannel = (typeof REALTIME_CHANNELS)[number];

export type TRealtimePayload = {
  companyId: string;
  buyerId?: string | null;
  leadId?: string | null;
  isPreview?: boolean;
  balance?: number;
};
export type TRealtimeEvent = { channel: TRealtimeChannel; payload: TRealtimePayload };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const optionalUuid = (v: unknown) => v === undefined || v === null || (typeof v === "string" && UUID.test(v));

/** The payload when it has the shape above (unknown keys dropped), else null. */
export function realtimePayload(value: unknown): TRealtimePayload | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.companyId !== "string" || !UUID.test(v.companyId)) return null;
  if (!optionalUuid(v.buyerId) || !optionalUuid(v.leadId)) return null;
  if (v.isPreview !== undefined && typeof v.isPreview !== "boolean") return null;
  if (v.balance !== undefined && !Number.isInteger(v.balance)) return null;
  const payload: TRealtimePayload = { companyId: v.companyId };
  if (v.buyerId !== undefined) payload.buyerId = v.buyerId as string | null;
  if (v.leadId !== undefined) payload.leadId = v.leadId as string | null;
  if (v.isPreview !== undefined) payload.isPreview = v.isPreview;
  if (v.balance !== undefined) payload.balance = v.balance as number;
  return payload;
}

/** An event's data as sent on the stream or a NOTIFY, parsed and checked; null when it is not one. */
export function parseRealtimePayload(data: string): TRealtimePayload | null {
  try {
    return realtimePayload(JSON.parse(data));
  } catch {
    return null;
  }
}
