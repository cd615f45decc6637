import { z } from "zod";

/** Every failed API call answers with this body, whatever the status. */
export const ZApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string().optional(),
    /** Field errors from validation, keyed by dotted path. */
    fields: z.record(z.string(), z.array(z.string())).optional(),
    /** Facts about the failure a screen may show (e.g. current balance and attempted change). */
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiErrorSchema>;
