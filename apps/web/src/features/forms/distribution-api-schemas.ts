// The distribution answer's schema, imported by ./distribution-api in development and tests only.
export { ZFormDistributionSchema } from "@leadpost/shared";
