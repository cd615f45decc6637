import { z } from "zod";

/**
 * Postgres NOTIFY channels the browser hears about over /api/events. Every payload names its company and,
 * when it concerns one buyer, that buyer; the stream forwards it only to sessions allowed to see it.
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

export const ZRealtimePayloadSchema = z.object({
  companyId: z.uuid(),
  buyerId: z.uuid().nullish(),
  leadId: z.uuid().nullish(),
  isPreview: z.boolean().optional(),
  balance: z.number().int().optional(),
});
export type TRealtimePayload = z.infer<typeof ZRealtimePayloadSchema>;

export type TRealtimeEvent = { channel: TRealtimeChannel; payload: TRealtimePayload };
