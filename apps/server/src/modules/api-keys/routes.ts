import { z } from "@hono/zod-openapi";
import {
  API_KEY_MESSAGES,
  SETTINGS_MESSAGES,
  ZApiKeyListSchema,
  ZApiLeadListQuerySchema,
  ZApiLeadListSchema,
  ZCreateApiKeySchema,
  ZCreatedApiKeySchema,
  ZFormIdParamsSchema,
  ZFormSubmissionResultSchema,
  ZFormSubmissionSchema,
} from "@leadpost/shared";
import type { Context } from "hono";
import type { TApp, TAppEnv, TDeps } from "../../app-types";
import { AppError } from "../../lib/app-error";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { apiKeyCaller, asKeyCompany } from "../../plugins/api-key-caller";
import { clientIp } from "../../plugins/client-ip";
import { defineRoute, SETTINGS_ADMINS } from "../../plugins/define-route";
import { companyContext } from "../../plugins/tenant";
import { submitForm } from "../lead-distribution";
import { listApiLeads } from "./lead-api";
import { authenticateApiKey, createApiKey, listApiKeys, revokeApiKey } from "./service";

const KEYS = "/api/settings/api-keys";
const denied = { 403: apiError(SETTINGS_MESSAGES.ACCESS_DENIED) };

const listRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "get",
  path: KEYS,
  tags: ["Settings"],
  summary: "The company's API keys (preview, environment, created, last used)",
  responses: { 200: jsonContent(ZApiKeyListSchema, "Keys"), ...denied },
});
const createKeyRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "post",
  path: KEYS,
  tags: ["Settings"],
  summary: "Create an API key; its secret is in this answer only",
  request: { body: jsonBody(ZCreateApiKeySchema) },
  responses: { 201: jsonContent(ZCreatedApiKeySchema, "Created"), ...denied, 422: apiError("Name required") },
});
const revokeRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "delete",
  path: `${KEYS}/{id}`,
  tags: ["Settings"],
  summary: "Revoke an API key (refused from the next request on)",
  request: { params: z.object({ id: z.uuid() }) },
  responses: { 204: { description: "Revoked" }, ...denied, 404: apiError("Not one of the company's keys") },
});

const postLeadRoute = defineRoute({
  auth: "apiKey",
  method: "post",
  path: "/api/v1/forms/{formId}/leads",
  operationId: "postLead",
  tags: ["Lead API"],
  summary:
    "Post a lead into one of the company's published forms (sandbox keys make test leads, never routed)",
  description: [
    "`formData` holds the answers keyed by **field id or by the field's label** (trimmed, any case); an id",
    "wins over a label naming the same field, and a label shared by several fields must be sent by id.",
    "`GET /api/public/forms/{formId}` lists a form's fields with their ids and labels.",
    "Send an `Idempotency-Key` header (or `idempotencyKey`) to make a retry safe: a replay answers the",
    "first answer and stores nothing.",
  ].join(" "),
  request: {
    params: ZFormIdParamsSchema,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: ZFormSubmissionSchema,
          examples: {
            byFieldId: {
              summary: "Answers keyed by field id",
              value: { formData: { "f-name": "Ann Lee", "f-phone": "(303) 555-0100", "f-zip": "80202" } },
            },
            byLabel: {
              summary: "The same answers keyed by the fields' labels",
              value: { formData: { "Full name": "Ann Lee", Phone: "(303) 555-0100", "Zip code": "80202" } },
            },
          },
        },
      },
    },
  },
  responses: {
    201: jsonContent(ZFormSubmissionResultSchema, "Stored"),
    400: apiError(
      "The body is not valid JSON (`BAD_REQUEST`), or text with characters that cannot be stored",
    ),
    404: apiError("Not a published form of the key's company"),
    409: apiError("`IDEMPOTENCY_KEY_REUSED`: the idempotency key was used before with a different body"),
    413: apiError("The request body is too large"),
    415: apiError("The body is not sent as `Content-Type: application/json`"),
    422: apiError(
      "`VALIDATION_FAILED`: invalid answers, listed by field id in `error.fields` (a label shared by several fields is listed under that label)",
    ),
    429: apiError("Too many submissions"),
  },
});
const listLeadsRoute = defineRoute({
  auth: "apiKey",
  method: "get",
  path: "/api/v1/leads",
  operationId: "listLeads",
  tags: ["Lead API"],
  summary:
    "The key's company's latest leads: a sandbox key reads only test leads, a production key only real ones",
  request: { query: ZApiLeadListQuerySchema },
  responses: {
    200: jsonContent(ZApiLeadListSchema, "Leads"),
    422: apiError(
      "`VALIDATION_FAILED`: `limit` is not a whole number from 1 to 100 (named in `error.fields`)",
    ),
  },
});

/**
 * The one way to pass a key: `Authorization: Bearer <key>` (the OpenAPI document's `apiKey` scheme). A
 * key in another header is refused in words rather than silently accepted.
 */
export const presentedKey = (c: Context<TAppEnv>) => {
  const bearer = c.req
    .header("authorization")
    ?.match(/^Bearer\s+(.+)$/i)?.[1]
    ?.trim();
  if (bearer) return bearer;
  if (c.req.header("x-api-key")) throw new AppError("UNAUTHENTICATED", API_KEY_MESSAGES.WRONG_HEADER);
  return null;
};

/** The key a request presents (Authorization: Bearer), checked: its company and kind. */
export const requestApiKey = (deps: TDeps, c: Context<TAppEnv>) => authenticateApiKey(deps, presentedKey(c));

/** Key management is a Settings route (owner and org admin); the lead API takes a key. */
export function registerApiKeyRoutes(app: TApp, deps: TDeps) {
  app.openapi(listRoute, async (c) => c.json(await listApiKeys(deps, companyContext(c)), 200));
  app.openapi(createKeyRoute, async (c) =>
    c.json(await createApiKey(deps, companyContext(c), c.req.valid("json")), 201),
  );
  app.openapi(revokeRoute, async (c) => {
    await revokeApiKey(deps, companyContext(c), c.req.valid("param").id);
    return c.body(null, 204);
  });

  app.openapi(postLeadRoute, async (c) => {
    const key = apiKeyCaller(c);
    const body = c.req.valid("json");
    const outcome = await submitForm(deps, {
      formId: c.req.valid("param").formId,
      body,
      idempotencyKey: c.req.header("idempotency-key") ?? body.idempotencyKey ?? null,
      ipAddress: clientIp(c, deps.config.trustProxy),
      userAgent: c.req.header("user-agent") ?? null,
      refererHeader: null,
      apiKey: { companyId: key.companyId, sandbox: key.sandbox },
    });
    return c.json(outcome.body, 201);
  });
  app.openapi(listLeadsRoute, async (c) => {
    // A read for one company: behind its row-level-security wall like a signed-in company request.
    const list = await asKeyCompany(deps, c, () =>
      listApiLeads(deps, apiKeyCaller(c), c.req.valid("query").limit),
    );
    return c.json(list, 200);
  });
}
