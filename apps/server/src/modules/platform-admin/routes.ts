import { z } from "@hono/zod-openapi";
import {
  ZAdminCreateUserSchema,
  ZAdminDeleteUserSchema,
  ZAdminRecreateUserSchema,
  ZAdminUserResultSchema,
  ZAuditLogSchema,
  ZCompanyOptionsSchema,
  ZImpersonateSchema,
  ZImpersonationEndedSchema,
  ZImpersonationStartedSchema,
  ZImpersonationStatusSchema,
  ZPlatformPayPalSettingsSchema,
  ZPlatformPayPalUpdateSchema,
  ZPlatformUserListQuerySchema,
  ZPlatformUserListSchema,
  ZRegeneratePlansResultSchema,
  ZRegeneratePlansSchema,
  ZSubscriberListSchema,
  ZSubscriberQuerySchema,
  ZSupportEmailSchema,
} from "@leadpost/shared";
import type { Context } from "hono";
import type { TApp, TAppEnv, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { listPlatformAudit } from "./audit-log";
import { platformAdminContext } from "./guard";
import { endImpersonation, impersonationStatus, startImpersonation } from "./impersonation";
import { getPlatformPayPal, regeneratePlans, updatePlatformPayPal } from "./paypal-settings";
import { plainValidation } from "./plain-validation";
import { listSubscribers } from "./subscribers";
import { sendSupportEmail } from "./support-email";
import { createUserAccount, deleteUserAccount, recreateUserAccount } from "./user-accounts";
import { listCompanyOptions, listPlatformUsers } from "./user-lists";

const tags = ["Platform admin"];
const BASE = "/api/platform-admin";
const denied = {
  403: apiError("Not a platform admin: You don't have access to Developer Settings"),
};

const route = <M extends "get" | "post" | "put">(method: M, path: string, summary: string) => ({
  method,
  path: `${BASE}${path}`,
  tags,
  summary,
});

const getPayPalRoute = defineRoute({
  auth: "admin",
  ...route("get", "/paypal", "get-secrets: the platform's PayPal apps (masked) and subscription plans"),
  responses: { 200: jsonContent(ZPlatformPayPalSettingsSchema, "Settings"), ...denied },
});
const putPayPalRoute = defineRoute({
  auth: "admin",
  ...route("put", "/paypal", "update-secret: save the platform's sandbox or live PayPal app (secret sealed)"),
  request: { body: jsonBody(ZPlatformPayPalUpdateSchema) },
  responses: {
    200: jsonContent(ZPlatformPayPalSettingsSchema, "Saved"),
    ...denied,
    422: apiError("Invalid input"),
  },
});
const regeneratePlansRoute = defineRoute({
  auth: "admin",
  ...route(
    "post",
    "/paypal/plans",
    "create-paypal-plans: a product and a monthly plan per paid tier at PayPal",
  ),
  request: { body: jsonBody(ZRegeneratePlansSchema) },
  responses: {
    200: jsonContent(ZRegeneratePlansResultSchema, "Plans created and stored"),
    ...denied,
    409: apiError("PAYPAL_NOT_CONFIGURED"),
    422: apiError("Invalid input"),
    502: apiError("PayPal refused"),
  },
});
const listUsersRoute = defineRoute({
  auth: "admin",
  ...route("get", "/users", "Lead buyers or company owners of every company, 20 per page"),
  request: { query: ZPlatformUserListQuerySchema },
  responses: { 200: jsonContent(ZPlatformUserListSchema, "One page"), ...denied },
});
const createUserRoute = defineRoute({
  auth: "admin",
  ...route("post", "/users", "user-account-create"),
  request: { body: jsonBody(ZAdminCreateUserSchema) },
  responses: {
    200: jsonContent(ZAdminUserResultSchema, "Created"),
    ...denied,
    404: apiError("Company not found"),
    409: apiError("A user with this email already exists"),
    422: apiError("Invalid input"),
  },
});
const deleteUserRoute = defineRoute({
  auth: "admin",
  ...route("post", "/users/delete", "user-account-delete: by user id or e-mail, preserving data by default"),
  request: { body: jsonBody(ZAdminDeleteUserSchema) },
  responses: {
    200: jsonContent(ZAdminUserResultSchema, "Deleted"),
    ...denied,
    404: apiError("User not found"),
    422: apiError("Invalid input"),
  },
});
const recreateUserRoute = defineRoute({
  auth: "admin",
  ...route("post", "/users/recreate", "user-account-recreate: delete if present, clean up, create again"),
  request: { body: jsonBody(ZAdminRecreateUserSchema) },
  responses: {
    200: jsonContent(ZAdminUserResultSchema, "Recreated"),
    ...denied,
    404: apiError("Company not found"),
    422: apiError("Invalid input"),
  },
});
const companiesRoute = defineRoute({
  auth: "admin",
  ...route("get", "/companies", "Every company's id and name (the account forms' choices)"),
  responses: { 200: jsonContent(ZCompanyOptionsSchema, "Companies"), ...denied },
});
const subscribersRoute = defineRoute({
  auth: "admin",
  ...route(
    "get",
    "/subscribers",
    "Every company with tier, subscription status, trial end, seats, buyers, leads",
  ),
  request: { query: ZSubscriberQuerySchema },
  responses: { 200: jsonContent(ZSubscriberListSchema, "One page"), ...denied },
});
const supportEmailRoute = defineRoute({
  auth: "admin",
  ...route("post", "/support-email", "send-support-email through the platform mail"),
  request: { body: jsonBody(ZSupportEmailSchema) },
  responses: {
    200: jsonContent(
      z.object({ sent: z.boolean(), messageId: z.string(), status: z.string() }),
      "Stored and sent",
    ),
    ...denied,
    422: apiError("Please fill in both subject and message"),
  },
});
const impersonateRoute = defineRoute({
  auth: "admin",
  ...route(
    "post",
    "/impersonation",
    "impersonate-user: a one-hour session as the user (never a platform admin)",
  ),
  request: { body: jsonBody(ZImpersonateSchema) },
  responses: {
    200: jsonContent(ZImpersonationStartedSchema, "Signed in as the user; the admin session is kept aside"),
    ...denied,
    404: apiError("User not found"),
    422: apiError("Invalid input"),
  },
});
const auditRoute = defineRoute({
  auth: "admin",
  ...route("get", "/audit-log", "Impersonation starts, ends and refused actions, newest first"),
  responses: { 200: jsonContent(ZAuditLogSchema, "Entries"), ...denied },
});

const statusRoute = defineRoute({
  auth: "user",
  method: "get",
  path: "/api/impersonation",
  tags,
  summary: "Is this session an impersonation (for the banner)",
  responses: { 200: jsonContent(ZImpersonationStatusSchema, "Status") },
});
// No live session needed: after the hour it still brings the admin back (their own cookie decides).
const endRoute = defineRoute({
  auth: "public",
  method: "post",
  path: "/api/impersonation/end",
  tags,
  summary:
    "End the impersonation (or, once its hour ended it, come back from it) and restore the platform admin's own session",
  responses: {
    200: jsonContent(ZImpersonationEndedSchema, "Ended (restored: false when the admin session expired)"),
    400: apiError("Not impersonating"),
  },
});

const passCookies = (c: Context<TAppEnv>, setCookies: string[]) => {
  for (const cookie of setCookies) c.header("set-cookie", cookie, { append: true });
};

export function registerPlatformAdminRoutes(app: TApp, deps: TDeps) {
  app.openapi(getPayPalRoute, async (c) => c.json(await getPlatformPayPal(deps), 200));
  app.openapi(
    putPayPalRoute,
    async (c) => c.json(await updatePlatformPayPal(deps, c.req.valid("json")), 200),
    plainValidation,
  );
  app.openapi(
    regeneratePlansRoute,
    async (c) => c.json(await regeneratePlans(deps, c.req.valid("json").mode), 200),
    plainValidation,
  );
  app.openapi(listUsersRoute, async (c) => c.json(await listPlatformUsers(deps, c.req.valid("query")), 200));
  app.openapi(
    createUserRoute,
    async (c) => c.json(await createUserAccount(deps, c.req.valid("json")), 200),
    plainValidation,
  );
  app.openapi(
    deleteUserRoute,
    async (c) => c.json(await deleteUserAccount(deps, platformAdminContext(c), c.req.valid("json")), 200),
    plainValidation,
  );
  app.openapi(
    recreateUserRoute,
    async (c) => c.json(await recreateUserAccount(deps, platformAdminContext(c), c.req.valid("json")), 200),
    plainValidation,
  );
  app.openapi(companiesRoute, async (c) => c.json(await listCompanyOptions(deps), 200));
  app.openapi(subscribersRoute, async (c) => c.json(await listSubscribers(deps, c.req.valid("query")), 200));
  app.openapi(
    supportEmailRoute,
    async (c) => c.json(await sendSupportEmail(deps, c.req.valid("json")), 200),
    plainValidation,
  );
  app.openapi(
    impersonateRoute,
    async (c) => {
      const { result, setCookies } = await startImpersonation(
        deps,
        platformAdminContext(c),
        c.req.valid("json").userId,
        c.req.raw.headers,
      );
      passCookies(c, setCookies);
      return c.json(result, 200);
    },
    plainValidation,
  );
  app.openapi(auditRoute, async (c) => c.json(await listPlatformAudit(deps.database.db), 200));

  app.openapi(statusRoute, async (c) => c.json(await impersonationStatus(deps, c), 200));
  app.openapi(endRoute, async (c) => {
    const { result, setCookies } = await endImpersonation(deps, c);
    passCookies(c, setCookies);
    return c.json(result, 200);
  });
}
