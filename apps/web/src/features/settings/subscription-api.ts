import type { TCreateSubscription } from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";
import { schema } from "./api-schema";

// The subscription panel's calls (answers checked in development only: ./api-schema.ts).
const ZSubscriptionCancelResultSchema = schema("ZSubscriptionCancelResultSchema");
const ZSubscriptionCheckoutSchema = schema("ZSubscriptionCheckoutSchema");
const ZSubscriptionConfirmResultSchema = schema("ZSubscriptionConfirmResultSchema");
const ZSubscriptionStateSchema = schema("ZSubscriptionStateSchema");

export const subscriptionKeys = ["settings", "subscription"] as const;
export const fetchSubscription = (signal?: AbortSignal) =>
  api.get("/api/settings/subscription", { schema: ZSubscriptionStateSchema, signal });
export const startSubscription = (input: TCreateSubscription) =>
  api.post("/api/settings/subscription", { body: input, schema: ZSubscriptionCheckoutSchema });
/** Change plan on a paid tier: PayPal's consent page is at approveUrl. */
export const changeSubscriptionPlan = (input: TCreateSubscription) =>
  api.post("/api/settings/subscription/change", { body: input, schema: ZSubscriptionCheckoutSchema });
export const cancelSubscription = () =>
  api.post("/api/settings/subscription/cancel", { schema: ZSubscriptionCancelResultSchema });
export const confirmSubscription = (subscriptionId: string) =>
  api.post("/api/settings/subscription/confirm", {
    body: { subscriptionId },
    schema: ZSubscriptionConfirmResultSchema,
  });
