// libphonenumber-js's formatting, loaded by lib/phone-display.ts for the first number that is not a US one
// (its own module so that load is ON_DEMAND in on-demand.mjs).
export { formatPhone } from "@leadpost/shared/domain/phone";
