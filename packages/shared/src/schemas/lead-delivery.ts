import { z } from "zod";
import { patchSchemaOf } from "./patch";

export const DELIVERY_FORMATS = ["json", "form"] as const;
export type TDeliveryFormat = (typeof DELIVERY_FORMATS)[number];
export const DELIVERY_STATUSES = [
  "pending",
  "sending",
  "retrying",
  "accepted",
  "rejected",
  "failed",
] as const;
export type TDeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_ATTEMPT_OUTCOMES = ["accepted", "rejected", "error", "timeout", "refused"] as const;

/** Endpoints one buyer may have. */
export const MAX_DELIVERY_ENDPOINTS = 10;

export const LEAD_DELIVERY_MESSAGES = {
  NAME_REQUIRED: "Enter a name for the endpoint",
  URL_REQUIRED: "Enter the endpoint's URL",
  URL_INVALID: "Enter the endpoint's full URL, such as https://crm.example.com/leads",
  URL_HTTPS: "The endpoint's URL must start with https://",
  URL_CREDENTIALS: "The endpoint's URL must not contain a user name or password",
  URL_BLOCKED: (address: string) =>
    `The endpoint's URL points to ${address}, a private, loopback, link-local or multicast address. Use the public address of your system.`,
  FIELD_NAME: "Each field needs a name of 1 to 100 characters",
  NOT_FOUND: "Delivery endpoint not found",
  LEAD_NOT_FOUND: "Lead not found",
  PERMISSION: "Permission denied. You must be an owner or admin to do this.",
  LIMIT: `A buyer can have at most ${MAX_DELIVERY_ENDPOINTS} delivery endpoints.`,
  CREATED: "Endpoint added. Copy the signing secret now: it is not shown again.",
  ROTATED: "New signing secret made. Copy it now: it is not shown again.",
  UPDATED: "Endpoint saved",
  DELETED: "Endpoint deleted",
  TEST_ACCEPTED: "The endpoint accepted the test lead",
  TEST_REJECTED: "The endpoint rejected the test lead",
  TEST_FAILED: "The test lead could not be delivered",
} as const;

const ZFieldMapSchema = z
  .record(
    z.string().trim().min(1, LEAD_DELIVERY_MESSAGES.FIELD_NAME).max(100, LEAD_DELIVERY_MESSAGES.FIELD_NAME),
    z.string().trim().min(1, LEAD_DELIVERY_MESSAGES.FIELD_NAME).max(100, LEAD_DELIVERY_MESSAGES.FIELD_NAME),
  )
  .refine((m) => Object.keys(m).length <= 50, { message: "At most 50 mapped fields" });

const endpointShape = {
  name: z
    .string(LEAD_DELIVERY_MESSAGES.NAME_REQUIRED)
    .trim()
    .min(1, LEAD_DELIVERY_MESSAGES.NAME_REQUIRED)
    .max(100, "The name can be at most 100 characters"),
  url: z
    .string(LEAD_DELIVERY_MESSAGES.URL_REQUIRED)
    .trim()
    .min(1, LEAD_DELIVERY_MESSAGES.URL_REQUIRED)
    .max(2000, "The URL can be at most 2000 characters"),
  format: z.enum(DELIVERY_FORMATS, "Choose JSON or form-encoded").default("json"),
  /** Form-encoded only: our field name (or an answer's label) → the name the buyer's system expects. */
  fieldMap: ZFieldMapSchema.default({}),
  enabled: z.boolean().default(true),
};

export const ZCreateDeliveryEndpointSchema = z.object(endpointShape);
export type TCreateDeliveryEndpoint = z.input<typeof ZCreateDeliveryEndpointSchema>;
/** A PATCH: only the fields it names change. */
export const ZUpdateDeliveryEndpointSchema = patchSchemaOf(endpointShape);
export type TUpdateDeliveryEndpoint = z.infer<typeof ZUpdateDeliveryEndpointSchema>;

export const ZDeliveryEndpointSchema = z.object({
  id: z.uuid(),
  buyerId: z.uuid(),
  name: z.string(),
  url: z.string(),
  format: z.enum(DELIVERY_FORMATS),
  fieldMap: z.record(z.string(), z.string()),
  enabled: z.boolean(),
  /** Only the last four characters of the signing secret ever leave the server after creation. */
  secretLast4: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TDeliveryEndpoint = z.infer<typeof ZDeliveryEndpointSchema>;
export const ZDeliveryEndpointListSchema = z.object({ endpoints: z.array(ZDeliveryEndpointSchema) });
export type TDeliveryEndpointList = z.infer<typeof ZDeliveryEndpointListSchema>;

/** Creation and rotation: the full secret, in this answer only. */
export const ZDeliveryEndpointWithSecretSchema = z.object({
  endpoint: ZDeliveryEndpointSchema,
  secret: z.string(),
  message: z.string(),
});
export type TDeliveryEndpointWithSecret = z.infer<typeof ZDeliveryEndpointWithSecretSchema>;

export const ZDeliveryEndpointParamsSchema = z.object({ endpointId: z.uuid() });
export const ZBuyerDeliveryEndpointParamsSchema = z.object({ buyerId: z.uuid(), endpointId: z.uuid() });

export const ZDeliveryAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  outcome: z.enum(DELIVERY_ATTEMPT_OUTCOMES),
  reason: z.string().nullable(),
  /** The first bytes of the buyer's answer. */
  responseExcerpt: z.string().nullable(),
});
export type TDeliveryAttempt = z.infer<typeof ZDeliveryAttemptSchema>;

export const ZDeliverySchema = z.object({
  /** The X-Leadpost-Delivery-Id header: the same on every attempt, so the buyer can de-duplicate. */
  id: z.uuid(),
  endpointId: z.uuid().nullable(),
  endpointName: z.string(),
  url: z.string(),
  buyerId: z.uuid(),
  buyerName: z.string().nullable(),
  leadId: z.uuid().nullable(),
  isTest: z.boolean(),
  status: z.enum(DELIVERY_STATUSES),
  reason: z.string().nullable(),
  attempts: z.array(ZDeliveryAttemptSchema),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TDelivery = z.infer<typeof ZDeliverySchema>;
export const ZDeliveryLogSchema = z.object({ deliveries: z.array(ZDeliverySchema) });
export type TDeliveryLog = z.infer<typeof ZDeliveryLogSchema>;

export const ZTestDeliveryResultSchema = z.object({ message: z.string(), delivery: ZDeliverySchema });
export type TTestDeliveryResult = z.infer<typeof ZTestDeliveryResultSchema>;

export const ZDeleteDeliveryEndpointResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
