import type { TPayPalClient } from "./client";

/** PayPal Billing Subscriptions v1 on top of the REST client (plans come from ./catalog.ts). */

export type TPayPalSubscription = {
  id: string;
  /** APPROVAL_PENDING, APPROVED, ACTIVE, SUSPENDED, CANCELLED, EXPIRED. */
  status: string;
  plan_id: string;
  custom_id?: string;
  status_update_time?: string;
  links?: { href: string; rel: string; method?: string }[];
};

/** A subscription to a plan, waiting for the subscriber to approve it at the "approve" link. */
export function createSubscription(
  client: TPayPalClient,
  input: { planId: string; customId: string; returnUrl: string; cancelUrl: string; requestId: string },
) {
  return client.request<TPayPalSubscription>(
    "POST",
    "/v1/billing/subscriptions",
    {
      plan_id: input.planId,
      custom_id: input.customId,
      application_context: {
        brand_name: "Leadpost",
        user_action: "SUBSCRIBE_NOW",
        shipping_preference: "NO_SHIPPING",
        return_url: input.returnUrl,
        cancel_url: input.cancelUrl,
      },
    },
    input.requestId,
  );
}

export function getSubscription(client: TPayPalClient, subscriptionId: string) {
  return client.request<TPayPalSubscription>(
    "GET",
    `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}`,
  );
}

export const approveLink = (subscription: Pick<TPayPalSubscription, "links">) =>
  subscription.links?.find((l) => l.rel === "approve")?.href ?? null;

/**
 * Switches an active subscription to another plan of the same product (PayPal's revise). A PayPal
 * subscriber must consent at the answer's "approve" link; until then, or if they decline, the old plan
 * stays. The new price starts with the next billing cycle.
 */
export function reviseSubscription(
  client: TPayPalClient,
  subscriptionId: string,
  input: { planId: string; returnUrl: string; cancelUrl: string },
) {
  return client.request<{ plan_id: string; links?: TPayPalSubscription["links"] }>(
    "POST",
    `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/revise`,
    {
      plan_id: input.planId,
      application_context: {
        brand_name: "Leadpost",
        shipping_preference: "NO_SHIPPING",
        return_url: input.returnUrl,
        cancel_url: input.cancelUrl,
      },
    },
  );
}

/** Cancels the subscription at PayPal (204 No Content); no later payment is taken. */
export function cancelSubscription(client: TPayPalClient, subscriptionId: string, reason: string) {
  return client.request<Record<string, never>>(
    "POST",
    `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`,
    { reason },
  );
}
