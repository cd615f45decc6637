import { z } from "zod";

export const ROUTING_MESSAGES = {
  ASSIGNED: "Lead assigned to buyer",
  ALREADY_HOLDS: "This buyer already has full access to this lead.",
  CAP_REACHED: "This lead has reached its sale cap.",
  BUYER_NOT_FOUND: "Buyer not found",
  BUYER_NOT_ACTIVE: "Only active buyers can receive leads.",
  PERMISSION: "Permission denied. You must be an owner or admin to assign leads.",
  TEST_LEAD: "This is a test lead from a sandbox API key: it is never given to buyers.",
} as const;

export const ZAssignLeadSchema = z.object({ buyerId: z.uuid() });
export type TAssignLead = z.infer<typeof ZAssignLeadSchema>;

export const ZAssignLeadResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  status: z.enum(["new", "routed", "unrouted", "sold_out"]),
  saleCount: z.number(),
  saleCap: z.number(),
});
export type TAssignLeadResult = z.infer<typeof ZAssignLeadResultSchema>;

export const ZAssignmentOptionsQuerySchema = z.object({
  /** Matches the buyer's company name, contact name or e-mail. */
  search: z.string().trim().max(200).optional(),
});

/** An active buyer a company admin may hand the lead to, nearest first when both have a location. */
export const ZAssignmentOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  niche: z.string().nullable(),
  distanceMiles: z.number().nullable(),
  serviceRadius: z.number(),
  /** What the buyer already holds of this lead. */
  holds: z.enum(["none", "preview", "full_access"]),
});
export type TAssignmentOption = z.infer<typeof ZAssignmentOptionSchema>;

export const ASSIGNMENT_OPTIONS_LIMIT = 20;

export const ZAssignmentOptionsSchema = z.object({
  buyers: z.array(ZAssignmentOptionSchema),
  saleCap: z.number(),
  saleCount: z.number(),
});
export type TAssignmentOptions = z.infer<typeof ZAssignmentOptionsSchema>;
