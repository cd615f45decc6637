import { ZDniSessionBeaconSchema } from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { rateLimit } from "../../plugins/rate-limit";
import { dniScript } from "./dni-script/bundle";
import { DNI_SCRIPT_PATH, DNI_SESSION_PATH, dniScriptConfig } from "./script-config";
import { recordDniSession } from "./sessions";

const NOTHING = "/* Leadpost call tracking: unknown key or static number */\n";

/**
 * The script customers paste (`<script src=".../api/public/dni/script.js?key=…&static=…&debug=false">`)
 * and the visit beacon it sends. Both are public: the key names a company and is no secret.
 */
export function registerCallTrackingPublicRoutes(app: TApp, deps: TDeps) {
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

  app.post(
    DNI_SESSION_PATH,
    rateLimit(deps, { name: "dni-session", windowMs: 60_000, max: 120 }),
    async (c) => {
      c.header("Access-Control-Allow-Origin", "*");
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return c.body(null, 400);
      }
      const beacon = ZDniSessionBeaconSchema.safeParse(body);
      if (!beacon.success) return c.body(null, 400);
      return c.body(null, (await recordDniSession(deps, beacon.data)) ? 204 : 404);
    },
  );
}
