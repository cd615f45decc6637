/** Delivery of leads into the buyers' own systems: endpoints, signed POSTs with retries, the log. */

export { DEV_RECEIVER_PATH } from "./address-guard";
export {
  companyHasEndpointsColumn,
  deliverLeadToBuyers,
  LEAD_DELIVERY_JOB,
  MAX_DELIVERY_ATTEMPTS,
  RETRY_DELAY_SECONDS,
  runDeliveryJob,
  sweepDeliveries,
} from "./deliveries";
export { registerDevLeadReceiver } from "./dev-receiver";
export { registerLeadDeliveryRoutes } from "./routes";
