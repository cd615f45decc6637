import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import { sendJson, type TRecordedRequest } from "./http-fake";

type TStatus = "APPROVAL_PENDING" | "APPROVED" | "ACTIVE" | "SUSPENDED" | "CANCELLED" | "EXPIRED";
type TSubscription = {
  id: string;
  plan_id: string;
  custom_id?: string;
  status: TStatus;
  baToken: string;
  context: { return_url?: string; cancel_url?: string };
  status_update_time: string;
  /** A revise waiting for the subscriber's consent: the new plan and where to send them back. */
  revision: { planId: string; baToken: string; context: TSubscription["context"] } | null;
  cancelReason?: string;
};

/**
 * PayPal Billing Subscriptions for the fake PayPal: POST /v1/billing/subscriptions (the plan must exist
 * in the catalog fake; answers APPROVAL_PENDING with an "approve" link), GET /v1/billing/subscriptions/{id},
 * and the subscriber's approval window GET /webapps/billing/subscriptions?ba_token=…: action=approve
 * activates the subscription and redirects to return_url with subscription_id, ba_token and token;
 * action=cancel redirects to cancel_url with ba_token and token, leaving it APPROVAL_PENDING.
 * POST /v1/billing/subscriptions/{id}/revise {plan_id, application_context} switches an ACTIVE
 * subscription's plan once the subscriber consents at its own "approve" link (until then the old plan
 * stays); POST /v1/billing/subscriptions/{id}/cancel {reason} answers 204 and cancels an ACTIVE or
 * SUSPENDED subscription, 422 SUBSCRIPTION_STATUS_INVALID otherwise.
 */
export function createPayPalBillingFake(baseUrl: () => string, planExists: (id: string) => boolean) {
  const subscriptions = new Map<string, TSubscription>();
  /** false: approval leaves the subscription APPROVED (PayPal activates it a moment later). */
  const state = { activateOnApprove: true };
  const view = (s: TSubscription) => ({
    id: s.id,
    plan_id: s.plan_id,
    custom_id: s.custom_id,
    status: s.status,
    status_update_time: s.status_update_time,
    links: [
      ...(s.status === "APPROVAL_PENDING"
        ? [
            {
              href: `${baseUrl()}/webapps/billing/subscriptions?ba_token=${s.baToken}`,
              rel: "approve",
              method: "GET",
            },
          ]
        : []),
      { href: `${baseUrl()}/v1/billing/subscriptions/${s.id}`, rel: "self", method: "GET" },
    ],
  });
  const setStatus = (s: TSubscription, status: TStatus) => {
    s.status = status;
    s.status_update_time = new Date().toISOString();
  };

  /** The subscriber's browser at PayPal (no bearer token). */
  function handleBrowser(req: TRecordedRequest, res: ServerResponse): boolean {
    if (req.method !== "GET" || !req.path.startsWith("/webapps/billing/subscriptions?")) return false;
    const query = new URL(req.path, baseUrl()).searchParams;
    const baToken = query.get("ba_token");
    const sub = [...subscriptions.values()].find(
      (s) => s.baToken === baToken || s.revision?.baToken === baToken,
    );
    const action = query.get("action");
    if (!sub) {
      sendJson(res, 404, { name: "RESOURCE_NOT_FOUND", message: "No such subscription" });
      return true;
    }
    if (action !== "approve" && action !== "cancel") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html lang="en"><head><title>PayPal Subscribe</title></head><body>
<h1>Subscribe with PayPal</h1><p>Plan ${sub.revision?.baToken === baToken ? sub.revision.planId : sub.plan_id}</p>
<p><a href="/webapps/billing/subscriptions?ba_token=${baToken}&amp;action=approve">Agree &amp; Subscribe</a></p>
<p><a href="/webapps/billing/subscriptions?ba_token=${baToken}&amp;action=cancel">Cancel and return to merchant</a></p>
</body></html>`);
      return true;
    }
    const revision = sub.revision?.baToken === baToken ? sub.revision : null;
    const context = revision ? revision.context : sub.context;
    const back = action === "approve" ? context.return_url : context.cancel_url;
    if (!back) {
      sendJson(res, 404, { name: "RESOURCE_NOT_FOUND", message: "No return URL" });
      return true;
    }
    const target = new URL(back);
    if (revision) {
      // Consent switches the plan; declining keeps the old one.
      if (action === "approve") {
        sub.plan_id = revision.planId;
        sub.status_update_time = new Date().toISOString();
        target.searchParams.set("subscription_id", sub.id);
      }
      sub.revision = null;
    } else if (action === "approve") {
      if (sub.status === "APPROVAL_PENDING") setStatus(sub, state.activateOnApprove ? "ACTIVE" : "APPROVED");
      target.searchParams.set("subscription_id", sub.id);
    }
    target.searchParams.set("ba_token", sub.baToken);
    target.searchParams.set("token", sub.baToken.replace("BA-", "EC-"));
    res.writeHead(302, { location: target.toString() });
    res.end();
    return true;
  }

  /** Authenticated REST calls; false for paths it does not own. */
  function handle(
    req: TRecordedRequest,
    res: ServerResponse,
    reply: (status: number, body: unknown) => unknown,
  ): boolean {
    if (req.method === "POST" && req.path === "/v1/billing/subscriptions") {
      const body = JSON.parse(req.body || "{}") as {
        plan_id?: string;
        custom_id?: string;
        application_context?: TSubscription["context"];
      };
      if (!body.plan_id) {
        sendJson(res, 400, {
          name: "INVALID_REQUEST",
          message: "Request is not well-formed, syntactically incorrect, or violates schema.",
          details: [{ field: "/plan_id", issue: "MISSING_REQUIRED_PARAMETER" }],
        });
        return true;
      }
      if (!planExists(body.plan_id)) {
        sendJson(res, 422, {
          name: "UNPROCESSABLE_ENTITY",
          message: "The requested action could not be performed.",
          details: [{ issue: "INVALID_PLAN_ID", description: "The plan id is invalid." }],
        });
        return true;
      }
      const id = `I-${randomUUID().replaceAll("-", "").toUpperCase().slice(0, 12)}`;
      const sub: TSubscription = {
        id,
        plan_id: body.plan_id,
        custom_id: body.custom_id,
        status: "APPROVAL_PENDING",
        baToken: `BA-${randomUUID().replaceAll("-", "").toUpperCase().slice(0, 17)}`,
        context: body.application_context ?? {},
        status_update_time: new Date().toISOString(),
        revision: null,
      };
      subscriptions.set(id, sub);
      reply(201, view(sub));
      return true;
    }
    const action = /^\/v1\/billing\/subscriptions\/([^/?]+)\/(revise|cancel)$/.exec(req.path);
    if (req.method === "POST" && action) {
      const sub = subscriptions.get(decodeURIComponent(action[1]!));
      if (!sub) {
        sendJson(res, 404, {
          name: "RESOURCE_NOT_FOUND",
          message: "The specified resource does not exist.",
          details: [{ issue: "INVALID_RESOURCE_ID" }],
        });
        return true;
      }
      const statusInvalid = () =>
        sendJson(res, 422, {
          name: "UNPROCESSABLE_ENTITY",
          message: "The requested action could not be performed.",
          details: [{ issue: "SUBSCRIPTION_STATUS_INVALID", description: `Invalid subscription status.` }],
        });
      const body = JSON.parse(req.body || "{}") as {
        plan_id?: string;
        reason?: string;
        application_context?: TSubscription["context"];
      };
      if (action[2] === "cancel") {
        if (sub.status !== "ACTIVE" && sub.status !== "SUSPENDED") {
          statusInvalid();
          return true;
        }
        setStatus(sub, "CANCELLED");
        sub.cancelReason = body.reason;
        res.writeHead(204);
        res.end();
        return true;
      }
      if (sub.status !== "ACTIVE") {
        statusInvalid();
        return true;
      }
      if (!body.plan_id || !planExists(body.plan_id)) {
        sendJson(res, 422, {
          name: "UNPROCESSABLE_ENTITY",
          message: "The requested action could not be performed.",
          details: [{ issue: "INVALID_PLAN_ID", description: "The plan id is invalid." }],
        });
        return true;
      }
      const baToken = `BA-${randomUUID().replaceAll("-", "").toUpperCase().slice(0, 17)}`;
      sub.revision = { planId: body.plan_id, baToken, context: body.application_context ?? {} };
      reply(200, {
        plan_id: body.plan_id,
        plan_overridden: false,
        links: [
          {
            href: `${baseUrl()}/webapps/billing/subscriptions?ba_token=${baToken}`,
            rel: "approve",
            method: "GET",
          },
          { href: `${baseUrl()}/v1/billing/subscriptions/${sub.id}`, rel: "edit", method: "PATCH" },
        ],
      });
      return true;
    }
    const get = /^\/v1\/billing\/subscriptions\/([^/?]+)$/.exec(req.path);
    if (req.method === "GET" && get) {
      const sub = subscriptions.get(decodeURIComponent(get[1]!));
      if (!sub)
        sendJson(res, 404, {
          name: "RESOURCE_NOT_FOUND",
          message: "The specified resource does not exist.",
          details: [{ issue: "INVALID_RESOURCE_ID" }],
        });
      else sendJson(res, 200, view(sub));
      return true;
    }
    return false;
  }

  return {
    subscriptions,
    state,
    handleBrowser,
    handle,
    /** Changes a subscription at PayPal (what the subscriber or PayPal's billing does). */
    setStatus(id: string, status: TStatus) {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`no fake subscription ${id}`);
      setStatus(sub, status);
    },
    /** The BILLING.SUBSCRIPTION.* event PayPal would send about this subscription now. */
    event(id: string, eventType: string) {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`no fake subscription ${id}`);
      return {
        id: `WH-${randomUUID()}`,
        event_version: "1.0",
        create_time: new Date().toISOString(),
        resource_type: "subscription",
        resource_version: "2.0",
        event_type: eventType,
        summary: `Subscription ${eventType}`,
        resource: view(sub),
      };
    },
  };
}
