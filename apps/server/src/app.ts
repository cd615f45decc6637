import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import type { TApp, TAppEnv, TDeps } from "./app-types";
import { completeOpenApiDocument } from "./lib/openapi";
import { defaultWebDistDir } from "./lib/paths";
import { registerAccountRoutes } from "./modules/accounts";
import { registerApiKeyRoutes } from "./modules/api-keys";
import { authOpenApi, registerAuthRoutes, withAuthEndpoints } from "./modules/auth";
import { registerAuthEventRoutes } from "./modules/auth-events";
import { BACKUP_UPLOAD_PATHS, registerBackupRoutes } from "./modules/backups";
import { registerBuyerPortalRoutes } from "./modules/buyer-portal";
import { registerBuyerApiRoutes, registerBuyerRoutes } from "./modules/buyers";
import { registerCallTrackingPublicRoutes, registerCallTrackingRoutes } from "./modules/call-tracking";
import {
  companyTwilio,
  isVoicemailAudioUpload,
  registerCallCenterRoutes,
  registerTwilioWebhooks,
} from "./modules/calls";
import { registerAdminCompanyRoutes } from "./modules/company-admin";
import { registerCreditRoutes } from "./modules/credits";
import { registerDashboardRoutes } from "./modules/dashboard";
import { registerDevMailbox, registerEmailRoutes } from "./modules/email";
import {
  countRefusedPublicSubmission,
  FORM_IMAGE_UPLOAD_PATH,
  formEmbedOrigins,
  isPublicSubmissionPath,
  registerFormApiRoutes,
  registerFormRoutes,
  registerPublicFormRoutes,
} from "./modules/forms";
import { registerDevLeadReceiver, registerLeadDeliveryRoutes } from "./modules/lead-delivery";
import { registerRoutingRoutes } from "./modules/lead-distribution";
import { registerLeadRoutes } from "./modules/leads";
import { registerNicheRoutes } from "./modules/niches";
import { registerPaymentRoutes } from "./modules/payments";
import { impersonationGuard, registerPlatformAdminRoutes } from "./modules/platform-admin";
import { registerPurchaseRoutes } from "./modules/purchases";
import { registerRealtimeRoutes } from "./modules/realtime";
import { registerBuyerReturnRoutes, registerReturnApiRoutes, registerReturnRoutes } from "./modules/returns";
import { registerSessionRoutes } from "./modules/session";
import { COMPANY_LOGO_PATH, registerSettingsRoutes } from "./modules/settings";
import { registerSubscriptionRoutes, registerSubscriptionWebhooks } from "./modules/subscriptions";
import { registerApiDocs, registerSystemRoutes } from "./modules/system";
import { registerTeamInvitationRoutes, registerTeamRoutes } from "./modules/team";
import { bodyShapeLimit, DEFAULT_BODY_SHAPE, type TBodyShapeLimits } from "./plugins/body-shape";
import { compressReads } from "./plugins/compression";
import { errorResponse, handleError, validationResponse } from "./plugins/errors";
import { nodeBodyLimit } from "./plugins/node-body";
import { originCheck } from "./plugins/origin-check";
import { requestContext } from "./plugins/request-context";
import { htmlSecurityHeaders } from "./plugins/security-headers";
import { textSanitiser } from "./plugins/text-sanitiser";
import { registerWebApp } from "./plugins/web-static";
import { routeGuards } from "./route-guards";

const MAX_JSON_BODY = 1024 * 1024;

/**
 * Routes whose body is a file, read by the route itself with its own limit: a backup (a company's whole
 * data, streamed to the storage part by part: the disk is its limit), form images, the logo, voicemail
 * audio.
 */
const isUploadPath = (path: string) =>
  BACKUP_UPLOAD_PATHS.includes(path) ||
  path === FORM_IMAGE_UPLOAD_PATH ||
  path === COMPANY_LOGO_PATH ||
  isVoicemailAudioUpload(path);

/**
 * The structure each route's JSON body may have (docs/security.md "Bounded input"): depth 32 and
 * 20,000 strings by default; an anonymous submission far fewer strings (a form has at most 200 fields);
 * a backup file as many as its bytes can hold.
 */
function bodyShapeFor(path: string): TBodyShapeLimits | null {
  if (isPublicSubmissionPath(path)) return { maxDepth: 32, maxStrings: 10_000 };
  // A file's body is its route's to read (a backup streams to the storage as it arrives): never here.
  if (isUploadPath(path)) return null;
  return DEFAULT_BODY_SHAPE;
}

export function createApp(deps: TDeps, opts: { serveWeb?: boolean } = {}): TApp {
  const app: TApp = new OpenAPIHono<TAppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return validationResponse(c, result.error);
    },
  });

  app.use("*", requestContext(deps.logger));
  // Each route declares its auth (defineRoute); the guards that enforce it are made here once.
  const routeGuard = routeGuards(deps);
  app.use("*", (c, next) => {
    c.set("routeGuard", routeGuard);
    return next();
  });
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
  // While a platform admin impersonates a user: reading and a few support actions only, every request
  // audited, the hour enforced on every route (modules/platform-admin/impersonation.ts).
  app.use("/api/*", impersonationGuard(deps));
  app.use("*", compressReads());
  const jsonBodyLimit = bodyLimit({
    maxSize: MAX_JSON_BODY,
    onError: (c) => errorResponse(c, "PAYLOAD_TOO_LARGE", "The request body is too large."),
  });
  // The busiest routes (anonymous form submissions, Twilio's webhooks) read their body straight from
  // Node, same limit.
  const hotBodyLimit = nodeBodyLimit({
    maxSize: MAX_JSON_BODY,
    onTooLarge: (c) => errorResponse(c, "PAYLOAD_TOO_LARGE", "The request body is too large."),
    fallback: jsonBodyLimit,
  });
  // Image, logo and voicemail audio uploads carry their own, larger limits (forms/images.ts,
  // settings/logo.ts, calls/voicemail-audio.ts).
  app.use("/version.json", jsonBodyLimit);
  app.use("/api/*", (c, next) => {
    const path = c.req.path;
    // Twilio's webhooks too: form-encoded, small, and as busy as a call center's phones.
    if (isPublicSubmissionPath(path) || path.startsWith("/api/twilio/")) return hotBodyLimit(c, next);
    return isUploadPath(path) ? next() : jsonBodyLimit(c, next);
  });
  // Bodies deeper or with more strings than their route takes are refused before anything walks them
  // (a public submission's refusal counts against its address's limit first).
  app.use(
    "/api/*",
    bodyShapeLimit({ limitsFor: bodyShapeFor, beforeRefusal: countRefusedPublicSubmission(deps) }),
  );
  // Text PostgreSQL cannot store never reaches it: 400 naming the field (anonymous form answers: removed).
  app.use(
    "/api/*",
    textSanitiser({
      strip: (path) => path.startsWith("/api/public/forms/"),
      // An upload's body is its route's to read (and to limit): read here first, a body sent without a
      // length (chunked) left the upload's limit a locked stream, and the sender a 500.
      rawBody: isUploadPath,
    }),
  );
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
  registerBuyerReturnRoutes(app, deps);
  registerReturnRoutes(app, deps);
  registerReturnApiRoutes(app, deps);
  registerSubscriptionWebhooks(app, deps);
  registerPaymentRoutes(app, deps);
  registerCallTrackingRoutes(app, deps);
  registerCallTrackingPublicRoutes(app, deps, { twilioAccount: (id) => companyTwilio(deps, id) });
  registerTwilioWebhooks(app, deps);
  registerCallCenterRoutes(app, deps);
  registerPlatformAdminRoutes(app, deps);
  registerAdminCompanyRoutes(app, deps); // after: behind the platform-admin prefix's checks
  registerEmailRoutes(app, deps);

  registerSettingsRoutes(app, deps);
  registerApiKeyRoutes(app, deps);
  registerBuyerApiRoutes(app, deps);
  registerFormApiRoutes(app, deps);
  registerLeadDeliveryRoutes(app, deps);
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
  registerDevLeadReceiver(app, deps);

  app.all("/api/*", (c) => errorResponse(c, "NOT_FOUND", `No API route for ${c.req.method} ${c.req.path}`));
  if (opts.serveWeb !== false) {
    registerWebApp(app, deps.config.webDistDir ?? defaultWebDistDir(), deps.logger, {
      embedOrigins: (formId) => formEmbedOrigins(deps.database.db, formId),
    });
  }
  app.notFound((c) => errorResponse(c, "NOT_FOUND", "Not found"));
  return app;
}
