import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import { sendJson, type TRecordedRequest } from "./http-fake";

type TProduct = { id: string; name: string; type: string; category?: string; description?: string };
type TPlan = {
  id: string;
  product_id: string;
  name: string;
  status: string;
  billing_cycles: unknown[];
  payment_preferences?: unknown;
};

/**
 * PayPal Catalog Products (POST /v1/catalogs/products) and Billing Plans (POST /v1/billing/plans,
 * GET /v1/billing/plans/{id}) for the fake PayPal: validates the fields PayPal requires, answers 201
 * with PayPal's id formats (PROD-…, P-…), and replays PayPal-Request-Id through the caller.
 * `handle` returns false for paths it does not own.
 */
export function createPayPalCatalogFake() {
  const products = new Map<string, TProduct>();
  const plans = new Map<string, TPlan>();
  const invalid = (res: ServerResponse, field: string) => {
    sendJson(res, 400, {
      name: "INVALID_REQUEST",
      message: "Request is not well-formed, syntactically incorrect, or violates schema.",
      details: [{ field, issue: "MISSING_REQUIRED_PARAMETER" }],
    });
    return true;
  };
  const newId = (prefix: string, length: number) =>
    `${prefix}${randomUUID().replaceAll("-", "").toUpperCase().slice(0, length)}`;

  function handle(
    req: TRecordedRequest,
    res: ServerResponse,
    reply: (status: number, body: unknown) => unknown,
  ): boolean {
    if (req.method === "POST" && req.path === "/v1/catalogs/products") {
      const body = JSON.parse(req.body || "{}") as Partial<TProduct>;
      if (!body.name) return invalid(res, "/name");
      if (!body.type) return invalid(res, "/type");
      const product = { ...body, id: newId("PROD-", 17) } as TProduct;
      products.set(product.id, product);
      reply(201, { ...product, create_time: new Date().toISOString() });
      return true;
    }
    if (req.method === "POST" && req.path === "/v1/billing/plans") {
      const body = JSON.parse(req.body || "{}") as Partial<TPlan>;
      if (!body.product_id) return invalid(res, "/product_id");
      if (!products.has(body.product_id)) {
        sendJson(res, 422, {
          name: "UNPROCESSABLE_ENTITY",
          message: "The requested action could not be performed.",
          details: [{ issue: "INVALID_PRODUCT_ID", description: "Invalid product id." }],
        });
        return true;
      }
      if (!body.name) return invalid(res, "/name");
      if (!Array.isArray(body.billing_cycles) || body.billing_cycles.length === 0) {
        return invalid(res, "/billing_cycles");
      }
      const plan = { ...body, id: newId("P-", 24), status: body.status ?? "ACTIVE" } as TPlan;
      plans.set(plan.id, plan);
      reply(201, plan);
      return true;
    }
    const getPlan = /^\/v1\/billing\/plans\/([^/?]+)$/.exec(req.path);
    if (req.method === "GET" && getPlan) {
      const plan = plans.get(decodeURIComponent(getPlan[1]!));
      if (!plan)
        sendJson(res, 404, { name: "RESOURCE_NOT_FOUND", message: "The specified resource does not exist." });
      else sendJson(res, 200, plan);
      return true;
    }
    return false;
  }

  return { products, plans, handle };
}
