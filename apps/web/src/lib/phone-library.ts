// libphonenumber-js through the product's phone rules (packages/shared/src/domain/phone.ts), as its own
// module so screens load it on first use (ON_DEMAND in on-demand.mjs): lib/phone-display.ts for the first
// number that is not a US one, usePhoneLibrary() for a field's first focus.
export { formatPhone, toE164 } from "@leadpost/shared/domain/phone";
