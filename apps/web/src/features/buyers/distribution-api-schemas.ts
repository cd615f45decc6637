// The buyer distribution answer's schema, imported by ./distribution-api in development and tests only.
export { ZBuyerDistributionSchema } from "@leadpost/shared";
