import { type RouteConfig, z } from "@hono/zod-openapi";
import {
  LEAD_DELIVERY_MESSAGES,
  ZCreateDeliveryEndpointSchema,
  ZDeleteDeliveryEndpointResultSchema,
  ZDeliveryEndpointListSchema,
  ZDeliveryEndpointSchema,
  ZDeliveryEndpointWithSecretSchema,
  ZDeliveryLogSchema,
  ZTestDeliveryResultSchema,
  ZUpdateDeliveryEndpointSchema,
} from "@leadpost/shared";
import type { Context } from "hono";
import type { TApp, TAppEnv, TDeps, TRouteAuthSpec } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { asKeyCompany } from "../../plugins/api-key-caller";
import { buyerContext } from "../../plugins/buyer-context";
import { defineRoute } from "../../plugins/define-route";
import { answerAfterCommit, companyContext } from "../../plugins/tenant";
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  ownerForCompany,
  rotateEndpointSecret,
  type TEndpointOwner,
  updateEndpoint,
} from "./endpoints";
import { buyerLeadDeliveryLog, endpointDeliveryLog, leadDeliveryLog } from "./log";
import { prepareTestDelivery, sendTestDelivery } from "./test-delivery";

const endpointParam = { endpointId: z.uuid() };
const buyerParam = { buyerId: z.uuid() };
const leadParam = z.object({ leadId: z.uuid() });

/** Who calls each roof: a company user, the buyer itself, or an API key (checked by the route's guard). */
type TRoof = Extract<TRouteAuthSpec["auth"], "company" | "buyer" | "apiKey">;

// The 401 (a session's, or the key's) is defineRoute's.
const denied = (auth: TRoof): RouteConfig["responses"] =>
  auth === "apiKey"
    ? { 403: apiError("Not allowed") }
    : { 403: apiError("No company or buyer profile, or not allowed to change endpoints") };

/**
 * The same endpoint operations under three roofs: a company's buyer (`/api/buyers/{buyerId}/…`,
 * session), the buyer itself (`/api/buyer-portal/…`, session), and an API key (`/api/v1/buyers/{buyerId}/…`).
 */
function endpointRoutes(base: string, params: Record<string, z.ZodType>, tags: string[], auth: TRoof) {
  const apiKey = auth === "apiKey";
  const one = z.object({ ...params, ...endpointParam });
  const all = z.object(params);
  const oneNotFound = apiError(LEAD_DELIVERY_MESSAGES.NOT_FOUND);
  const id = (op: string) => (apiKey ? { operationId: `${op}ViaApiKey` } : {});
  return {
    list: defineRoute({
      auth,
      method: "get",
      path: `${base}/delivery-endpoints`,
      tags,
      ...id("listDeliveryEndpoints"),
      summary: "The buyer's delivery endpoints (the signing secret's last four only)",
      request: { params: all },
      responses: {
        200: jsonContent(ZDeliveryEndpointListSchema, "Endpoints"),
        ...denied(auth),
        404: apiError("Buyer not found"),
      },
    }),
    create: defineRoute({
      auth,
      method: "post",
      path: `${base}/delivery-endpoints`,
      tags,
      ...id("createDeliveryEndpoint"),
      summary: "Add a delivery endpoint; its signing secret is in this answer only",
      request: { params: all, body: jsonBody(ZCreateDeliveryEndpointSchema) },
      responses: {
        201: jsonContent(ZDeliveryEndpointWithSecretSchema, LEAD_DELIVERY_MESSAGES.CREATED),
        ...denied(auth),
        404: apiError("Buyer not found"),
        409: apiError(LEAD_DELIVERY_MESSAGES.LIMIT),
        422: apiError(
          "`VALIDATION_FAILED`: the field named in `error.fields` (a refused address names `url`)",
        ),
      },
    }),
    update: defineRoute({
      auth,
      method: "patch",
      path: `${base}/delivery-endpoints/{endpointId}`,
      tags,
      ...id("updateDeliveryEndpoint"),
      summary: "Edit a delivery endpoint: only the fields sent change",
      request: { params: one, body: jsonBody(ZUpdateDeliveryEndpointSchema) },
      responses: {
        200: jsonContent(ZDeliveryEndpointSchema, LEAD_DELIVERY_MESSAGES.UPDATED),
        ...denied(auth),
        404: oneNotFound,
        422: apiError("`VALIDATION_FAILED`: the field named in `error.fields`"),
      },
    }),
    remove: defineRoute({
      auth,
      method: "delete",
      path: `${base}/delivery-endpoints/{endpointId}`,
      tags,
      ...id("deleteDeliveryEndpoint"),
      summary: "Delete a delivery endpoint (its delivery log stays)",
      request: { params: one },
      responses: {
        200: jsonContent(ZDeleteDeliveryEndpointResultSchema, LEAD_DELIVERY_MESSAGES.DELETED),
        ...denied(auth),
        404: oneNotFound,
      },
    }),
    rotate: defineRoute({
      auth,
      method: "post",
      path: `${base}/delivery-endpoints/{endpointId}/rotate-secret`,
      tags,
      ...id("rotateDeliveryEndpointSecret"),
      summary: "A new signing secret (the old one stops at once); the secret is in this answer only",
      request: { params: one },
      responses: {
        200: jsonContent(ZDeliveryEndpointWithSecretSchema, LEAD_DELIVERY_MESSAGES.ROTATED),
        ...denied(auth),
        404: oneNotFound,
      },
    }),
    test: defineRoute({
      auth,
      method: "post",
      path: `${base}/delivery-endpoints/{endpointId}/test`,
      tags,
      ...id("sendTestLead"),
      summary: "Send test lead: one signed attempt now with a sample lead; answers the delivery and its log",
      request: { params: one },
      responses: {
        200: jsonContent(ZTestDeliveryResultSchema, "The attempt and the endpoint's answer"),
        ...denied(auth),
        404: oneNotFound,
      },
    }),
    log: defineRoute({
      auth,
      method: "get",
      path: `${base}/delivery-endpoints/{endpointId}/deliveries`,
      tags,
      ...id("listEndpointDeliveries"),
      summary: "The endpoint's latest 20 deliveries (tests included) with every attempt",
      request: { params: one },
      responses: { 200: jsonContent(ZDeliveryLogSchema, "Deliveries"), ...denied(auth), 404: oneNotFound },
    }),
  };
}

type TOwnerOf = (c: Context<TAppEnv>) => Promise<TEndpointOwner>;
type TScoped = <T>(c: Context<TAppEnv>, companyId: string, fn: () => Promise<T>) => Promise<T>;

/** Session requests already run as their company (the guard of their "company" or "buyer" auth). */
const inRequestScope: TScoped = (_c, _companyId, fn) => fn();
/** An API key's request runs behind its company's row-level-security wall like a signed-in one. */
const keyScope =
  (deps: TDeps): TScoped =>
  (c, _companyId, fn) =>
    asKeyCompany(deps, c, fn);

function registerEndpointSet(
  app: TApp,
  deps: TDeps,
  routes: ReturnType<typeof endpointRoutes>,
  ownerOf: TOwnerOf,
  scoped: TScoped,
) {
  const endpointId = (c: Context<TAppEnv>) => c.req.param("endpointId")!;
  // Each call resolves the owner first (a buyer of another company: 404), then runs in its scope.
  const withOwner = async <T>(c: Context<TAppEnv>, fn: (owner: TEndpointOwner) => Promise<T>) => {
    const owner = await ownerOf(c);
    return scoped(c, owner.companyId, () => fn(owner));
  };
  app.openapi(routes.list, async (c) => c.json(await withOwner(c, (o) => listEndpoints(deps, o)), 200));
  app.openapi(routes.create, async (c) => {
    const body = c.req.valid("json");
    return c.json(await withOwner(c, (o) => createEndpoint(deps, o, body)), 201);
  });
  app.openapi(routes.update, async (c) => {
    const body = c.req.valid("json");
    return c.json(await withOwner(c, (o) => updateEndpoint(deps, o, endpointId(c), body)), 200);
  });
  app.openapi(routes.remove, async (c) =>
    c.json(await withOwner(c, (o) => deleteEndpoint(deps, o, endpointId(c))), 200),
  );
  app.openapi(routes.rotate, async (c) =>
    c.json(await withOwner(c, (o) => rotateEndpointSecret(deps, o, endpointId(c))), 200),
  );
  app.openapi(routes.log, async (c) =>
    c.json(await withOwner(c, (o) => endpointDeliveryLog(deps, o, endpointId(c))), 200),
  );
  app.openapi(routes.test, async (c) => {
    const owner = await ownerOf(c);
    const pending = await scoped(c, owner.companyId, () => prepareTestDelivery(deps, owner, endpointId(c)));
    // Sent once the request's transaction has committed: no connection is held while the buyer answers.
    return answerAfterCommit(c, c.json(pending, 200), async () =>
      c.json(await sendTestDelivery(deps, owner, pending.delivery.id), 200),
    );
  });
}

const leadLogRoute = (path: string, tags: string[], auth: TRoof, summary: string) =>
  defineRoute({
    auth,
    method: "get",
    path,
    tags,
    ...(auth === "apiKey" ? { operationId: "listLeadDeliveries" } : {}),
    summary,
    request: { params: leadParam },
    responses: {
      200: jsonContent(ZDeliveryLogSchema, "Deliveries with every attempt"),
      ...denied(auth),
      404: apiError(LEAD_DELIVERY_MESSAGES.LEAD_NOT_FOUND),
    },
  });

/**
 * Company routes under /api/buyers/{buyerId} and /api/leads/{leadId}, the buyer's own under
 * /api/buyer-portal, and the API key's under /api/v1.
 */
export function registerLeadDeliveryRoutes(app: TApp, deps: TDeps) {
  const companyOwner: TOwnerOf = (c) => ownerForCompany(deps, companyContext(c), c.req.param("buyerId")!);
  registerEndpointSet(
    app,
    deps,
    endpointRoutes("/api/buyers/{buyerId}", buyerParam, ["Lead delivery"], "company"),
    companyOwner,
    inRequestScope,
  );
  app.openapi(
    leadLogRoute(
      "/api/leads/{leadId}/deliveries",
      ["Lead delivery"],
      "company",
      "Deliveries of the lead into its buyers' systems, with every attempt (lead detail)",
    ),
    async (c) =>
      c.json(await leadDeliveryLog(deps, companyContext(c).companyId, c.req.valid("param").leadId), 200),
  );

  const buyerOwner: TOwnerOf = async (c) => {
    const ctx = buyerContext(c);
    return { companyId: ctx.companyId, buyerId: ctx.buyerId, canManage: true };
  };
  registerEndpointSet(
    app,
    deps,
    endpointRoutes("/api/buyer-portal", {}, ["Buyer portal"], "buyer"),
    buyerOwner,
    inRequestScope,
  );
  app.openapi(
    leadLogRoute(
      "/api/buyer-portal/leads/{leadId}/deliveries",
      ["Buyer portal"],
      "buyer",
      "Deliveries of one of the buyer's leads into its own endpoints, with every attempt",
    ),
    async (c) => c.json(await buyerLeadDeliveryLog(deps, buyerContext(c), c.req.valid("param").leadId), 200),
  );

  // The API key acts as its company, an owner would (keys are made by owners and org admins).
  const keyOwner: TOwnerOf = (c) =>
    asKeyCompany(deps, c, (actor) => ownerForCompany(deps, actor, c.req.param("buyerId")!));
  registerEndpointSet(
    app,
    deps,
    endpointRoutes("/api/v1/buyers/{buyerId}", buyerParam, ["Lead API"], "apiKey"),
    keyOwner,
    keyScope(deps),
  );
  app.openapi(
    leadLogRoute(
      "/api/v1/leads/{leadId}/deliveries",
      ["Lead API"],
      "apiKey",
      "Deliveries of one of the key's company's leads into its buyers' systems, with every attempt",
    ),
    async (c) => {
      const leadId = c.req.valid("param").leadId;
      const log = await asKeyCompany(deps, c, ({ companyId }) => leadDeliveryLog(deps, companyId, leadId));
      return c.json(log, 200);
    },
  );
}
