import { z } from "zod";

export const ZHealthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ ok: z.boolean(), kind: z.enum(["pglite", "postgres"]), latencyMs: z.number() }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type THealth = z.infer<typeof ZHealthSchema>;

export const ZVersionSchema = z.object({ version: z.string(), builtAt: z.string() });
export type TVersion = z.infer<typeof ZVersionSchema>;
