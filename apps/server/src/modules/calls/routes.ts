import { type RouteConfig, z } from "@hono/zod-openapi";
import {
  ZAgentInputSchema,
  ZAgentListSchema,
  ZAgentPatchSchema,
  ZAgentSchema,
  ZBlockedNumberListSchema,
  ZBlockNumberInputSchema,
  ZCallCenterStatusSchema,
  ZCallDebuggerSchema,
  ZCallIdsSchema,
  ZCallListSchema,
  ZCallMetricsSchema,
  ZIncomingNumberListSchema,
  ZPhoneNumberInputSchema,
  ZPhoneNumberListSchema,
  ZPhoneNumberPatchSchema,
  ZPhoneNumberSchema,
  ZRoutingNumberInputSchema,
  ZRoutingNumberListSchema,
  ZRoutingNumberSchema,
  ZVoicemailListSchema,
} from "@leadpost/shared";
import type { TApp, TDeps, TRouteAuthSpec } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { companyContext } from "../../plugins/tenant";
import {
  callMetrics,
  deleteCalls,
  listCallHistory,
  listLiveCalls,
  listVoicemails,
  markVoicemailRead,
} from "./call-records";
import { companyCallSettings, registerCallSettingsRoutes } from "./call-settings";
import { callDebugger } from "./debugger";
import {
  blockNumber,
  createAgent,
  deleteAgent,
  listAgents,
  listBlocked,
  unblockNumber,
  updateAgent,
} from "./people";
import {
  createPhoneNumber,
  createRoutingNumber,
  deletePhoneNumber,
  deleteRoutingNumber,
  linkRoutingNumber,
  listPhoneNumbers,
  listRoutingNumbers,
  unlinkRoutingNumber,
  updatePhoneNumber,
} from "./phone-numbers";
import { registerRecordingRoutes } from "./recordings";
import { callCenterStatus } from "./status";
import { runTestCall } from "./test-call";
import { connectPhoneNumber, listIncomingNumbers } from "./twilio-connect";
import { registerVoicemailAudioRoutes } from "./voicemail-audio";

const tags = ["Call center"];
const idParams = z.object({ id: z.uuid() });
const linkParams = z.object({ id: z.uuid(), routingId: z.uuid() });
const done = z.object({ success: z.literal(true), message: z.string() });
const base = { 403: apiError("No company, or not an owner or admin") };
const notFound = apiError("Not one of this company's records");
const invalid = apiError("Invalid input, with a message per field");

type TMethod = "get" | "post" | "put" | "patch" | "delete";
const route = <R extends Omit<RouteConfig, "tags" | "method" | "middleware"> & TRouteAuthSpec>(
  method: TMethod,
  r: R,
) => defineRoute({ ...r, method, tags, responses: { ...base, ...r.responses } });

const routes = {
  status: route("get", {
    auth: "company",
    path: "/api/calls/status",
    summary: "Twilio Connected or Not Configured, and the webhook addresses to give Twilio",
    responses: { 200: jsonContent(ZCallCenterStatusSchema, "Status") },
  }),
  numbers: route("get", {
    auth: "company",
    path: "/api/calls/phone-numbers",
    summary: "The company's numbers (Twilio, routing, tracking) with their linked routing numbers",
    responses: { 200: jsonContent(ZPhoneNumberListSchema, "Numbers") },
  }),
  createNumber: route("post", {
    auth: "company",
    path: "/api/calls/phone-numbers",
    summary: "Add a number with its routing, recording and voicemail settings",
    request: { body: jsonBody(ZPhoneNumberInputSchema) },
    responses: {
      201: jsonContent(z.object({ phoneNumber: ZPhoneNumberSchema }), "Added"),
      409: invalid,
      422: invalid,
    },
  }),
  updateNumber: route("patch", {
    auth: "company",
    path: "/api/calls/phone-numbers/{id}",
    summary: "Change a number's settings (its type never changes); activate or deactivate it",
    request: { params: idParams, body: jsonBody(ZPhoneNumberPatchSchema) },
    responses: {
      200: jsonContent(z.object({ phoneNumber: ZPhoneNumberSchema }), "Updated"),
      404: notFound,
      422: invalid,
    },
  }),
  incomingNumbers: route("get", {
    auth: "company",
    path: "/api/calls/twilio-numbers",
    summary: "The numbers of the company's Twilio account, for Add Phone Number",
    responses: {
      200: jsonContent(ZIncomingNumberListSchema, "Numbers"),
      422: invalid,
      503: apiError("Twilio unreachable"),
    },
  }),
  connectNumber: route("post", {
    auth: "company",
    path: "/api/calls/phone-numbers/{id}/connect",
    summary: "Point the number at this app in Twilio (voice URL and status callback, both POST)",
    request: { params: idParams },
    responses: {
      200: jsonContent(done, "Connected"),
      404: notFound,
      422: invalid,
      503: apiError("Twilio unreachable"),
    },
  }),
  deleteNumber: route("delete", {
    auth: "company",
    path: "/api/calls/phone-numbers/{id}",
    summary: "Delete a number",
    request: { params: idParams },
    responses: { 200: jsonContent(done, "Deleted"), 404: notFound },
  }),
  link: route("post", {
    auth: "company",
    path: "/api/calls/phone-numbers/{id}/routing-numbers/{routingId}",
    summary: "Link a routing number to a Twilio number",
    request: { params: linkParams },
    responses: { 200: jsonContent(done, "Linked"), 404: notFound, 409: apiError("Already associated") },
  }),
  unlink: route("delete", {
    auth: "company",
    path: "/api/calls/phone-numbers/{id}/routing-numbers/{routingId}",
    summary: "Unlink a routing number from a Twilio number",
    request: { params: linkParams },
    responses: { 200: jsonContent(done, "Unlinked"), 404: notFound },
  }),
  routing: route("get", {
    auth: "company",
    path: "/api/calls/routing-numbers",
    summary: "Routing numbers (where calls are forwarded)",
    responses: { 200: jsonContent(ZRoutingNumberListSchema, "Routing numbers") },
  }),
  createRouting: route("post", {
    auth: "company",
    path: "/api/calls/routing-numbers",
    summary: "Add a routing number (E.164)",
    request: { body: jsonBody(ZRoutingNumberInputSchema) },
    responses: { 201: jsonContent(z.object({ routingNumber: ZRoutingNumberSchema }), "Added"), 422: invalid },
  }),
  deleteRouting: route("delete", {
    auth: "company",
    path: "/api/calls/routing-numbers/{id}",
    summary: "Delete a routing number",
    request: { params: idParams },
    responses: { 200: jsonContent(done, "Deleted"), 404: notFound },
  }),
  agents: route("get", {
    auth: "company",
    path: "/api/calls/agents",
    summary: "Agents in ring order, with status and call counts",
    responses: { 200: jsonContent(ZAgentListSchema, "Agents") },
  }),
  createAgent: route("post", {
    auth: "company",
    path: "/api/calls/agents",
    summary: "Add an agent",
    request: { body: jsonBody(ZAgentInputSchema) },
    responses: { 201: jsonContent(z.object({ agent: ZAgentSchema }), "Added"), 422: invalid },
  }),
  updateAgent: route("put", {
    auth: "company",
    path: "/api/calls/agents/{id}",
    summary: "Edit an agent: the fields sent change",
    request: { params: idParams, body: jsonBody(ZAgentPatchSchema) },
    responses: {
      200: jsonContent(z.object({ agent: ZAgentSchema }), "Updated"),
      404: notFound,
      422: invalid,
    },
  }),
  deleteAgent: route("delete", {
    auth: "company",
    path: "/api/calls/agents/{id}",
    summary: "Delete an agent",
    request: { params: idParams },
    responses: { 200: jsonContent(done, "Deleted"), 404: notFound },
  }),
  blocked: route("get", {
    auth: "company",
    path: "/api/calls/blocked-numbers",
    summary: "Blocked callers, newest first",
    responses: { 200: jsonContent(ZBlockedNumberListSchema, "Blocked numbers") },
  }),
  block: route("post", {
    auth: "company",
    path: "/api/calls/blocked-numbers",
    summary: "Block a caller (stored normalised; a repeat is refused)",
    request: { body: jsonBody(ZBlockNumberInputSchema) },
    responses: {
      201: jsonContent(z.object({ id: z.string(), phoneNumber: z.string(), message: z.string() }), "Blocked"),
      409: apiError("This number is already blocked"),
      422: invalid,
    },
  }),
  unblock: route("delete", {
    auth: "company",
    path: "/api/calls/blocked-numbers/{id}",
    summary: "Unblock a caller",
    request: { params: idParams },
    responses: { 200: jsonContent(done, "Unblocked"), 404: notFound },
  }),
  history: route("get", {
    auth: "company",
    path: "/api/calls/history",
    summary: "Call History: the latest 100 calls",
    responses: { 200: jsonContent(ZCallListSchema, "Calls") },
  }),
  live: route("get", {
    auth: "company",
    path: "/api/calls/live",
    summary: "Live calls (ringing or in progress), at most 10",
    responses: { 200: jsonContent(ZCallListSchema, "Calls") },
  }),
  deleteCalls: route("post", {
    auth: "company",
    path: "/api/calls/delete",
    summary: "Delete call records; live ones are ended at Twilio first",
    request: { body: jsonBody(ZCallIdsSchema) },
    responses: {
      200: jsonContent(
        z.object({
          success: z.literal(true),
          deletedCount: z.number(),
          twilioEndedCount: z.number(),
          message: z.string(),
        }),
        "Deleted",
      ),
      404: notFound,
      422: invalid,
    },
  }),
  voicemails: route("get", {
    auth: "company",
    path: "/api/calls/voicemails",
    summary: "The latest 20 voicemails and the unread count",
    responses: { 200: jsonContent(ZVoicemailListSchema, "Voicemails") },
  }),
  readVoicemail: route("post", {
    auth: "company",
    path: "/api/calls/voicemails/{id}/read",
    summary: "Mark a voicemail read",
    request: { params: idParams },
    responses: { 200: jsonContent(done, "Read"), 404: notFound },
  }),
  metrics: route("get", {
    auth: "company",
    path: "/api/calls/metrics",
    summary: "Call metrics for the last 1, 7, 30 or 90 days",
    request: {
      query: z.object({
        days: z.coerce
          .number()
          .int()
          .refine((d) => [1, 7, 30, 90].includes(d), "Choose 1, 7, 30 or 90 days.")
          .default(7),
      }),
    },
    responses: { 200: jsonContent(ZCallMetricsSchema, "Metrics"), 422: invalid },
  }),
  debugger: route("get", {
    auth: "company",
    path: "/api/calls/debugger",
    summary:
      "Debugger (owners and admins): Twilio permissions check, Twilio's latest calls, local errors, error-code legend",
    responses: { 200: jsonContent(ZCallDebuggerSchema, "What the debugger shows") },
  }),
  testCall: route("post", {
    auth: "company",
    path: "/api/calls/test-call",
    summary: "Test Call Center (owners and admins): a simulated inbound call through the signed webhook path",
    request: { body: jsonBody(z.object({ phoneNumberId: z.uuid(), from: z.string().max(30).nullish() })) },
    responses: {
      200: jsonContent(
        z.object({ callSid: z.string(), outcome: z.string(), twiml: z.string() }),
        "The call and what the caller got",
      ),
      404: notFound,
      409: apiError("Twilio Not Configured"),
    },
  }),
};

/** The call center's company API: every company role reads; owners and org admins change. */
export function registerCallCenterRoutes(app: TApp, deps: TDeps) {
  const ctx = companyContext;
  app.openapi(routes.status, async (c) => c.json(await callCenterStatus(deps, ctx(c)), 200));
  app.openapi(routes.numbers, async (c) => c.json(await listPhoneNumbers(deps, ctx(c)), 200));
  app.openapi(routes.createNumber, async (c) => {
    const input = c.req.valid("json");
    // A number that names no routing strategy starts with the company's (Call settings).
    const named = ((await c.req.json()) as { routingStrategy?: unknown }).routingStrategy !== undefined;
    const routingStrategy = named
      ? input.routingStrategy
      : (await companyCallSettings(deps.database.db, ctx(c).companyId)).routingStrategy;
    return c.json(await createPhoneNumber(deps, ctx(c), { ...input, routingStrategy }), 201);
  });
  app.openapi(routes.incomingNumbers, async (c) => c.json(await listIncomingNumbers(deps, ctx(c)), 200));
  app.openapi(routes.connectNumber, async (c) =>
    c.json(await connectPhoneNumber(deps, ctx(c), c.req.valid("param").id), 200),
  );
  app.openapi(routes.updateNumber, async (c) =>
    c.json(await updatePhoneNumber(deps, ctx(c), c.req.valid("param").id, c.req.valid("json")), 200),
  );
  app.openapi(routes.deleteNumber, async (c) =>
    c.json(await deletePhoneNumber(deps, ctx(c), c.req.valid("param").id), 200),
  );
  app.openapi(routes.link, async (c) => {
    const { id, routingId } = c.req.valid("param");
    return c.json(await linkRoutingNumber(deps, ctx(c), id, routingId), 200);
  });
  app.openapi(routes.unlink, async (c) => {
    const { id, routingId } = c.req.valid("param");
    return c.json(await unlinkRoutingNumber(deps, ctx(c), id, routingId), 200);
  });
  app.openapi(routes.routing, async (c) => c.json(await listRoutingNumbers(deps, ctx(c)), 200));
  app.openapi(routes.createRouting, async (c) =>
    c.json(await createRoutingNumber(deps, ctx(c), c.req.valid("json")), 201),
  );
  app.openapi(routes.deleteRouting, async (c) =>
    c.json(await deleteRoutingNumber(deps, ctx(c), c.req.valid("param").id), 200),
  );
  app.openapi(routes.agents, async (c) => c.json(await listAgents(deps, ctx(c)), 200));
  app.openapi(routes.createAgent, async (c) =>
    c.json(await createAgent(deps, ctx(c), c.req.valid("json")), 201),
  );
  app.openapi(routes.updateAgent, async (c) =>
    c.json(await updateAgent(deps, ctx(c), c.req.valid("param").id, c.req.valid("json")), 200),
  );
  app.openapi(routes.deleteAgent, async (c) =>
    c.json(await deleteAgent(deps, ctx(c), c.req.valid("param").id), 200),
  );
  app.openapi(routes.blocked, async (c) => c.json(await listBlocked(deps, ctx(c)), 200));
  app.openapi(routes.block, async (c) => c.json(await blockNumber(deps, ctx(c), c.req.valid("json")), 201));
  app.openapi(routes.unblock, async (c) =>
    c.json(await unblockNumber(deps, ctx(c), c.req.valid("param").id), 200),
  );
  app.openapi(routes.history, async (c) => c.json(await listCallHistory(deps, ctx(c)), 200));
  app.openapi(routes.live, async (c) => c.json(await listLiveCalls(deps, ctx(c)), 200));
  app.openapi(routes.deleteCalls, async (c) =>
    c.json(await deleteCalls(deps, ctx(c), c.req.valid("json").callIds), 200),
  );
  app.openapi(routes.voicemails, async (c) => c.json(await listVoicemails(deps, ctx(c)), 200));
  app.openapi(routes.readVoicemail, async (c) =>
    c.json(await markVoicemailRead(deps, ctx(c), c.req.valid("param").id), 200),
  );
  app.openapi(routes.metrics, async (c) =>
    c.json(await callMetrics(deps, ctx(c), c.req.valid("query").days), 200),
  );
  registerVoicemailAudioRoutes(app, deps);
  registerRecordingRoutes(app, deps);
  registerCallSettingsRoutes(app, deps);
  app.openapi(routes.debugger, async (c) => c.json(await callDebugger(deps, ctx(c)), 200));
  app.openapi(routes.testCall, async (c) =>
    c.json(await runTestCall(deps, ctx(c), c.req.valid("json")), 200),
  );
}
