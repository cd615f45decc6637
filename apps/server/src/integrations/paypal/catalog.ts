import type { TPayPalClient } from "./client";

/** PayPal Catalog Products and Billing Plans (subscriptions), on top of the REST client. */

export type TPayPalProduct = { id: string; name: string };
export type TPayPalPlan = { id: string; product_id: string; name: string; status: string };

export function createCatalogProduct(
  client: TPayPalClient,
  input: { name: string; description: string; requestId: string },
) {
  return client.request<TPayPalProduct>(
    "POST",
    "/v1/catalogs/products",
    { name: input.name, description: input.description, type: "SERVICE", category: "SOFTWARE" },
    input.requestId,
  );
}

/** An active monthly plan with a fixed USD price, billed until cancelled. */
export function createBillingPlan(
  client: TPayPalClient,
  input: { productId: string; name: string; priceCents: number; requestId: string },
) {
  return client.request<TPayPalPlan>(
    "POST",
    "/v1/billing/plans",
    {
      product_id: input.productId,
      name: input.name,
      status: "ACTIVE",
      billing_cycles: [
        {
          frequency: { interval_unit: "MONTH", interval_count: 1 },
          tenure_type: "REGULAR",
          sequence: 1,
          total_cycles: 0,
          pricing_scheme: {
            fixed_price: { value: (input.priceCents / 100).toFixed(2), currency_code: "USD" },
          },
        },
      ],
      payment_preferences: {
        auto_bill_outstanding: true,
        setup_fee_failure_action: "CONTINUE",
        payment_failure_threshold: 3,
      },
    },
    input.requestId,
  );
}
