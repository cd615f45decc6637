import { z } from "zod";
import { AUTH_EVENT_STATUSES, AUTH_EVENT_TYPES } from "../domain/auth-events";

export const ZAuthEventsQuerySchema = z.object({
  email: z.string().trim().max(254).optional(),
  eventType: z.enum(AUTH_EVENT_TYPES).optional(),
  status: z.enum(AUTH_EVENT_STATUSES).optional(),
});

export const ZAuthEventSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  eventType: z.enum(AUTH_EVENT_TYPES),
  status: z.enum(AUTH_EVENT_STATUSES),
  errorMessage: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type TAuthEvent = z.infer<typeof ZAuthEventSchema>;
