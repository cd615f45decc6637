import type { z } from "@hono/zod-openapi";
import { ZApiErrorSchema } from "@leadpost/shared";

/** A JSON response or request body entry for createRoute. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** A failure answered with the shared error body. */
export const apiError = (description: string) => jsonContent(ZApiErrorSchema, description);

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});
