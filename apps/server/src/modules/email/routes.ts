import { z } from "@hono/zod-openapi";
import { ZEmailLogMessageSchema, ZEmailLogQuerySchema, ZEmailLogSchema } from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { companyContext } from "../../plugins/tenant";
import { listEmailLog, resendFailedEmail } from "./log";
import { registerResendWebhook } from "./resend-webhook";

const listRoute = defineRoute({
  auth: "company",
  roles: ["owner", "org_admin"],
  method: "get",
  path: "/api/email/messages",
  tags: ["Email"],
  summary: "The company's e-mail log, newest first, 50 a page (owners and org admins)",
  request: { query: ZEmailLogQuerySchema },
  responses: {
    200: jsonContent(ZEmailLogSchema, "One page of messages"),
    403: apiError("Not an owner or org admin"),
  },
});

const resendRoute = defineRoute({
  auth: "company",
  roles: ["owner", "org_admin"],
  method: "post",
  path: "/api/email/messages/{id}/resend",
  tags: ["Email"],
  summary: "Send a failed message again (queued for the mail worker)",
  request: { params: z.object({ id: z.uuid({ message: "This message was not found." }) }) },
  responses: {
    200: jsonContent(ZEmailLogMessageSchema, "The message, queued again"),
    403: apiError("Not an owner or org admin"),
    404: apiError("No such message in this company"),
    409: apiError("The message has not failed"),
  },
});

export function registerEmailRoutes(app: TApp, deps: TDeps) {
  registerResendWebhook(app, deps);
  app.openapi(listRoute, async (c) => {
    const log = await listEmailLog(deps.database.db, companyContext(c), c.req.valid("query"));
    return c.json(log, 200);
  });
  app.openapi(resendRoute, async (c) => {
    const message = await resendFailedEmail(
      { db: deps.database.db, email: deps.email },
      companyContext(c),
      c.req.valid("param").id,
    );
    return c.json(message, 200);
  });
}
