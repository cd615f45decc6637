import { z } from "zod";

export const ZHealthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ ok: z.boolean(), kind: z.enum(["pglite", "postgres"]), latencyMs: z.number() }),
  version: z.string(),
  uptimeSeconds: z.number(),
  /** The development mailbox is on (never in production): every page shows a banner saying so. */
  devMailbox: z.boolean(),
});
export type THealth = z.infer<typeof ZHealthSchema>;

export const ZVersionSchema = z.object({ version: z.string(), builtAt: z.string() });
export type TVersion = z.infer<typeof ZVersionSchema>;

/** Which ways of signing in this server offers (the sign-in pages show only those). */
export const ZSignInOptionsSchema = z.object({ google: z.boolean() });
export type TSignInOptions = z.infer<typeof ZSignInOptionsSchema>;
