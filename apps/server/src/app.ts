import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import type { TApp, TAppEnv, TDeps } from "./app-types";
import { defaultWebDistDir } from "./lib/paths";
import { registerAccountRoutes } from "./modules/accounts/routes";
import { registerAuthRoutes } from "./modules/auth/routes";
import { registerAuthEventRoutes } from "./modules/auth-events/routes";
import { registerBuyerPortalRoutes } from "./modules/buyer-portal/routes";
import { registerBuyerRoutes } from "./modules/buyers/routes";
import { registerCreditRoutes } from "./modules/credits/routes";
import { registerDashboardRoutes } from "./modules/dashboard/routes";
import { registerDevMailbox } from "./modules/email/dev-mailbox";
import { FORM_IMAGE_UPLOAD_PATH } from "./modules/forms/images";
import { registerPublicFormRoutes } from "./modules/forms/public-routes";
import { registerFormRoutes } from "./modules/forms/routes";
import { registerLeadRoutes } from "./modules/leads/routes";
import { registerNicheRoutes } from "./modules/niches/routes";
import { registerPaymentRoutes } from "./modules/payments/routes";
import { registerPurchaseRoutes } from "./modules/purchases/routes";
import { registerRealtimeRoutes } from "./modules/realtime/routes";
import { registerRoutingRoutes } from "./modules/routing/routes";
import { registerSessionRoutes } from "./modules/session/routes";
import { registerApiDocs } from "./modules/system/api-docs";
import { registerSystemRoutes } from "./modules/system/routes";
import { errorBody, handleError, validationResponse } from "./plugins/errors";
import { requestContext } from "./plugins/request-context";
import { registerWebApp } from "./plugins/web-static";

const MAX_JSON_BODY = 1024 * 1024;

export function createApp(deps: TDeps, opts: { serveWeb?: boolean } = {}): TApp {
  const app: TApp = new OpenAPIHono<TAppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return validationResponse(c, result.error);
    },
  });

  app.use("*", requestContext(deps.logger));
  app.use(
    "*",
    secureHeaders({
      // The public form embed is meant to be framed by customers' sites; the app itself is not.
      xFrameOptions: false,
      crossOriginResourcePolicy: false,
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use("*", compress());
  const jsonBodyLimit = bodyLimit({
    maxSize: MAX_JSON_BODY,
    onError: (c) => c.json(errorBody(c, "PAYLOAD_TOO_LARGE", "The request body is too large."), 413),
  });
  // Image uploads carry their own, larger limit (modules/forms/images.ts).
  app.use("/api/*", (c, next) => (c.req.path === FORM_IMAGE_UPLOAD_PATH ? next() : jsonBodyLimit(c, next)));
  app.onError(handleError);

  registerAuthRoutes(app, deps);
  registerSystemRoutes(app, deps);
  registerSessionRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerBuyerRoutes(app, deps);
  registerNicheRoutes(app, deps);
  registerAuthEventRoutes(app, deps);
  registerFormRoutes(app, deps);
  registerPublicFormRoutes(app, deps);
  registerLeadRoutes(app, deps);
  registerRoutingRoutes(app, deps);
  registerDashboardRoutes(app, deps);
  registerBuyerPortalRoutes(app, deps);
  registerCreditRoutes(app, deps);
  registerRealtimeRoutes(app, deps);
  registerPurchaseRoutes(app, deps);
  registerPaymentRoutes(app, deps);

  app.doc31("/api/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Leadpost API",
      version: deps.version.version,
      description: "Lead capture, routing and distribution. Errors always use the ApiError shape.",
    },
  });
  registerApiDocs(app);
  registerDevMailbox(app, deps);

  app.all("/api/*", (c) =>
    c.json(errorBody(c, "NOT_FOUND", `No API route for ${c.req.method} ${c.req.path}`), 404),
  );
  if (opts.serveWeb !== false) {
    registerWebApp(app, deps.config.webDistDir ?? defaultWebDistDir(), deps.logger);
  }
  app.notFound((c) => c.json(errorBody(c, "NOT_FOUND", "Not found"), 404));
  return app;
}
