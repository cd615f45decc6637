import { LEAD_DELIVERY_MESSAGES, type TTestDeliveryResult } from "@leadpost/shared";
import type { TDeps } from "../../app-types";
import { forbidden } from "../../lib/app-error";
import { createTestDelivery, runDelivery, type TSendDeps } from "./deliveries";
import { loadEndpoint, type TEndpointOwner } from "./endpoints";
import { oneDelivery } from "./log";

/**
 * "Send test lead", step one (in the request's transaction): the endpoint must be the owner's; a test
 * delivery is stored, pending. Step two sends it after the commit.
 */
export async function prepareTestDelivery(
  deps: Pick<TDeps, "database">,
  owner: TEndpointOwner,
  endpointId: string,
): Promise<TTestDeliveryResult> {
  if (!owner.canManage) throw forbidden(LEAD_DELIVERY_MESSAGES.PERMISSION);
  const endpoint = await loadEndpoint(deps, owner, endpointId);
  const id = await createTestDelivery(deps, endpoint);
  return {
    message: LEAD_DELIVERY_MESSAGES.TEST_FAILED,
    delivery: await oneDelivery(deps, owner.companyId, id),
  };
}

/** Step two: one signed attempt with the sample lead, no retries; answers the delivery with its log. */
export async function sendTestDelivery(
  deps: TSendDeps,
  owner: TEndpointOwner,
  deliveryId: string,
): Promise<TTestDeliveryResult> {
  const result = await runDelivery(deps, deliveryId, { retries: false });
  const message =
    result === "accepted"
      ? LEAD_DELIVERY_MESSAGES.TEST_ACCEPTED
      : result === "rejected"
        ? LEAD_DELIVERY_MESSAGES.TEST_REJECTED
        : LEAD_DELIVERY_MESSAGES.TEST_FAILED;
  return { message, delivery: await oneDelivery(deps, owner.companyId, deliveryId) };
}
