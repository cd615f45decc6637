import { z } from "zod";
import { API_KEY_ENVIRONMENTS, API_KEY_MESSAGES } from "../domain/api-keys";

export const ZApiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  environment: z.enum(API_KEY_ENVIRONMENTS),
  keyPreview: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKeySchema>;

export const ZApiKeyListSchema = z.object({ keys: z.array(ZApiKeySchema) });

export const ZCreateApiKeySchema = z.object({
  name: z.string().trim().min(1, API_KEY_MESSAGES.NAME_REQUIRED).max(100),
  environment: z.enum(API_KEY_ENVIRONMENTS),
});
export type TCreateApiKey = z.infer<typeof ZCreateApiKeySchema>;

/** The secret appears in this answer only; the server keeps its hash. */
export const ZCreatedApiKeySchema = z.object({ apiKey: ZApiKeySchema, secret: z.string() });

/** A lead as the lead API reads it. */
export const ZApiLeadSchema = z.object({
  id: z.uuid(),
  formId: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  status: z.string(),
  isTest: z.boolean(),
  createdAt: z.string(),
});
export const ZApiLeadListSchema = z.object({ leads: z.array(ZApiLeadSchema) });
export const ZApiLeadListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
