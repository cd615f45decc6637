import { type RouteConfig, z } from "@hono/zod-openapi";
import {
  ZCallTrackingAnalyticsSchema,
  ZCallTrackingPeriodQuerySchema,
  ZCallTrackingSetupSchema,
  ZDniNumberInputSchema,
  ZDniNumberListSchema,
  ZDniNumberSchema,
  ZDniSessionListSchema,
  ZLeadCallTouchesSchema,
  ZTrackablePhoneNumberListSchema,
  ZTrackingNumberInputSchema,
  ZTrackingNumberListSchema,
} from "@leadpost/shared";
import type { TApp, TDeps, TRouteAuthSpec } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { companyContext } from "../../plugins/tenant";
import { callTrackingAnalytics, leadCallTouches } from "./analytics";
import { createDniNumber, deleteDniNumber, listDniNumbers, updateDniNumber } from "./dni-numbers";
import { callTrackingSetup } from "./script-config";
import { listDniSessions } from "./sessions";
import {
  createTrackingNumber,
  deleteTrackingNumber,
  listTrackablePhoneNumbers,
  listTrackingNumbers,
} from "./tracking-numbers";

const tags = ["Call tracking"];
const forbidden = apiError("No company, or not an owner or admin");
const notFound = apiError("Not one of this company's records");
const invalid = apiError("Invalid input, with a message per field");
const duplicate = apiError("This number is already set up for this source");
const idParams = z.object({ id: z.uuid() });
const done = z.object({ success: z.literal(true), message: z.string() });
const saved = z.object({ number: ZDniNumberSchema, message: z.string() });

const route = <T extends Omit<RouteConfig, "middleware"> & TRouteAuthSpec>(r: T) =>
  defineRoute({ ...r, tags, responses: { 403: forbidden, ...r.responses } });

const setupRoute = route({
  auth: "company",
  method: "get",
  path: "/api/call-tracking/setup",
  summary: "The company's script key and address for the Setup Instructions snippet",
  responses: { 200: jsonContent(ZCallTrackingSetupSchema, "Setup") },
});
const listDniRoute = route({
  auth: "company",
  method: "get",
  path: "/api/call-tracking/dni-numbers",
  summary: "Legacy Numbers: DNI numbers, newest first",
  responses: { 200: jsonContent(ZDniNumberListSchema, "DNI numbers") },
});
const createDniRoute = route({
  auth: "company",
  method: "post",
  path: "/api/call-tracking/dni-numbers",
  summary: "Add a DNI number; a default one clears the default flag of the others",
  request: { body: jsonBody(ZDniNumberInputSchema) },
  responses: { 201: jsonContent(saved, "Added"), 409: duplicate, 422: invalid },
});
const updateDniRoute = route({
  auth: "company",
  method: "put",
  path: "/api/call-tracking/dni-numbers/{id}",
  summary: "Edit a DNI number",
  request: { params: idParams, body: jsonBody(ZDniNumberInputSchema) },
  responses: { 200: jsonContent(saved, "Updated"), 404: notFound, 409: duplicate, 422: invalid },
});
const deleteDniRoute = route({
  auth: "company",
  method: "delete",
  path: "/api/call-tracking/dni-numbers/{id}",
  summary: "Delete a DNI number",
  request: { params: idParams },
  responses: { 200: jsonContent(done, "Deleted"), 404: notFound },
});
const sessionsRoute = route({
  auth: "company",
  method: "get",
  path: "/api/call-tracking/sessions",
  summary: "Recent Sessions: the latest 100 visits the script recorded",
  responses: { 200: jsonContent(ZDniSessionListSchema, "Sessions") },
});
const listTrackingRoute = route({
  auth: "company",
  method: "get",
  path: "/api/call-tracking/tracking-numbers",
  summary: "Tracking numbers with the phone number each uses",
  responses: { 200: jsonContent(ZTrackingNumberListSchema, "Tracking numbers") },
});
const phoneNumbersRoute = route({
  auth: "company",
  method: "get",
  path: "/api/call-tracking/phone-numbers",
  summary: "The company's Twilio and tracking numbers a tracking number can use",
  responses: { 200: jsonContent(ZTrackablePhoneNumberListSchema, "Phone numbers") },
});
const createTrackingRoute = route({
  auth: "company",
  method: "post",
  path: "/api/call-tracking/tracking-numbers",
  summary: "Add a tracking number linked to one of the company's phone numbers",
  request: { body: jsonBody(ZTrackingNumberInputSchema) },
  responses: { 201: jsonContent(z.object({ id: z.string(), message: z.string() }), "Created"), 422: invalid },
});
const deleteTrackingRoute = route({
  auth: "company",
  method: "delete",
  path: "/api/call-tracking/tracking-numbers/{id}",
  summary: "Delete a tracking number",
  request: { params: idParams },
  responses: { 200: jsonContent(done, "Deleted"), 404: notFound },
});
const analyticsRoute = route({
  auth: "company",
  method: "get",
  path: "/api/call-tracking/analytics",
  summary: "Calls to tracking numbers in the last 1, 7, 30 or 90 days: totals, by source, by day, latest ten",
  request: { query: ZCallTrackingPeriodQuerySchema },
  responses: { 200: jsonContent(ZCallTrackingAnalyticsSchema, "Analytics"), 422: invalid },
});
const leadCallsRoute = route({
  auth: "company",
  method: "get",
  path: "/api/call-tracking/leads/{id}/calls",
  summary: "Tracked calls from the lead's phone around the time of the lead (its call touches)",
  request: { params: idParams },
  responses: { 200: jsonContent(ZLeadCallTouchesSchema, "Calls"), 404: notFound },
});

/** Every company role reads call tracking; owners and org admins change it (checked in the services). */
export function registerCallTrackingRoutes(app: TApp, deps: TDeps) {
  app.openapi(setupRoute, async (c) => c.json(await callTrackingSetup(deps, companyContext(c)), 200));
  app.openapi(listDniRoute, async (c) => c.json(await listDniNumbers(deps, companyContext(c)), 200));
  app.openapi(createDniRoute, async (c) =>
    c.json(await createDniNumber(deps, companyContext(c), c.req.valid("json")), 201),
  );
  app.openapi(updateDniRoute, async (c) =>
    c.json(await updateDniNumber(deps, companyContext(c), c.req.valid("param").id, c.req.valid("json")), 200),
  );
  app.openapi(deleteDniRoute, async (c) =>
    c.json(await deleteDniNumber(deps, companyContext(c), c.req.valid("param").id), 200),
  );
  app.openapi(sessionsRoute, async (c) => c.json(await listDniSessions(deps, companyContext(c)), 200));
  app.openapi(listTrackingRoute, async (c) =>
    c.json(await listTrackingNumbers(deps, companyContext(c)), 200),
  );
  app.openapi(phoneNumbersRoute, async (c) =>
    c.json(await listTrackablePhoneNumbers(deps, companyContext(c)), 200),
  );
  app.openapi(createTrackingRoute, async (c) =>
    c.json(await createTrackingNumber(deps, companyContext(c), c.req.valid("json")), 201),
  );
  app.openapi(deleteTrackingRoute, async (c) =>
    c.json(await deleteTrackingNumber(deps, companyContext(c), c.req.valid("param").id), 200),
  );
  app.openapi(analyticsRoute, async (c) =>
    c.json(await callTrackingAnalytics(deps, companyContext(c), c.req.valid("query").days), 200),
  );
  app.openapi(leadCallsRoute, async (c) =>
    c.json(await leadCallTouches(deps, companyContext(c), c.req.valid("param").id), 200),
  );
}
