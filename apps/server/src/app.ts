import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import type { TApp, TAppEnv, TDeps } from "./app-types";
import { completeOpenApiDocument } from "./lib/openapi";
import { defaultWebDistDir } from "./lib/paths";
import { registerAccountRoutes } from "./modules/accounts";
import { registerApiKeyRoutes } from "./modules/api-keys";
import { authOpenApi, registerAuthRoutes, withAuthEndpoints } from "./modules/auth";
import { registerAuthEventRoutes } from "./modules/auth-events";
import { registerBackupRoutes } from "./modules/backups";
import { registerBuyerPortalRoutes } from "./modules/buyer-portal";
import { registerBuyerRoutes } from "./modules/buyers";
import { registerCallTrackingPublicRoutes, registerCallTrackingRoutes } from "./modules/call-tracking";
import { isVoicemailAudioUpload, registerCallCenterRoutes, registerTwilioWebhooks } from "./modules/calls";
import { registerCreditRoutes } from "./modules/credits";
import { registerDashboardRoutes } from "./modules/dashboard";
import { registerDevMailbox, registerEmailRoutes } from "./modules/email";
import {
  FORM_IMAGE_UPLOAD_PATH,
  formEmbedOrigins,
  isPublicSubmissionPath,
  registerFormRoutes,
  registerPublicFormRoutes,
} from "./modules/forms";
import { registerLeadRoutes } from "./modules/leads";
import { registerNicheRoutes } from "./modules/niches";
import { registerPaymentRoutes } from "./modules/payments";
import { registerPlatformAdminRoutes } from "./modules/platform-admin";
import { registerPurchaseRoutes } from "./modules/purchases";
import { registerRealtimeRoutes } from "./modules/realtime";
import { registerRoutingRoutes } from "./modules/routing";
import { registerSessionRoutes } from "./modules/session";
import { COMPANY_LOGO_PATH, registerSettingsRoutes } from "./modules/settings";
import { registerSubscriptionRoutes, registerSubscriptionWebhooks } from "./modules/subscriptions";
import { registerApiDocs, registerSystemRoutes } from "./modules/system";
import { registerTeamInvitationRoutes, registerTeamRoutes } from "./modules/team";
import { errorBody, handleError, validationResponse } from "./plugins/errors";
import { nodeBodyLimit } from "./plugins/node-body";
import { originCheck } from "./plugins/origin-check";
import { requestContext } from "./plugins/request-context";
import { htmlSecurityHeaders } from "./plugins/security-headers";
import { textSanitiser } from "./plugins/text-sanitiser";
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
      // HSTS only where the product is served over HTTPS for sure.
      strictTransportSecurity: deps.config.isProduction ? "max-age=31536000; includeSubDomains" : false,
    }),
  );
  // CSP and frame protection on every HTML answer (plugins/security-headers.ts).
  app.use("*", htmlSecurityHeaders());
  // Cross-site request forgery: session-cookie calls that change state must come from our own pages.
  app.use("/api/*", originCheck(deps.config));
  app.use("*", compress());
  const jsonBodyLimit = bodyLimit({
    maxSize: MAX_JSON_BODY,
    onError: (c) => c.json(errorBody(c, "PAYLOAD_TOO_LARGE", "The request body is too large."), 413),
  });
  // The busiest route (anonymous form submissions) reads its body straight from Node, same limit.
  const submissionBodyLimit = nodeBodyLimit({
    maxSize: MAX_JSON_BODY,
    onTooLarge: (c) => c.json(errorBody(c, "PAYLOAD_TOO_LARGE", "The request body is too large."), 413),
    fallback: jsonBodyLimit,
  });
  // Image, logo and voicemail audio uploads carry their own, larger limits (forms/images.ts,
  // settings/logo.ts, calls/voicemail-audio.ts).
  app.use("/version.json", jsonBodyLimit);
  app.use("/api/*", (c, next) => {
    const path = c.req.path;
    if (isPublicSubmissionPath(path)) return submissionBodyLimit(c, next);
    return path === FORM_IMAGE_UPLOAD_PATH || path === COMPANY_LOGO_PATH || isVoicemailAudioUpload(path)
      ? next()
      : jsonBodyLimit(c, next);
  });
  // Text PostgreSQL cannot store never reaches it: 400 naming the field (anonymous form answers: removed).
  app.use("/api/*", textSanitiser({ strip: (path) => path.startsWith("/api/public/forms/") }));
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
  registerSubscriptionWebhooks(app, deps);
  registerPaymentRoutes(app, deps);
  registerCallTrackingRoutes(app, deps);
  registerCallTrackingPublicRoutes(app, deps);
  registerTwilioWebhooks(app, deps);
  registerCallCenterRoutes(app, deps);
  registerPlatformAdminRoutes(app, deps);
  registerEmailRoutes(app, deps);

  registerSettingsRoutes(app, deps);
  registerApiKeyRoutes(app, deps);
  registerBackupRoutes(app, deps);
  registerTeamRoutes(app, deps);
  registerSubscriptionRoutes(app, deps);
  registerTeamInvitationRoutes(app, deps);

  app.get("/api/openapi.json", async (c) => {
    const document = app.getOpenAPI31Document({
      openapi: "3.1.0",
      info: {
        title: "Leadpost API",
        version: deps.version.version,
        description: "Lead capture, routing and distribution. Errors always use the ApiError shape.",
        license: { name: "Proprietary", url: `${deps.config.publicUrl}/api/docs` },
      },
    });
    return c.json(
      completeOpenApiDocument(withAuthEndpoints(document, await authOpenApi(deps)), deps.config.publicUrl),
    );
  });
  registerApiDocs(app);
  registerDevMailbox(app, deps);

  app.all("/api/*", (c) =>
    c.json(errorBody(c, "NOT_FOUND", `No API route for ${c.req.method} ${c.req.path}`), 404),
  );
  if (opts.serveWeb !== false) {
    registerWebApp(app, deps.config.webDistDir ?? defaultWebDistDir(), deps.logger, {
      embedOrigins: (formId) => formEmbedOrigins(deps.database.db, formId),
    });
  }
  app.notFound((c) => c.json(errorBody(c, "NOT_FOUND", "Not found"), 404));
  return app;
}
