import { ZDniSessionBeaconSchema, ZDniSessionSeenSchema } from "@leadpost/shared";
import type { Context } from "hono";
import type { z } from "zod";
import type { TApp, TDeps } from "../../app-types";
import { rateLimit } from "../../plugins/rate-limit";
import { dniScript } from "./dni-script/bundle";
import { DNI_SCRIPT_PATH, DNI_SESSION_PATH, DNI_SESSION_SEEN_PATH, dniScriptConfig } from "./script-config";
import { recordDniSession, touchDniSession } from "./sessions";
import { registerTrackedCallWebhooks } from "./tracked-call-callbacks";
import type { TTwilioAccountLookup } from "./twilio-request";

const NOTHING = "/* Leadpost call tracking: unknown key or static number */\n";

/**
 * The script customers paste (`<script src=".../api/public/dni/script.js?key=…&static=…&debug=false">`),
 * the visit it records and its later pages, and Twilio's callbacks for the calls call tracking answers.
 * All are public: the key names a company and is no secret; Twilio's requests are signed.
 */
export function registerCallTrackingPublicRoutes(
  app: TApp,
  deps: TDeps,
  opts: { twilioAccount: TTwilioAccountLookup },
) {
  app.get(DNI_SCRIPT_PATH, async (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    // Numbers change now and then: a short cache keeps pages fast and changes visible within minutes.
    c.header("Cache-Control", "public, max-age=300");
    c.header("Access-Control-Allow-Origin", "*");
    const key = c.req.query("key") ?? "";
    const staticNumber = c.req.query("static") ?? "";
    const config =
      key && staticNumber
        ? await dniScriptConfig(deps, { key, staticNumber, debug: c.req.query("debug") === "true" })
        : null;
    // A script tag must never break the customer's page: a bad address answers harmless JavaScript.
    return c.body(config ? await dniScript(config) : NOTHING, 200);
  });

  // The script posts text/plain JSON (a simple request: no preflight on the customer's site).
  const beacon = async <T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T> | null> => {
    c.header("Access-Control-Allow-Origin", "*");
    try {
      const parsed = schema.safeParse(JSON.parse(await c.req.text()));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
  const limit = rateLimit(deps, { name: "dni-session", windowMs: 60_000, max: 120 });

  app.post(DNI_SESSION_SEEN_PATH, limit, async (c) => {
    const seen = await beacon(c, ZDniSessionSeenSchema);
    if (!seen) return c.body(null, 400);
    return c.body(null, (await touchDniSession(deps, seen)) ? 204 : 404);
  });

  app.post(DNI_SESSION_PATH, limit, async (c) => {
    const visit = await beacon(c, ZDniSessionBeaconSchema);
    if (!visit) return c.body(null, 400);
    const started = await recordDniSession(deps, visit);
    return started ? c.json(started, 200) : c.body(null, 404);
  });

  registerTrackedCallWebhooks(app, deps, opts.twilioAccount);
}
